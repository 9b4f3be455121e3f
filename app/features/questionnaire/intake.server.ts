import { randomUUID } from "node:crypto";
import { guardForm, idempotencyKeyFor } from "~/infra/form-guard.server";
import { leadIdFor, storeLead, type IntakeLead } from "~/features/leads/signups.server";
import { holdForReview, leadDeps, submissionFacts, type LeadContext } from "~/features/leads/submission.server";
import { elapsedOf } from "~/features/leads/held.server";
import { ELAPSED_FIELD } from "~/infra/form-fields";
import { site as seedSite } from "#content/site";
import { questionnaireCopy } from "./copy";
import type { IntakeOutcome, TrainerReach } from "./outcome";
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

/** The seed's channels, where no page passes the published ones (the seed stands in for them everywhere). */
const seedReach = async (): Promise<TrainerReach> => ({
  messagingUrl: seedSite.messagingUrl,
  email: seedSite.contactEmail,
});

/** Nothing was kept (database and outbox both failed): a 503 that never reads as "thank you". */
async function notSaved(reach: () => Promise<TrainerReach>, values: Record<string, string>): Promise<IntakeResponse> {
  return {
    outcome: { status: "not-saved", message: questionnaireCopy.notSaved, reach: await reach(), values },
    status: 503,
    headers: { "Retry-After": "300" },
  };
}

/** `reach`: the trainer's published channels (the page reads them from the site's content). */
export async function handleIntake(
  request: Request,
  ctx: LeadContext,
  reach: () => Promise<TrainerReach> = seedReach,
): Promise<IntakeResponse> {
  const guard = await guardForm(request, ctx, { form: "intake", accept: ["json", "form"], holdTooFast: true });
  if (!guard.ok) {
    if (guard.problem === "rate-limited")
      return { outcome: { status: "rate-limited", message: guard.message }, status: 429, headers: guard.headers };
    if (guard.problem === "bad-body")
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    // A filled honeypot: bots get an ordinary success so they learn nothing; nothing is stored.
    return { outcome: { status: "ok", leadId: randomUUID(), name: "", email: "" }, status: 200 };
  }
  const { body } = guard;
  const input = body.type === "json" ? body.value : fromFormPost(body.value);
  const values = body.type === "form" ? echoValues(body.value) : {};

  const parsed = intakeSubmissionSchema.safeParse(input);
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error);
    // Only the page's own hidden fields (key, source) are wrong: nothing the visitor can fix under a field.
    if (!Object.keys(errors).some((key) => key.startsWith("contact.") || key.startsWith("answers.")))
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    return { outcome: { status: "invalid", errors, values }, status: 400 };
  }

  const submission = parsed.data;
  // The plain HTML form is the same for every visitor (pages are revalidated by content revision,
  // server/page-cache.ts), so it cannot carry a per-visitor key.
  const idempotencyKey = idempotencyKeyFor(submission.idempotencyKey, [submission.answers, submission.contact]);
  const lead: IntakeLead = {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    firstName: submission.contact.firstName,
    lastName: submission.contact.lastName,
    email: submission.contact.email,
    phone: submission.contact.phone,
    answers: submission.answers,
    message: submission.contact.message || null,
    ...submissionFacts(request, ctx, "intake", submission),
  };
  const name = `${lead.firstName} ${lead.lastName}`;
  if (guard.held) {
    const kept = await holdForReview(ctx, "intake", guard.held, elapsedOf(submission[ELAPSED_FIELD]), lead);
    if (kept.status === "held")
      return { outcome: { status: "ok", leadId: lead.id, name, email: lead.email, held: true }, status: 202 };
    if (kept.status === "full")
      return {
        outcome: { status: "rate-limited", message: kept.message, values },
        status: 429,
        headers: { "Retry-After": String(kept.retryAfter) },
      };
    return notSaved(reach, values);
  }
  const stored = await storeLead(leadDeps(ctx), "intake", lead);
  if (stored.status === "failed") return notSaved(reach, values);
  return { outcome: { status: "ok", leadId: stored.leadId, name, email: lead.email }, status: 200 };
}
