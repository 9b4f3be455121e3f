import { AMSTERDAM } from "~/infra/amsterdam";
import { instantOf, isTimeZone, localDateTimeOf } from "~/infra/zoned-time";

/**
 * The follow-ups' rules (docs/decisions/069): which automations exist, on what lawful ground each
 * goes out, when each is due, and the quiet hours. Pure: the planning code and its tests use the
 * same functions.
 */

/**
 * `service`: about something the person asked for (a booked call, a questionnaire, an event place).
 * `newsletter-consent`: marketing, only with a confirmed newsletter subscription.
 */
export type LawfulGround = "service" | "newsletter-consent";

export const AUTOMATIONS = {
  "call-24h": { ground: "service", quietHours: true, label: "Reminder 24 hours before the intake call" },
  "call-1h": { ground: "service", quietHours: false, label: "Reminder 1 hour before the intake call" },
  "no-show": { ground: "service", quietHours: true, label: "After a missed intake call: book again" },
  nudge: { ground: "service", quietHours: true, label: "48 hours after the questionnaire, if no call was booked" },
  "event-confirmation": { ground: "service", quietHours: false, label: "Event: confirmation with calendar file" },
  "event-reminder": { ground: "service", quietHours: true, label: "Event: reminder the day before" },
  "event-place": { ground: "service", quietHours: false, label: "Event: a place came free for you" },
  "event-thanks": { ground: "service", quietHours: true, label: "Event: thank you afterwards" },
  "welcome-articles": { ground: "newsletter-consent", quietHours: true, label: "Welcome series: her best articles" },
  "welcome-coaching": {
    ground: "newsletter-consent",
    quietHours: true,
    label: "Welcome series: how the coaching works",
  },
} as const satisfies Record<string, { ground: LawfulGround; quietHours: boolean; label: string }>;

export type Automation = keyof typeof AUTOMATIONS;

/** Every follow-up's message kind starts with this, so a stop link finds all of a person's. */
export const KIND_PREFIX = "follow-up:";
export const kindOf = (automation: Automation) => `${KIND_PREFIX}${automation}`;

/**
 * The welcome series after the newsletter's welcome e-mail (the first): its members, each with the
 * day after the confirmation it goes by default. She sets the days on the Follow-ups page; the
 * order follows the days (docs/decisions/079).
 */
export const WELCOME_SERIES = [
  { automation: "welcome-articles", afterDays: 3 },
  { automation: "welcome-coaching", afterDays: 10 },
] as const satisfies readonly { automation: Automation; afterDays: number }[];

export type WelcomeMember = (typeof WELCOME_SERIES)[number]["automation"];
export type WelcomeDays = Record<WelcomeMember, number>;

export const DEFAULT_WELCOME_DAYS = Object.fromEntries(
  WELCOME_SERIES.map((m) => [m.automation, m.afterDays]),
) as WelcomeDays;

/** The series stays within the first two weeks the privacy notice promises, and never on the welcome's own day. */
export const WELCOME_DAY_RANGE = { min: 1, max: 14 } as const;

export const isWelcomeMember = (automation: string): automation is WelcomeMember =>
  WELCOME_SERIES.some((m) => m.automation === automation);

/**
 * Her days as typed, checked: each a whole number of days within the range, and no two on the same
 * day (the series goes in the order of its days, so each needs its own). Each problem under its field.
 */
export function checkWelcomeDays(
  typed: Record<WelcomeMember, string>,
): { ok: true; days: WelcomeDays } | { ok: false; errors: Partial<Record<WelcomeMember, string>> } {
  const { min, max } = WELCOME_DAY_RANGE;
  const errors: Partial<Record<WelcomeMember, string>> = {};
  const days = {} as WelcomeDays;
  for (const { automation } of WELCOME_SERIES) {
    const text = typed[automation].trim();
    const day = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(day) || day < min || day > max)
      errors[automation] =
        `Give a whole number of days from ${min} to ${max} (the series stays within the first two weeks).`;
    else days[automation] = day;
  }
  const seen = new Map<number, WelcomeMember>();
  for (const { automation } of WELCOME_SERIES) {
    const day = days[automation];
    if (day === undefined) continue;
    if (seen.has(day))
      errors[automation] = `Day ${day} is already taken by another e-mail of the series: give each its own day.`;
    else seen.set(day, automation);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, days };
}

/** The Follow-ups page's form for the series' days: its `automation` (no one automation) and its fields. */
export const WELCOME_SERIES_FORM = "welcome-series";
export const welcomeDayField = (automation: WelcomeMember) => `day-${automation}`;

/** The welcome series' kinds start with this: an unsubscribe cancels them by it. */
export const WELCOME_SERIES_KIND_PREFIX = `${KIND_PREFIX}welcome-`;

/**
 * When each member of the welcome series goes, in the order of her days: its number in the series
 * (the welcome is the first; its key `welcome-series:<n>:<subscriber>`), and its day after the
 * confirmation, out of the quiet hours.
 */
