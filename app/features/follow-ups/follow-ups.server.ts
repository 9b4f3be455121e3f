import { createHash } from "node:crypto";
import { z } from "zod";
import { site } from "#content/site";
import { eq } from "drizzle-orm";
import { followUpSettings, followUpStops } from "#db/schema";
import { publishedEntryData } from "~/features/content/store.server";
import type { Db } from "~/infra/db.server";
import type { MailMessage } from "~/infra/mail.server";
import type { Messages, NewMessage } from "~/features/messages/messages.server";
import { cancelPlanned, queuedKeys, reschedule } from "~/features/messages/plan.server";
import { instantOf } from "~/infra/zoned-time";
import { openStopToken, sealStopToken } from "./token.server";
import { calendarFile } from "./ics";
import { followUpMail } from "./mail.server";
import {
  AUTOMATIONS,
  callReminders,
  eventReminderTime,
  eventThanksTime,
  fillTemplate,
  KIND_PREFIX,
  kindOf,
  lawfulGroundRefusal,
  mapLink,
  markdownText,
  nudgeTime,
  safeLink,
  sendTime,
  timeLabel,
  type Automation,
} from "./rules";
import { DEFAULT_TEXTS, NEWSLETTER_INVITATION } from "./texts";

/**
 * Plans the follow-ups (docs/decisions/069) as rows of the message engine with a future
 * `not_before`, and takes them back when their cause goes away. Each is keyed by its cause, so a
 * replayed web hook or a second instance plans it once; each carries the stop link.
 */

export interface FollowUpConfig {
  siteUrl: string;
  /** The site's secret: seals the stop links. */
  secret: string;
  /** SCHEDULING_URL: where a lead books the intake call. */
  bookingUrl: string;
  /** Her WhatsApp link (content/site.ts messagingUrl). */
  whatsAppUrl: string;
}

export const followUpConfigOf = (
  env: { SITE_URL: string; SCHEDULING_URL: string },
  secret: string,
): FollowUpConfig => ({
  siteUrl: env.SITE_URL,
  secret,
  bookingUrl: env.SCHEDULING_URL,
  whatsAppUrl: site.messagingUrl,
});

/**
 * What the follow-ups ask of the features that own the people they write to: leads, scheduling and
 * the newsletter all sit above follow-ups, so the composition root (server/follow-up-people.ts)
 * passes their functions in.
 */
export interface FollowUpPeople {
  /** The newsletter: the mail server refused the address for good. */
  isSuppressed(db: Db, email: string): Promise<boolean>;
  /** The newsletter: the address's subscriber, even an ended one. */
  subscriberIdByEmail(db: Db, email: string): Promise<string | null>;
  /** Leads: a lead's address and first name. */
  leadContact(db: Db, leadId: string): Promise<{ email: string | null; firstName: string | null } | undefined>;
  /** Leads: an event signup. */
  eventSignupOf(
    db: Db,
    signupId: string,
  ): Promise<
    { id: string; name: string | null; email: string | null; eventKey: string | null; waitlisted: boolean } | undefined
  >;
  /** Scheduling: the lead has a call booked now. */
  hasBookedCall(db: Db, leadId: string): Promise<boolean>;
  /** Scheduling: the lead's latest booking by its start. */
  latestBookingOf(db: Db, leadId: string): Promise<{ provider: string; externalId: string } | undefined>;
}

export interface FollowUpDeps {
  /** The database, or the transaction that stores the cause (a booking), so both stand or neither. */
  db: Db;
  messages: Pick<Messages, "send">;
  config: FollowUpConfig;
  people: FollowUpPeople;
  now: Date;
}

/**
 * The follow-ups of this process: the engine, the addresses and the clock. Made once by the
 * composition root (server/services.ts, `services.followUps`) and passed down to the causes whose
 * callers hold only a database (a stored lead, her status change, the waiting list); null where
 * nothing is to be planned (scripts).
 */
export interface FollowUps {
  messages: Pick<Messages, "send">;
  config: FollowUpConfig;
  people: FollowUpPeople;
  now: () => Date;
}

export const createFollowUps = (
  messages: Pick<Messages, "send">,
  config: FollowUpConfig,
  people: FollowUpPeople,
  now: () => Date = () => new Date(),
): FollowUps => ({ messages, config, people, now });

