import "~/infra/zod-config";
import { createHash } from "node:crypto";
import { and, count, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { consentCaptureSchema, recordConsent } from "~/infra/consent.server";
import { firstTouchSchema } from "~/infra/first-touch";
import { signups } from "#db/schema";
import { lockEntryData } from "~/features/content/store.server";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { PushMessage } from "~/infra/push.server";
import type { Messages } from "~/features/messages/messages.server";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { afterEventPlace, afterQuestionnaire, type FollowUps } from "~/features/follow-ups/follow-ups.server";
import type { Outbox } from "./outbox.server";
import { answerLabel, answerTitles, FORM_NAMES, type AnswerNumber } from "./vocabulary";

/**
 * Storing leads so that none is lost: the row goes to the database; when the database
 * cannot take it, the same record goes to the durable outbox and is replayed later with
 * the same id and idempotency key, so a lead is stored exactly once either way.
 */
const base = {
  id: z.uuid(),
  idempotencyKey: z.string().min(1),
  sourceUrl: z.string().nullable(),
  /** Submission time, kept through the outbox so a replayed lead keeps its real date. */
  createdAt: z.iso.datetime(),
  /** What first brought the visitor (first-touch.ts); absent on entries queued before it existed. */
  firstTouch: firstTouchSchema.nullable().optional(),
  /** Proof of consent taken with the submission; absent on entries queued before it existed. */
  consent: consentCaptureSchema.optional(),
};

export const intakeLeadSchema = z.object({
  ...base,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  answers: z.record(z.string(), z.string()),
  message: z.string().nullable(),
});

export const eventLeadSchema = z.object({
  ...base,
  name: z.string(),
  phone: z.string(),
  /** For the event's confirmation, reminder and waiting-list messages; optional (docs/decisions/079). */
  email: z.string().optional(),
  /** The event's content key; absent on entries queued before events were kept in the database. */
  eventKey: z.string().optional(),
});

export type IntakeLead = z.infer<typeof intakeLeadSchema>;
export type EventLead = z.infer<typeof eventLeadSchema>;
export type LeadKind = "intake" | "event";

export interface LeadDeps {
  db: Db;
  outbox: Outbox;
  /** The message engine: the trainer's e-mail and push about the lead go out through it. */
  messages: Pick<Messages, "send">;
  logger: Logger;
  trainerEmail: string;
  /** For the links in the trainer's alerts. */
  siteUrl: string;
  /** The questionnaire's nudge and an event place's messages are planned through these (none when null). */
  followUps: FollowUps | null;
}

/**
 * The lead id follows from the idempotency key, so a retry that lands in the outbox
 * while the database is down still tells the visitor (and the scheduler) the same id.
 */
export function leadIdFor(idempotencyKey: string): string {
  const hex = createHash("sha256").update(`lead:${idempotencyKey}`).digest("hex");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function rowOf(kind: LeadKind, lead: IntakeLead | EventLead) {
  const common = {
    id: lead.id,
    idempotencyKey: lead.idempotencyKey,
    sourceUrl: lead.sourceUrl,
    firstTouch: lead.firstTouch ?? null,
    createdAt: new Date(lead.createdAt),
  };
  if (kind === "intake") {
    const intake = lead as IntakeLead;
    return {
      ...common,
      formName: FORM_NAMES.intake,
      firstName: intake.firstName,
      lastName: intake.lastName,
      name: `${intake.firstName} ${intake.lastName}`.trim(),
      email: intake.email,
      phone: intake.phone,
      answers: intake.answers,
      message: intake.message,
    };
  }
  const event = lead as EventLead;
  return {
    ...common,
    formName: FORM_NAMES.event,
    name: event.name,
    phone: event.phone,
    email: event.email ?? null,
    eventKey: event.eventKey,
  };
}

/**
 * Whether an event signup gets a place or joins the waiting list, decided inside the signup's
 * transaction: the event's row is locked first, so two signups racing for the last place are
 * counted one after the other and exactly one of them gets it (on every instance: the lock is in
 * the database).
 */
async function joinsWaitingList(tx: Db, eventKey: string): Promise<boolean> {
  const entry = await lockEntryData(tx, "event", eventKey);
  const data = (entry?.published ?? entry?.draft) as { capacity?: unknown } | null | undefined;
  const capacity = typeof data?.capacity === "number" ? data.capacity : undefined;
  if (capacity === undefined) return false;
  const [taken] = await tx
    .select({ n: count() })
    .from(signups)
    // A signup the trainer cancelled holds no place (event-signups.server.ts, CANCELLED).
    .where(and(eq(signups.eventKey, eventKey), eq(signups.waitlisted, false), ne(signups.status, "cancelled")));
  return (taken?.n ?? 0) >= capacity;
}

/** Idempotent insert: a second call with the same key returns the first row's id. */
export async function writeLead(
  db: Db,
  kind: LeadKind,
  lead: IntakeLead | EventLead,
): Promise<{ id: string; inserted: boolean; waitlisted: boolean }> {
  // The lead and its proof of consent are stored together or not at all.
  const inserted = await db.transaction(async (tx) => {
    const eventKey = kind === "event" ? (lead as EventLead).eventKey : undefined;
    const waitlisted = eventKey ? await joinsWaitingList(tx, eventKey) : false;
    const rows = await tx
      .insert(signups)
      .values({ ...rowOf(kind, lead), waitlisted })
      .onConflictDoNothing({ target: signups.idempotencyKey })
      .returning({ id: signups.id, waitlisted: signups.waitlisted });
    if (rows[0] && lead.consent) await recordConsent(tx, { signupId: rows[0].id }, "signup", lead.consent);
    return rows;
  });
  if (inserted[0]) return { id: inserted[0].id, inserted: true, waitlisted: inserted[0].waitlisted };
  const [existing] = await db
    .select({ id: signups.id, waitlisted: signups.waitlisted })
    .from(signups)
    .where(eq(signups.idempotencyKey, lead.idempotencyKey))
    .limit(1);
  if (!existing) throw new Error("signup conflicted but no row holds its idempotency key");
  return { id: existing.id, inserted: false, waitlisted: existing.waitlisted };
}

export type StoreResult =
  /** In the database. */
  | { status: "stored"; leadId: string; waitlisted: boolean }
  /** In the outbox; replayed into the database when it is back. The visitor's lead is safe. */
  | { status: "queued"; leadId: string }
  /** Neither the database nor the outbox took it. */
  | { status: "failed"; leadId: string };

export async function storeLead(deps: LeadDeps, kind: LeadKind, lead: IntakeLead | EventLead): Promise<StoreResult> {
  try {
    const result = await writeLead(deps.db, kind, lead);
    // Queued on every store, not only the first: the key makes it one notice, and a process that
    // stopped between the two writes still gets it queued by the visitor's retry or the replay.
    await notifyTrainer(deps, kind, lead, result.waitlisted);
    if (kind === "intake") await afterQuestionnaire(deps.followUps, deps.db, lead as IntakeLead);
    else if (!result.waitlisted) await afterEventPlace(deps.followUps, deps.db, result.id, "signed-up");
    return { status: "stored", leadId: result.id, waitlisted: result.waitlisted };
  } catch (error) {
    deps.logger.error({ err: error, kind, leadId: lead.id }, "storing a lead failed, trying the outbox");
  }
  try {
    await deps.outbox.append(kind, lead);
    return { status: "queued", leadId: lead.id };
  } catch (error) {
    deps.logger.fatal({ err: error, kind, leadId: lead.id }, "lead lost: database and outbox both failed");
    return { status: "failed", leadId: lead.id };
  }
}

/** The outbox's replay of one queued lead: same idempotent write, then the notification. */
export function replayHandler(kind: LeadKind, deps: Omit<LeadDeps, "outbox">) {
  const schema = kind === "intake" ? intakeLeadSchema : eventLeadSchema;
  return async (payload: unknown): Promise<void> => {
    const lead = schema.parse(payload);
    const result = await writeLead(deps.db, kind, lead);
    await notifyTrainer(deps, kind, lead, result.waitlisted);
    if (kind === "intake") await afterQuestionnaire(deps.followUps, deps.db, lead as IntakeLead);
    else if (!result.waitlisted) await afterEventPlace(deps.followUps, deps.db, result.id, "signed-up");
  };
}

/** The back-office page where the trainer answers this lead. */
export function leadPageUrl(siteUrl: string, kind: LeadKind, leadId: string): string {
  return kind === "intake" ? `${siteUrl}/admin/leads/${leadId}` : `${siteUrl}/admin/event-signups`;
}

/** The push notification for a new lead: who, and what they want; a tap opens the lead. */
export function leadPush(
  siteUrl: string,
  kind: LeadKind,
  lead: IntakeLead | EventLead,
  waitlisted = false,
): PushMessage {
  const url = leadPageUrl(siteUrl, kind, lead.id);
  const tag = `lead-${lead.id}`;
  if (kind === "event")
    return {
      title: waitlisted ? "New name on the event's waiting list" : "New event signup",
      body: oneLine((lead as EventLead).name),
      url,
      tag,
    };
  const intake = lead as IntakeLead;
  const goal = intake.answers.q1 ? answerLabel(1, intake.answers.q1) : "intake";
  return { title: "New lead", body: oneLine(`${intake.firstName} ${intake.lastName}: ${goal}`), url, tag };
}

/**
 * The trainer's e-mail and push about a new lead, queued in the message engine once per lead (its
 * id is the key): a relay or push service that is away delays them, never loses them.
 */
export async function notifyTrainer(
  deps: Pick<LeadDeps, "db" | "messages" | "trainerEmail" | "siteUrl">,
  kind: LeadKind,
  lead: IntakeLead | EventLead,
  waitlisted = false,
): Promise<void> {
  const link = leadPageUrl(deps.siteUrl, kind, lead.id);
  const message =
    kind === "intake" ? intakeMail(lead as IntakeLead, link) : eventMail(lead as EventLead, link, waitlisted);
  await deps.messages.send(
    {
      key: `lead-notice:${lead.id}:push`,
      kind: "lead-notice",
      about: lead.id,
      channel: "push",
      payload: leadPush(deps.siteUrl, kind, lead, waitlisted),
    },
    deps.db,
  );
  await deps.messages.send(
    {
      key: `lead-notice:${lead.id}:email`,
      kind: "lead-notice",
      about: lead.id,
      channel: "email",
      payload: {
        to: deps.trainerEmail,
        ...message,
        ...(kind === "intake" ? { replyTo: (lead as IntakeLead).email } : {}),
      },
    },
    deps.db,
  );
}

/** Strips line breaks so a visitor's input can never add mail headers through the subject. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").slice(0, 120);

/** "2026-11-24 19:52 +01:00" for a lead's ISO time, as the trainer reads the clock. */
const whenReceived = (iso: string) => amsterdamDateTime(new Date(iso));

export function intakeMail(lead: IntakeLead, link: string): { subject: string; text: string } {
  const answers = Object.fromEntries(
    Object.entries(lead.answers).map(([k, v]) => [Number(k.replace("q", "")), v]),
  ) as Partial<Record<AnswerNumber, string>>;
  const answerLines = ([1, 2, 3, 4, 5] as const)
    .filter((n) => answers[n] !== undefined)
    .map((n) => `${answerTitles[n]}: ${answerLabel(n, answers[n] ?? "")}`);
  const goal = answers[1] ? answerLabel(1, answers[1]) : "intake";
  return {
    subject: oneLine(`New intake: ${lead.firstName} ${lead.lastName} (${goal})`),
    text: [
      `A new intake questionnaire came in on ${whenReceived(lead.createdAt)}.`,
      `Answer it: ${link}`,
      "",
      `Name: ${lead.firstName} ${lead.lastName}`,
      `Email: ${lead.email}`,
      `Phone: ${lead.phone}`,
      ...answerLines,
      `Message: ${lead.message || "(none)"}`,
      `Page: ${lead.sourceUrl ?? "(unknown)"}`,
      `Lead id: ${lead.id}`,
    ].join("\n"),
  };
}

export function eventMail(lead: EventLead, link: string, waitlisted = false): { subject: string; text: string } {
  return {
    subject: oneLine(waitlisted ? `Event waiting list: ${lead.name}` : `New event signup: ${lead.name}`),
    text: [
      waitlisted
        ? `The event is full; a new name joined its waiting list on ${whenReceived(lead.createdAt)}.`
        : `A new signup for the event came in on ${whenReceived(lead.createdAt)}.`,
      ...(lead.eventKey ? [`Event: ${lead.eventKey}`] : []),
      `All signups: ${link}`,
      "",
      `Name: ${lead.name}`,
      `Phone: ${lead.phone}`,
      ...(lead.email ? [`Email: ${lead.email}`] : []),
      `Lead id: ${lead.id}`,
    ].join("\n"),
  };
}

/** Every stored signup, intake and event alike (the metrics' lead gauge). */
export async function countSignups(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(signups);
  return row?.value ?? 0;
}
