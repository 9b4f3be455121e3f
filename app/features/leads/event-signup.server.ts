import { randomUUID } from "node:crypto";
import { event } from "#content/event";
import type { Env } from "~/infra/env.server";
import { guardForm, idempotencyKeyFor } from "~/infra/form-guard.server";
import { eventDateLabel, eventState, eventTimeLabel, type EventState, type EventTiming } from "./event-dates";
import { closedMessage, EVENT_MESSAGES, eventSignupSchema, type EventField, type EventOutcome } from "./event-schema";
import { leadIdFor, storeLead, type EventLead } from "./signups.server";
import { leadDeps, submissionFacts, type LeadContext } from "./submission.server";

export interface EventResponse {
  outcome: EventOutcome;
  status: number;
  headers?: Record<string, string>;
}

export interface EventSchedule {
  timing: EventTiming;
  state: EventState;
  dateLabel: string;
  timeLabel: string;
}

/** The event's date (content, or EVENT_STARTS_AT) and whether it can still be joined at `now`. */
export function eventSchedule(env: Pick<Env, "EVENT_STARTS_AT">, now = new Date()): EventSchedule {
  const timing = { startsAt: env.EVENT_STARTS_AT ?? event.startsAt, timeZone: event.timeZone };
  return {
    timing,
    state: eventState(timing, now),
    dateLabel: eventDateLabel(timing),
    timeLabel: eventTimeLabel(timing),
  };
}

export async function handleEventSignup(request: Request, ctx: LeadContext): Promise<EventResponse> {
  const { services } = ctx;
  const schedule = eventSchedule(services.env);
  // A page opened before the start, sent after it: refuse before reading anything, store nothing.
  if (schedule.state.status === "passed")
    return { outcome: { status: "closed", message: closedMessage(schedule.dateLabel) }, status: 410 };
  const guard = await guardForm(request, ctx, { form: "event", accept: ["json", "form"] });
  if (!guard.ok) {
    if (guard.problem === "rate-limited")
      return { outcome: { status: "rate-limited", message: guard.message }, status: 429, headers: guard.headers };
    if (guard.problem === "bad-body")
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    // Bots get an ordinary success so they learn nothing; nothing is stored.
    return { outcome: { status: "ok", leadId: randomUUID() }, status: 200 };
  }
  const { body } = guard;
  const raw: Record<string, unknown> =
    body.type === "json"
      ? body.value && typeof body.value === "object"
        ? (body.value as Record<string, unknown>)
        : {}
      : Object.fromEntries([...body.value.entries()].filter(([, v]) => typeof v === "string"));
  const str = (v: unknown) => (typeof v === "string" ? v : "");

  const parsed = eventSignupSchema.safeParse({ ...raw, idempotencyKey: str(raw.idempotencyKey) || undefined });
  if (!parsed.success) {
    const errors: Partial<Record<EventField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "name" || field === "phone") errors[field] ??= issue.message;
    }
    // Only the page's own hidden fields (key, source) are wrong: nothing the visitor can fix under a field.
    if (Object.keys(errors).length === 0)
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    return {
      outcome: {
        status: "invalid",
        errors,
        values: { name: str(raw.name).slice(0, 200), phone: str(raw.phone).slice(0, 60) },
      },
      status: 400,
    };
  }
  const signup = parsed.data;
  const idempotencyKey = idempotencyKeyFor(signup.idempotencyKey, [signup.name, signup.phone]);
  const lead: EventLead = {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    name: signup.name,
    phone: signup.phone,
    ...submissionFacts(request, ctx, "event", signup),
  };
  const stored = await storeLead(leadDeps(ctx), "event", lead);
  if (stored.status === "failed")
    return { outcome: { status: "failed", message: EVENT_MESSAGES.databaseError }, status: 503 };
  return { outcome: { status: "ok", leadId: stored.leadId }, status: 200 };
}