/** The planner's dependencies for one cause, in its database or transaction; null without follow-ups. */
export function followUpsFor(followUps: FollowUps | null | undefined, db: Db): FollowUpDeps | null {
  return followUps
    ? { messages: followUps.messages, config: followUps.config, people: followUps.people, db, now: followUps.now() }
    : null;
}

export type PlanOutcome =
  | { planned: true; id: string; created: boolean }
  | { planned: false; reason: "refused" | "off" | "stopped" | "suppressed" | "no-mail"; detail?: string };

interface FollowUpInput {
  automation: Automation;
  key: string;
  about: string;
  to: string;
  due: Date;
  /** Words from a person or a provider: escaped inside the Markdown. */
  text: Record<string, string>;
  /** https links (checked by the caller with safeLink or built here). */
  links: Record<string, string>;
  /** A confirmed newsletter subscription, for an automation on that ground. */
  newsletterConsent?: boolean;
  attachments?: MailMessage["attachments"];
}

export const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** The one-click stop link under every follow-up. */
export const stopLink = (config: FollowUpConfig, email: string) =>
  `${config.siteUrl}/follow-ups/stop?token=${sealStopToken(config.secret, email.trim().toLowerCase())}`;

/** Why no follow-up may go to this address: she used a stop link, or the mail server refused it for good. */
export async function blockedFor(
  db: Db,
  email: string,
  isSuppressed: FollowUpPeople["isSuppressed"],
): Promise<"stopped" | "suppressed" | null> {
  const [stopped] = await db
    .select({ hash: followUpStops.emailHash })
    .from(followUpStops)
    .where(eq(followUpStops.emailHash, emailHash(email)));
  if (stopped) return "stopped";
  return (await isSuppressed(db, email)) ? "suppressed" : null;
}

/** Her switch and words for an automation: on, with the default text, until she changes them. */
export async function settingsOf(db: Db, automation: Automation) {
  const [row] = await db.select().from(followUpSettings).where(eq(followUpSettings.automation, automation));
  const defaults = DEFAULT_TEXTS[automation];
  return { enabled: row?.enabled ?? true, subject: row?.subject ?? defaults.subject, body: row?.body ?? defaults.body };
}

/** The engine's row for a follow-up, or why there is none. The lawful ground is checked first, always. */
async function prepare(
  deps: FollowUpDeps,
  input: FollowUpInput,
): Promise<NewMessage | Exclude<PlanOutcome, { planned: true }>> {
  const refusal = lawfulGroundRefusal(AUTOMATIONS[input.automation].ground, {
    newsletterConsent: input.newsletterConsent ?? false,
  });
  if (refusal) return { planned: false, reason: "refused", detail: refusal.reason };
  const to = input.to.trim().toLowerCase();
  const settings = await settingsOf(deps.db, input.automation);
  if (!settings.enabled) return { planned: false, reason: "off" };
  const blocked = await blockedFor(deps.db, to, deps.people.isSuppressed);
  if (blocked) return { planned: false, reason: blocked };
  return {
    key: input.key,
    kind: kindOf(input.automation),
    about: input.about,
    channel: "email",
    notBefore: sendTime(input.automation, input.due),
    payload: composeFollowUp(deps.config, to, settings, input),
  };
}

/**
 * Her subject and body filled for one person: words escaped inside the Markdown, links as they
 * are. The planner, the page's preview and its test to herself all use this one.
 */
export function composeFollowUp(
  config: FollowUpConfig,
  to: string,
  texts: { subject: string; body: string },
  input: Pick<FollowUpInput, "text" | "links" | "attachments">,
): MailMessage {
  const values = {
    ...Object.fromEntries(Object.entries(input.text).map(([k, v]) => [k, markdownText(v)])),
    ...input.links,
  };
  return followUpMail({
    to,
    subject: fillTemplate(texts.subject, { ...input.text, ...input.links })
      .replace(/[\r\n]+/g, " ")
      .slice(0, 200),
    markdown: fillTemplate(texts.body, values),
    siteUrl: config.siteUrl,
    stopUrl: stopLink(config, to),
    attachments: input.attachments,
  });
}

/** Plans one follow-up (once per key), unless its ground, her switch, a stop or a suppression says no. */
export async function planFollowUp(deps: FollowUpDeps, input: FollowUpInput): Promise<PlanOutcome> {
  const message = await prepare(deps, input);
  if ("planned" in message) return message;
  const queued = await deps.messages.send(message, deps.db);
  return queued ? { planned: true, ...queued } : { planned: false, reason: "no-mail" };
}

