import { createHash, randomUUID } from "node:crypto";
import type { RequestContext } from "~/infra/context";
import { leadIdFor, storeLead, type IntakeLead } from "~/features/leads/signups.server";
import { firstTouchOfRequest } from "~/infra/first-touch";
import { leadDeps, rateLimited, readSubmission, sourceUrlOf, spamCheck } from "~/features/leads/submission.server";
import { questionnaireCopy } from "./copy";
import type { IntakeOutcome } from "./outcome";
import { FORM_POST_FIELDS, flattenIssues, fromFormPost, intakeSubmissionSchema } from "./schema";

export interface IntakeResponse {
  outcome: IntakeOutcome;
  status: number;
  headers?: Record<string, string>;
}

/** The posted form fields, echoed back so the no-JavaScript form keeps what was typed. */
function echoValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FORM_POST_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 2000);
  }
  return values;
}

/**
 * The plain HTML form is prerendered, so it cannot carry a per-visitor key; a key from
 * the content and the day makes an accidental second post of the same form a no-op.
 */
function contentKey(parts: unknown): string {
  const day = new Date().toISOString().slice(0, 10);
  return `form:${createHash("sha256")
    .update(JSON.stringify([parts, day]))
    .digest("hex")}`;
}

export async function handleIntake(request: Request, ctx: RequestContext): Promise<IntakeResponse> {
  const { services } = ctx;
  const limited = await rateLimited(ctx, "intake");
  if (limited) {
    return {
      outcome: { status: "rate-limited", message: limited.message },
      status: 429,
      headers: { "Retry-After": limited.retryAfter },
    };
  }
  const body = await readSubmission(request);
  if (!body) return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
  const input = body.type === "json" ? body.value : fromFormPost(body.value);
  const values = body.type === "form" ? echoValues(body.value) : {};

  const parsed = intakeSubmissionSchema.safeParse(input);
  const honeypot =
    input && typeof input === "object" && "website" in input ? (input as { website?: unknown }).website : undefined;
  const elapsed =
    input && typeof input === "object" && "elapsedMs" in input
      ? Number((input as { elapsedMs?: unknown }).elapsedMs)
      : undefined;
  const spam = spamCheck({
    website: typeof honeypot === "string" ? honeypot : undefined,
    elapsedMs: Number.isFinite(elapsed) ? elapsed : undefined,
  });
  if (spam) {
    // Bots get an ordinary success so they learn nothing; nothing is stored.
    services.logger.warn({ form: "intake", reason: spam, ip: ctx.clientIp }, "rejected spam submission");
    return { outcome: { status: "ok", leadId: randomUUID(), name: "", email: "" }, status: 200 };
  }
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error);
    // Only the page's own hidden fields (key, source) are wrong: nothing the visitor can fix under a field.
    if (!Object.keys(errors).some((key) => key.startsWith("contact.") || key.startsWith("answers.")))
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    return { outcome: { status: "invalid", errors, values }, status: 400 };
  }

  const submission = parsed.data;
  const idempotencyKey = submission.idempotencyKey ?? contentKey([submission.answers, submission.contact]);
  const lead: IntakeLead = {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    firstName: submission.contact.firstName,
    lastName: submission.contact.lastName,
    email: submission.contact.email,
    phone: submission.contact.phone,
    answers: submission.answers,
    message: submission.contact.message || null,
    sourceUrl: sourceUrlOf(submission.sourceUrl, request, services.env.SITE_URL),
    firstTouch: firstTouchOfRequest(request),
    createdAt: new Date().toISOString(),
  };
  const stored = await storeLead(leadDeps(ctx), "intake", lead);
  const name = `${lead.firstName} ${lead.lastName}`;
  if (stored.status === "failed") {
    return {
      outcome: {
        status: "fallback",
        leadId: stored.leadId,
        name,
        email: lead.email,
        message: questionnaireCopy.submitFailed,
      },
      status: 503,
    };
  }
  return { outcome: { status: "ok", leadId: stored.leadId, name, email: lead.email }, status: 200 };
}
