import type { Database } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { FormGuardContext } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { Outbox } from "./outbox.server";
import { anonymiseAddress, captureConsent } from "~/infra/consent.server";
import { firstTouchOfRequest } from "~/infra/first-touch";
import type { LeadDeps, LeadKind } from "./signups.server";
import type { Messages } from "~/features/messages/messages.server";
import type { FollowUps } from "~/features/follow-ups/follow-ups.server";
import { heldFullAnswer, holdSubmission, type ContactReader, type HeldForm } from "./held.server";
import type { HoldReason } from "~/infra/form-guard.server";

/** What a lead form's action needs from the request context (the server's AppServices has it all). */
export interface LeadContext extends FormGuardContext {
  services: FormGuardContext["services"] & {
    env: Pick<
      Env,
      | "SITE_URL"
      | "TRAINER_EMAIL"
      | "RATE_LIMIT_FORMS_PER_MINUTE"
      | "EVENT_STARTS_AT"
      | "HELD_LIMIT_PER_DAY"
      | "HELD_LIMIT_PER_NETWORK_PER_DAY"
    >;
    database: Pick<Database, "db">;
    outbox: Outbox;
    messages: Pick<Messages, "send">;
    logger: Logger;
    /** The published contact details, for the answer when held submissions are at their limit. */
    content: ContactReader;
    followUps: FollowUps | null;
  };
}

/** Full address of the page the form was on: a same-site path or URL, else the Referer. */
export function sourceUrlOf(claimed: string | undefined, request: Request, siteUrl: string): string | null {
  const candidates = [claimed, request.headers.get("referer") ?? undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, `${siteUrl}/`);
      if (url.protocol === "http:" || url.protocol === "https:") return url.toString().slice(0, 2000);
    } catch {
      // not a URL: try the next source
    }
  }
  return null;
}

export function leadDeps(ctx: LeadContext): LeadDeps {
  const { services } = ctx;
  return {
    db: services.database.db,
    outbox: services.outbox,
    messages: services.messages,
    logger: services.logger,
    trainerEmail: services.env.TRAINER_EMAIL,
    siteUrl: services.env.SITE_URL,
    followUps: services.followUps,
  };
}

/**
 * What every stored lead carries besides the visitor's own fields: the page it was sent from, what
 * first brought the visitor, the time, and the proof of consent (the form's kind names the form).
 */
export function submissionFacts(
  request: Request,
  ctx: LeadContext,
  kind: LeadKind,
  claimed: { sourceUrl?: string; consentVersion?: string },
) {
  return {
    sourceUrl: sourceUrlOf(claimed.sourceUrl, request, ctx.services.env.SITE_URL),
    firstTouch: firstTouchOfRequest(request),
    createdAt: new Date().toISOString(),
    consent: captureConsent(request, ctx.clientIp, {
      kind,
      form: kind,
      claimedVersion: claimed.consentVersion,
      page: claimed.sourceUrl,
    }),
  };
}

/**
 * Holds a too-fast submission for review within the day's limits (decision 057). `full` carries
 * the visitor's text naming the trainer's e-mail and messaging link, and when to try again.
 */
export async function holdForReview(
  ctx: LeadContext,
  form: HeldForm,
  reason: HoldReason,
  elapsedMs: number | null,
  payload: unknown,
): Promise<{ status: "held" } | { status: "failed" } | { status: "full"; message: string; retryAfter: number }> {
  const { services } = ctx;
  const outcome = await holdSubmission(
    {
      db: services.database.db,
      outbox: services.outbox,
      logger: services.logger,
      rateLimit: (key, limit, windowSeconds) => services.rateLimit(key, limit, windowSeconds),
      limits: {
        perDay: services.env.HELD_LIMIT_PER_DAY,
        perNetworkPerDay: services.env.HELD_LIMIT_PER_NETWORK_PER_DAY,
      },
    },
    form,
    reason,
    elapsedMs,
    payload,
    anonymiseAddress(ctx.clientIp),
  );
  if (outcome.status !== "full") return outcome;
  return { ...outcome, message: await heldFullAnswer(services.content) };
}