const firstNameOf = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? "";

/** The booking page with the lead's id, so the booking it makes finds her lead (utm_content). */
function bookingLinkFor(config: FollowUpConfig, leadId: string | null): string {
  if (!leadId) return config.bookingUrl;
  const url = new URL(config.bookingUrl);
  url.searchParams.set("utm_content", leadId);
  return url.toString();
}

// ——— The intake call ———

export interface CallBooking {
  provider: string;
  externalId: string;
  email: string | null;
  name: string | null;
  startsAt: Date | null;
  leadId: string | null;
  timeZone: string | null;
  how: string | null;
  rescheduleUrl: string | null;
  cancelUrl: string | null;
}

export const bookingAbout = (provider: string, externalId: string) => `booking:${provider}:${externalId}`;
const CALL_REMINDERS = [kindOf("call-24h"), kindOf("call-1h")];

function callInput(
  deps: FollowUpDeps,
  booking: CallBooking,
  automation: "call-24h" | "call-1h",
  at: Date,
): FollowUpInput {
  return {
    automation,
    key: `${kindOf(automation)}:${booking.provider}:${booking.externalId}`,
    about: bookingAbout(booking.provider, booking.externalId),
    to: booking.email!,
    due: at,
    text: {
      firstName: firstNameOf(booking.name),
      callTime: timeLabel(booking.startsAt!, booking.timeZone ?? ""),
      how: booking.how ?? "The details are in the booking confirmation you received.",
    },
    links: {
      rescheduleLink: safeLink(booking.rescheduleUrl) ?? bookingLinkFor(deps.config, booking.leadId),
      cancelLink: safeLink(booking.cancelUrl) ?? bookingLinkFor(deps.config, booking.leadId),
    },
  };
}

/** A booked call: the 24-hour and 1-hour reminders that are still ahead; the lead's nudge is no longer needed. */
export async function planCallReminders(deps: FollowUpDeps, booking: CallBooking): Promise<PlanOutcome[]> {
  if (booking.leadId) await cancelNudge(deps.db, booking.leadId, deps.now);
  if (!booking.email || !booking.startsAt) return [];
  const outcomes: PlanOutcome[] = [];
  for (const { automation, at } of callReminders(booking.startsAt, deps.now))
    outcomes.push(await planFollowUp(deps, callInput(deps, booking, automation, at)));
  return outcomes;
}

/** A cancelled call: its reminders that have not gone yet are cancelled. */
export const cancelCallReminders = (db: Db, provider: string, externalId: string, now: Date) =>
  cancelPlanned(db, { about: bookingAbout(provider, externalId), kinds: CALL_REMINDERS }, now);

/**
 * A call moved to another time (and booking id): its planned reminders move with it, with the
 * new time in their words; one whose moment has passed is cancelled, one that had already gone is
 * planned again for the new time.
 */
export async function moveCallReminders(
  deps: FollowUpDeps,
  previousExternalId: string,
  booking: CallBooking,
): Promise<void> {
  const oldAbout = bookingAbout(booking.provider, previousExternalId);
  if (!booking.email || !booking.startsAt) {
    await cancelPlanned(deps.db, { about: oldAbout, kinds: CALL_REMINDERS }, deps.now);
    return;
  }
  const ahead = callReminders(booking.startsAt, deps.now);
  for (const automation of ["call-24h", "call-1h"] as const) {
    const waiting = (await queuedKeys(deps.db, oldAbout, kindOf(automation))).map((key) => ({ key }));
    const slot = ahead.find((r) => r.automation === automation);
    if (!slot) {
      for (const { key } of waiting) await cancelPlanned(deps.db, { key }, deps.now);
      continue;
    }
    const input = callInput(deps, booking, automation, slot.at);
    const message = await prepare(deps, input);
    let moved = false;
    if (!("planned" in message) && message.channel === "email")
      for (const { key } of waiting)
        moved =
          (await reschedule(
            deps.db,
            key,
            { notBefore: message.notBefore!, payload: message.payload, about: input.about },
            deps.now,
          )) || moved;
    else for (const { key } of waiting) await cancelPlanned(deps.db, { key }, deps.now);
    if (!moved && !("planned" in message)) await deps.messages.send(message, deps.db);
  }
}

