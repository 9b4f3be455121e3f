import { redirect } from "react-router";
import { captureConsent } from "~/infra/consent.server";
import { firstTouchOfRequest } from "~/infra/first-touch";
import type { Route } from "./+types/api-newsletter";
import { requireServices } from "~/context";
import { guardForm } from "~/infra/form-guard.server";
import { subscribeSchema, type SubscribeResponse } from "~/features/newsletter/schema";
import { subscribe } from "~/features/newsletter/subscribe.server";
import { newsletterMessages, newsletterPage } from "#content/newsletter";
import { elapsedOf } from "~/features/leads/held.server";
import { holdForReview } from "~/features/leads/submission.server";
import { ELAPSED_FIELD } from "~/infra/form-fields";

/**
 * POST /api/newsletter: every newsletter form. The forms send it with fetch and
 * Accept: application/json; without JavaScript the browser posts the form itself
 * and is redirected to /newsletter with the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const { logger } = ctx.services;
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const answer = (status: number, body: SubscribeResponse, page: string, headers?: HeadersInit) =>
    wantsJson
      ? Response.json(body, { status, headers })
      : redirect(`/newsletter?status=${page}`, { status: 303, headers });

  if (request.method !== "POST")
    return Response.json({ ok: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  // With SMTP a confirmation e-mail is on its way; known addresses and bots get the same answer.
  const success: SubscribeResponse = {
    ok: true,
    message: newsletterMessages.success,
    confirmByEmail: ctx.services.mailer !== null,
  };

  const guard = await guardForm(request, ctx, { form: "newsletter", accept: ["form"], holdTooFast: true });
  if (!guard.ok) {
    if (guard.problem === "bad-body") return answer(400, { ok: false, message: newsletterMessages.error }, "error");
    if (guard.problem === "rate-limited")
      return answer(429, { ok: false, message: guard.message }, "too-many", guard.headers);
    // A filled honeypot: looks like a success, so a bot learns nothing; nothing is stored.
    return answer(200, success, "subscribed");
  }
  const form = guard.body.value;
  const text = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : null;
    return typeof value === "string" ? value : undefined;
  };

  const parsed = subscribeSchema.safeParse({
    email: text("email") ?? "",
    source: text("source"),
    serviceType: text("serviceType"),
    variant: text("variant"),
    consentVersion: text("consentVersion"),
    page: text("page"),
  });
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === "email");
    const message = emailIssue?.message ?? newsletterMessages.error;
    return answer(
      400,
      { ok: false, message, ...(emailIssue ? { field: "email" as const } : {}) },
      emailIssue ? "invalid" : "error",
    );
  }

  try {
    const consent = captureConsent(request, ctx.clientIp, {
      kind: "newsletter",
      form: `newsletter-${parsed.data.variant}`,
      claimedVersion: parsed.data.consentVersion,
      page: parsed.data.page,
    });
    const facts = { firstTouch: firstTouchOfRequest(request), consent };
    if (guard.held) {
      // Sent faster than a person types: kept for the trainer's review; no e-mail goes out until she accepts.
      const kept = await holdForReview(ctx, "newsletter", guard.held, elapsedOf(text(ELAPSED_FIELD)), {
        input: parsed.data,
        ...facts,
      });
      if (kept.status === "full")
        return answer(429, { ok: false, message: kept.message }, "held-full", {
          "Retry-After": String(kept.retryAfter),
        });
      if (kept.status === "failed") return answer(500, { ok: false, message: newsletterMessages.error }, "error");
      return answer(202, { ok: true, held: true, message: newsletterPage.statuses.held.text }, "held");
    }
    await subscribe(ctx.services, parsed.data, facts);
  } catch (error) {
    logger.error({ err: error }, "newsletter subscription could not be stored");
    return answer(500, { ok: false, message: newsletterMessages.error }, "error");
  }
  return answer(200, success, "subscribed");
}
