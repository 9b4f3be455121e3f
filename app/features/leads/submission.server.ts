import type { Database } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { FormGuardContext } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import type { Outbox } from "./outbox.server";
import { captureConsent } from "~/infra/consent.server";
import { firstTouchOfRequest } from "~/infra/first-touch";
import type { LeadDeps, LeadKind } from "./signups.server";
import type { TrainerPush } from "~/infra/push.server";

/** What a lead form's action needs from the request context (the server's AppServices has it all). */
export interface LeadContext extends FormGuardContext {
  services: FormGuardContext["services"] & {
    env: Pick<Env, "SITE_URL" | "TRAINER_EMAIL" | "RATE_LIMIT_FORMS_PER_MINUTE" | "EVENT_STARTS_AT">;
    database: Pick<Database, "db">;
    outbox: Outbox;
    mailer: Mailer | null;
    logger: Logger;
    push: TrainerPush | null;
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
    mailer: services.mailer,
    logger: services.logger,
    trainerEmail: services.env.TRAINER_EMAIL,
    siteUrl: services.env.SITE_URL,
    push: services.push,
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