/** A missed call (the scheduler's mark, or her status): one message with a link to book again. */
export async function planNoShow(
  deps: FollowUpDeps,
  input: { leadId: string | null; email: string | null; name: string | null; bookingRef: string | null },
): Promise<PlanOutcome | null> {
  if (!input.email) return null;
  const cause = input.bookingRef ?? `lead:${input.leadId}`;
  return planFollowUp(deps, {
    automation: "no-show",
    key: `${kindOf("no-show")}:${cause}`,
    about: input.leadId ?? cause,
    to: input.email,
    due: deps.now,
    text: { firstName: firstNameOf(input.name) },
    links: { bookingLink: bookingLinkFor(deps.config, input.leadId), whatsAppLink: deps.config.whatsAppUrl },
  });
}

/** She set a lead's status: no nudge after any status but "new"; "no-show" sends the re-book message. */
export async function afterStatusChange(
  followUps: FollowUps | null,
  db: Db,
  leadId: string,
  status: string,
): Promise<void> {
  const deps = followUpsFor(followUps, db);
  const now = deps?.now ?? new Date();
  if (status !== "new") await cancelNudge(db, leadId, now);
  if (status !== "no-show" || !deps) return;
  const lead = await deps.people.leadContact(db, leadId);
  const booking = await deps.people.latestBookingOf(db, leadId);
  await planNoShow(deps, {
    leadId,
    email: lead?.email ?? null,
    name: lead?.firstName ?? null,
    bookingRef: booking ? `${booking.provider}:${booking.externalId}` : null,
  });
}

// ——— The lead who did not book ———

/** 48 hours after the questionnaire, one message with the booking link, unless she booked already. */
export async function planNudge(
  deps: FollowUpDeps,
  lead: { id: string; email: string | null; firstName: string | null; createdAt: Date },
): Promise<PlanOutcome | null> {
  if (!lead.email) return null;
  if (await deps.people.hasBookedCall(deps.db, lead.id)) return null;
  return planFollowUp(deps, {
    automation: "nudge",
    key: `${kindOf("nudge")}:${lead.id}`,
    about: lead.id,
    to: lead.email,
    due: nudgeTime(lead.createdAt),
    text: { firstName: firstNameOf(lead.firstName) },
    links: { bookingLink: bookingLinkFor(deps.config, lead.id), whatsAppLink: deps.config.whatsAppUrl },
  });
}

/** A stored questionnaire (or its replay from the outbox): its nudge, keyed by the lead, planned once. */
export async function afterQuestionnaire(
  followUps: FollowUps | null,
  db: Db,
  lead: { id: string; email: string; firstName: string; createdAt: string },
): Promise<void> {
  const deps = followUpsFor(followUps, db);
  if (deps) await planNudge(deps, { ...lead, createdAt: new Date(lead.createdAt) });
}

export const cancelNudge = (db: Db, leadId: string, now: Date) =>
  cancelPlanned(db, { about: leadId, kinds: [kindOf("nudge")] }, now);

// ——— The event ———

/** An event as its follow-ups need it (the events feature's published event has these and more). */
export interface FollowUpEvent {
  key: string;
  start: Date;
  end: Date;
  data: {
    title: string;
    timeZone: string;
    venue: string;
    streetAddress: string;
    locality: string;
    country: string;
    bringList: string[];
  };
}

/** The fields of an event's published content the follow-ups read (its schema lives in the events feature). */
const eventContent = z.object({
  title: z.string(),
  startsLocal: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number(),
  venue: z.string(),
  streetAddress: z.string(),
  locality: z.string(),
  country: z.string(),
  bringList: z.array(z.string()),
});

interface EventSignup {
  id: string;
  email: string | null;
  name: string | null;
}

function eventTexts(event: FollowUpEvent) {
  const { data } = event;
  const place = [data.venue, data.streetAddress, data.locality, data.country].filter(Boolean).join(", ");
  return {
    text: {
      eventTitle: data.title,
      eventTime: timeLabel(event.start, data.timeZone),
      place,
      bring: data.bringList.join(", ") || "nothing special",
    },
    links: { mapLink: mapLink(place) },
    place,
  };
}