export const welcomeSeriesTimes = (confirmedAt: Date, days: WelcomeDays = DEFAULT_WELCOME_DAYS) =>
  WELCOME_SERIES.map(({ automation }) => ({ automation, afterDays: days[automation] }))
    .sort((a, b) => a.afterDays - b.afterDays)
    .map(({ automation, afterDays }, index) => ({
      n: index + 2,
      automation,
      afterDays,
      at: sendTime(automation, new Date(confirmedAt.getTime() + afterDays * 24 * HOUR)),
    }));

export type Refusal = { refused: true; reason: string };

/**
 * A marketing message is never planned without consent; a service message needs none. The ground is
 * the automation's, not the caller's choice, so no call site can send marketing as "service".
 */
export function lawfulGroundRefusal(ground: LawfulGround, facts: { newsletterConsent: boolean }): Refusal | null {
  if (ground === "newsletter-consent" && !facts.newsletterConsent)
    return { refused: true, reason: "A marketing message needs the person's newsletter consent." };
  return null;
}

const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;

/** The next day's date of a "YYYY-MM-DD" date (calendar arithmetic, no zone). */
function nextDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * No follow-up between 21:00 and 08:00 in Amsterdam: one due then goes at the next 08:00 there
 * (whatever the offset that day: clocks change at 02:00 and 03:00, never near 08:00 or 21:00).
 */
export function afterQuietHours(at: Date): Date {
  const local = localDateTimeOf(at, AMSTERDAM);
  const hour = Number(local.slice(11, 13));
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const date = hour >= QUIET_FROM_HOUR ? nextDate(local.slice(0, 10)) : local.slice(0, 10);
  const morning = instantOf(`${date}T0${QUIET_UNTIL_HOUR}:00`, AMSTERDAM);
  return morning.ok ? morning.instant : at;
}

/** When an automation's message goes: its due time, moved out of the quiet hours unless it is exempt (the 1-hour reminder). */
export function sendTime(automation: Automation, due: Date): Date {
  return AUTOMATIONS[automation].quietHours ? afterQuietHours(due) : due;
}

const HOUR = 3_600_000;

/**
 * The two reminders of a call at `startsAt`, each only while its moment is still ahead: a call
 * booked 5 hours ahead gets only the 1-hour one. The 24-hour one may move to 08:00 by the quiet
 * hours, but never to after the call.
 */
export function callReminders(startsAt: Date, now: Date): { automation: "call-24h" | "call-1h"; at: Date }[] {
  const planned: { automation: "call-24h" | "call-1h"; at: Date }[] = [];
  const day = new Date(startsAt.getTime() - 24 * HOUR);
  if (day > now) {
    const at = sendTime("call-24h", day);
    if (at.getTime() < startsAt.getTime() - HOUR) planned.push({ automation: "call-24h", at });
  }
  const hour = new Date(startsAt.getTime() - HOUR);
  if (hour > now) planned.push({ automation: "call-1h", at: hour });
  return planned;
}

/** The nudge to a lead who did not book: 48 hours after the questionnaire. */
export const nudgeTime = (questionnaireAt: Date) => sendTime("nudge", new Date(questionnaireAt.getTime() + 48 * HOUR));

/** The event's reminder: the day before, at the event's own hour (quiet hours apply). */
export const eventReminderTime = (startsAt: Date) =>
  sendTime("event-reminder", new Date(startsAt.getTime() - 24 * HOUR));

/** The thank-you: two hours after the event ends (an evening event's goes the next morning). */
export const eventThanksTime = (endsAt: Date) => sendTime("event-thanks", new Date(endsAt.getTime() + 2 * HOUR));

/** The zone the scheduler reports for the visitor, when it is one this runtime knows; else Amsterdam. */
export const visitorTimeZone = (reported: string | null | undefined): string =>
  reported && isTimeZone(reported) ? reported : AMSTERDAM;

/** "Thursday, 3 December 2026, 10:00 (Europe/Amsterdam)": a call's time in the visitor's zone. */
export function timeLabel(at: Date, timeZone: string): string {
  const zone = visitorTimeZone(timeZone);
  const day = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(at);
  return `${day}, ${localDateTimeOf(at, zone).slice(11)} (${zone.replace(/_/g, " ")})`;
}

/** An https link from a provider's payload, or null: nothing else goes into a mail as a link. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Text from a visitor or a provider, safe inside Markdown: its markup characters are escaped. */
export const markdownText = (value: string) =>
  value.replace(/[\r\n]+/g, " ").replace(/([\\`*_{}[\]()<>#+!|~])/g, "\\$1");

/** Fills `{{name}}` placeholders; an unknown one is left out rather than shown as braces. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_whole, name: string) => values[name] ?? "");
}

/** A map search for an address (opens the phone's map app). */
export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
