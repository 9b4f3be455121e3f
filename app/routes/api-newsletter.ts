import { redirect } from "react-router";
import { firstTouchOfRequest } from "~/infra/first-touch";
import type { Route } from "./+types/api-newsletter";
import { requireServices } from "~/infra/context";
import { enforceFormRateLimit, HONEYPOT_FIELD, spamReason } from "~/infra/form-guard.server";
import { subscribeSchema, type SubscribeResponse } from "~/features/newsletter/schema";
import { subscribe } from "~/features/newsletter/subscribe.server";
import { newsletterMessages } from "#content/newsletter";

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

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(400, { ok: false, message: newsletterMessages.error }, "error");
  }

  try {
    await enforceFormRateLimit(ctx, "newsletter");
  } catch (error) {
    const init = (error as { init?: ResponseInit | null }).init;
    const message = (error as { data?: { message?: string } }).data?.message ?? newsletterMessages.error;
    return answer(429, { ok: false, message }, "too-many", init?.headers);
  }

  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const elapsed = Number(text("elapsedMs"));
  const spam = spamReason({
    honeypot: text(HONEYPOT_FIELD),
    startedAt: Number.isFinite(elapsed) && elapsed > 0 ? Date.now() - elapsed : undefined,
  });
  if (spam) {
    // Looks like a success, so a bot learns nothing; nothing is stored.
    logger.info({ reason: spam }, "newsletter submission dropped as spam");
    return answer(200, { ok: true, message: newsletterMessages.success }, "subscribed");
  }

  const parsed = subscribeSchema.safeParse({
    email: text("email") ?? "",
    source: text("source"),
    serviceType: text("serviceType"),
    variant: text("variant"),
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
    await subscribe(ctx.services, parsed.data, { firstTouch: firstTouchOfRequest(request) });
  } catch (error) {
    logger.error({ err: error }, "newsletter subscription could not be stored");
    return answer(500, { ok: false, message: newsletterMessages.error }, "error");
  }
  return answer(200, { ok: true, message: newsletterMessages.success }, "subscribed");
}