function eventAttachment(deps: FollowUpDeps, event: FollowUpEvent, signup: EventSignup, place: string) {
  const ics = calendarFile(
    {
      uid: `${event.key}-${signup.id}@${new URL(deps.config.siteUrl).hostname}`,
      start: event.start,
      end: event.end,
      summary: event.data.title,
      location: place,
      description: event.data.bringList.length ? `Bring: ${event.data.bringList.join(", ")}` : event.data.title,
      url: `${deps.config.siteUrl}/event`,
    },
    deps.now,
  );
  return [{ filename: "event.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }];
}

/**
 * A place at the event (a signup with a place, or one moved up from the waiting list): the
 * confirmation (or "a place came free") at once with the calendar file, the reminder the day before
 * with it again, and the thank-you afterwards (with the newsletter invitation only for someone who
 * has no subscription, not even an ended one).
 */
export async function planEventFollowUps(
  deps: FollowUpDeps,
  signup: EventSignup,
  event: FollowUpEvent,
  how: "signed-up" | "moved-up",
): Promise<PlanOutcome[]> {
  if (!signup.email || event.start <= deps.now) return [];
  const { text, links, place } = eventTexts(event);
  const base = { about: signup.id, to: signup.email, text: { ...text, firstName: firstNameOf(signup.name) }, links };
  const attachments = eventAttachment(deps, event, signup, place);
  const first: Automation = how === "moved-up" ? "event-place" : "event-confirmation";
  const outcomes = [
    await planFollowUp(deps, {
      ...base,
      automation: first,
      key: `${kindOf(first)}:${signup.id}`,
      due: deps.now,
      attachments,
    }),
  ];
  const reminderAt = eventReminderTime(event.start);
  if (reminderAt > deps.now)
    outcomes.push(
      await planFollowUp(deps, {
        ...base,
        automation: "event-reminder",
        key: `${kindOf("event-reminder")}:${signup.id}`,
        due: reminderAt,
        attachments,
      }),
    );
  const subscriber = await deps.people.subscriberIdByEmail(deps.db, signup.email.trim().toLowerCase());
  const invitation = subscriber
    ? ""
    : fillTemplate(NEWSLETTER_INVITATION, { newsletterLink: `${deps.config.siteUrl}/newsletter` });
  outcomes.push(
    await planFollowUp(deps, {
      ...base,
      automation: "event-thanks",
      key: `${kindOf("event-thanks")}:${signup.id}`,
      due: eventThanksTime(event.end),
      links: { ...links, newsletterInvitation: invitation },
    }),
  );
  return outcomes;
}

/** A cancelled or erased signup: its event follow-ups that have not gone are cancelled. */
export async function afterSignupCancelled(db: Db, signupId: string, now = new Date()): Promise<void> {
  await cancelPlanned(db, { about: signupId }, now);
}

/**
 * A signup that got a place (stored with one, or moved up from the waiting list): its follow-ups,
 * when it left an e-mail address. The event is read as published, as the page shows it.
 */
export async function afterEventPlace(
  followUps: FollowUps | null,
  db: Db,
  signupId: string,
  how: "signed-up" | "moved-up",
): Promise<void> {
  const deps = followUpsFor(followUps, db);
  if (!deps) return;
  const signup = await deps.people.eventSignupOf(db, signupId);
  if (!signup?.email || !signup.eventKey || signup.waitlisted) return;
  const entry = await publishedEntryData(db, "event", signup.eventKey);
  const data = eventContent.safeParse(entry?.published);
  const start = data.success ? instantOf(data.data.startsLocal, data.data.timeZone) : null;
  if (!data.success || !start?.ok) return;
  const event: FollowUpEvent = {
    key: signup.eventKey,
    data: data.data,
    start: start.instant,
    end: new Date(start.instant.getTime() + data.data.durationMinutes * 60_000),
  };
  await planEventFollowUps(deps, signup, event, how);
}

// ——— Stop and erasure ———

/** The stop link: the address goes on the stop list and every planned follow-up to it is cancelled. */
export async function stopFollowUps(db: Db, secret: string, token: string | null, now = new Date()): Promise<boolean> {
  const email = openStopToken(secret, token);
  if (!email) return false;
  await db
    .insert(followUpStops)
    .values({ emailHash: emailHash(email), createdAt: now })
    .onConflictDoNothing();
  await cancelPlanned(db, { recipient: email, kindPrefix: KIND_PREFIX }, now);
  return true;
}
