import { readableAnswers } from "./labels";

/** What the back office needs of an outbox dead letter (app/features/leads/outbox.server.ts). */
export interface DeadLetterInput {
  id: string;
  kind: string;
  payload: unknown;
  createdAt: string;
  deadAt: string;
  attempts: number;
  lastError?: string;
}

export interface DeadLetterField {
  label: string;
  value: string;
  /** mailto: or tel: so the trainer can get in touch straight from the list. */
  href?: string;
}

export interface DeadLetterView {
  id: string;
  form: string;
  receivedAt: string;
  deadAt: string;
  attempts: number;
  error: string;
  fields: DeadLetterField[];
}

const FORMS: Record<string, string> = {
  intake: "Intake questionnaire",
  event: "Event signup",
  newsletter: "Newsletter",
};

/** Control characters (the usual reason a submission could not be stored), except line breaks. */
// eslint-disable-next-line no-control-regex -- making control characters visible is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Shown as visible marks, so the trainer sees why it failed and can still read the rest. */
const visible = (value: string) =>
  value.replace(CONTROL, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}⟩`);

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * A submission that could never be stored, laid out for the trainer: who it is from and how
 * to reach them first, then what they answered. Unknown payload fields are shown as they are,
 * so nothing the visitor sent is hidden.
 */
export function describeDeadLetter(entry: DeadLetterInput): DeadLetterView {
  const payload = (entry.payload && typeof entry.payload === "object" ? entry.payload : {}) as Record<string, unknown>;
  const fields: DeadLetterField[] = [];
  const add = (label: string, value: unknown, href?: (v: string) => string) => {
    const v = text(value).trim();
    if (v) fields.push({ label, value: visible(v), ...(href ? { href: href(v) } : {}) });
  };
  const name = [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(" ") || text(payload.name);
  add("Name", name);
  add("E-mail", payload.email, (v) => `mailto:${encodeURIComponent(v).replace(/%40/g, "@")}`);
  add("Phone", payload.phone, (v) => `tel:${v.replace(/[^\d+]/g, "")}`);
  add("Message", payload.message);
  if (payload.answers && typeof payload.answers === "object") {
    for (const line of readableAnswers(payload.answers as Record<string, unknown>)) add(line.question, line.answer);
  }
  add("Source", payload.source ?? payload.sourceUrl);
  const shown = new Set([
    "firstName",
    "lastName",
    "name",
    "email",
    "phone",
    "message",
    "answers",
    "source",
    "sourceUrl",
  ]);
  const internal = new Set(["id", "idempotencyKey", "createdAt", "at", "status"]);
  for (const [key, value] of Object.entries(payload)) {
    if (shown.has(key) || internal.has(key)) continue;
    add(key, typeof value === "object" && value !== null ? JSON.stringify(value) : value);
  }
  return {
    id: entry.id,
    form: FORMS[entry.kind] ?? entry.kind,
    receivedAt: entry.createdAt,
    deadAt: entry.deadAt,
    attempts: entry.attempts,
    error: entry.lastError ?? "unknown",
    fields,
  };
}
