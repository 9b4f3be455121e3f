import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { followUpSettings } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Messages } from "~/features/messages/messages.server";
import { cancelPlanned } from "~/features/messages/plan.server";
import { composeFollowUp, followUpConfigOf, settingsOf, type FollowUpConfig } from "./follow-ups.server";
import {
  AUTOMATIONS,
  checkWelcomeDays,
  fillTemplate,
  isWelcomeMember,
  kindOf,
  timeLabel,
  WELCOME_DAY_RANGE,
  WELCOME_SERIES,
  WELCOME_SERIES_FORM,
  welcomeDayField,
  type Automation,
  type LawfulGround,
  type WelcomeDays,
  type WelcomeMember,
} from "./rules";
import { welcomeDaysOf } from "./series.server";
import { DEFAULT_TEXTS, NEWSLETTER_INVITATION } from "./texts";

/**
 * The back office's Follow-ups page (issue 50, "her control"): each automation with its timing,
 * ground, switch and words; a preview with sample values; a test to herself through the engine.
 * The route binds these; the layout has checked the session and the origin.
 */

export const SUBJECT_MAX = 200;
export const BODY_MAX = 5000;

/** When each goes, in one line (the rules in rules.ts decide; this only says it). */
const TIMING: Record<Exclude<Automation, WelcomeMember>, string> = {
  "call-24h": "24 hours before a booked intake call (not between 21:00 and 08:00: then at 08:00).",
  "call-1h": "1 hour before a booked intake call, at any hour.",
  "no-show": "At once when a call is marked missed (by the scheduler or by you).",
  nudge: "48 hours after the questionnaire, only if no call was booked and the status is still New.",
  "event-confirmation": "At once when someone gets a place at the event, with the calendar file.",
  "event-reminder": "The day before the event, at its hour (quiet hours apply), with the calendar file.",
  "event-place": "At once when a place comes free for someone on the waiting list.",
  "event-thanks": "2 hours after the event ends (an evening event's goes at 08:00).",
};

const welcomeTiming = (day: number) =>
  `${day === 1 ? "1 day" : `${day} days`} after a newsletter subscription is confirmed (quiet hours apply); the day is set under "The welcome series".`;

const GROUND: Record<LawfulGround, string> = {
  service: "Service message: about something the person asked for (no consent needed).",
  "newsletter-consent": "Marketing: only to someone with a confirmed newsletter subscription.",
};

export interface TextFields {
  subject: string;
  body: string;
}
export type TextErrors = Partial<Record<keyof TextFields, string>>;

const AUTOMATION_NAMES = Object.keys(AUTOMATIONS) as Automation[];
const isAutomation = (value: string): value is Automation => value in AUTOMATIONS;

/** The placeholders a text uses that this automation cannot fill (they would go out empty). */
const unknownPlaceholders = (automation: Automation, text: string) => {
  const known = new Set(DEFAULT_TEXTS[automation].placeholders);
  return [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!).filter((name) => !known.has(name));
};

/** Her subject and body checked; each problem under its field, in words she can act on. */
export function checkTexts(automation: Automation, fields: TextFields): TextErrors {
  const errors: TextErrors = {};
  const allowed = DEFAULT_TEXTS[automation].placeholders.map((p) => `{{${p}}}`).join(", ");
  const unknown = (text: string) => {
    const names = unknownPlaceholders(automation, text);
    return names.length
      ? `This message cannot fill ${names.map((n) => `{{${n}}}`).join(", ")}. It can use: ${allowed}.`
      : undefined;
  };
  if (!fields.subject.trim()) errors.subject = "Write a subject: an e-mail without one looks like spam.";
  else if (fields.subject.length > SUBJECT_MAX)
    errors.subject = `Keep the subject to ${SUBJECT_MAX} characters (it has ${fields.subject.length}).`;
  else errors.subject = unknown(fields.subject);
  if (!fields.body.trim()) errors.body = "Write the message: it cannot go out empty.";
  else if (fields.body.length > BODY_MAX)
    errors.body = `Keep the message to ${BODY_MAX} characters (it has ${fields.body.length}).`;
  else errors.body = unknown(fields.body);
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as TextErrors;
}

/** Made-up values for the placeholders, so the preview and the test read like a real message. */
function sampleInput(config: FollowUpConfig) {
  const sampleTime = timeLabel(new Date("2026-12-03T09:00:00Z"), "Europe/Amsterdam");
  return {
    text: {
      firstName: "Anna",
      callTime: sampleTime,
      how: "By video: the link is in your booking confirmation.",
      eventTitle: "Beach workout",
      eventTime: sampleTime,
      place: "Strandpaviljoen Zuid, Boulevard 1, Scheveningen, Netherlands",
      bring: "water, a towel",
    },
    links: {
      rescheduleLink: config.bookingUrl,
      cancelLink: config.bookingUrl,
      bookingLink: config.bookingUrl,
      whatsAppLink: config.whatsAppUrl,
      mapLink: "https://www.google.com/maps/search/?api=1&query=Scheveningen",
      newsletterInvitation: fillTemplate(NEWSLETTER_INVITATION, { newsletterLink: `${config.siteUrl}/newsletter` }),
    },
  };
}

/** What the page needs of the services. */
export interface FollowUpsPageServices {
  database: { db: Db };
  env: { SITE_URL: string; SCHEDULING_URL: string };
  secret: string;
  messages: Pick<Messages, "send" | "email">;
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean }>;
}

export async function loadFollowUpsPage(db: Db) {
  const days = await welcomeDaysOf(db);
  const automations = [];
  for (const automation of AUTOMATION_NAMES) {
    const settings = await settingsOf(db, automation);
    automations.push({
      automation,
      label: AUTOMATIONS[automation].label,
      timing: isWelcomeMember(automation) ? welcomeTiming(days[automation]) : TIMING[automation],
      ground: GROUND[AUTOMATIONS[automation].ground],
      placeholders: DEFAULT_TEXTS[automation].placeholders,
      ...settings,
    });
  }
  return { automations, welcome: welcomeSeriesView(days), subjectMax: SUBJECT_MAX, bodyMax: BODY_MAX };
}

/** The series' members in the order they go (the order of her days), each with its day. */
function welcomeSeriesView(days: WelcomeDays) {
  return {
    members: WELCOME_SERIES.map(({ automation }) => ({
      automation,
      label: AUTOMATIONS[automation].label,
      day: days[automation],
    })).sort((a, b) => a.day - b.day),
    range: WELCOME_DAY_RANGE,
  };
}

export type FollowUpsResult = {
  automation: string;
  ok: boolean;
  message?: string;
  fields?: TextFields;
  errors?: TextErrors;
  /** The rendered e-mail (the follow-ups' own layout), for a sandboxed frame. */
  preview?: { subject: string; html: string };
  /** Switched off: how many planned messages of it were cancelled. */
  cancelled?: number;
  /** The welcome series' days as she typed them, and what is wrong with them. */
  days?: Record<WelcomeMember, string>;
  dayErrors?: Partial<Record<WelcomeMember, string>>;
};

const plannedCount = (n: number) =>
  n === 1 ? "1 planned message was cancelled" : `${n} planned messages were cancelled`;

async function saveSettings(
  db: Db,
  automation: Automation,
  values: Partial<TextFields & { enabled: boolean; afterDays: number }>,
) {
  await db
    .insert(followUpSettings)
    .values({ automation, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: followUpSettings.automation, set: { ...values, updatedAt: new Date() } });
}

/** The page's buttons: switch on or off, save the words, preview them, send a test to herself. */
export async function followUpsPageAction(
  services: FollowUpsPageServices,
  trainer: { id: string; email: string },
  form: FormData,
) {
  const db = services.database.db;
  const name = String(form.get("automation") ?? "");
  const intent = String(form.get("intent") ?? "save");
  const fail = (result: Omit<FollowUpsResult, "ok">, status = 400) =>
    data<FollowUpsResult>({ ...result, ok: false }, { status });
  if (name === WELCOME_SERIES_FORM) {
    const typed = Object.fromEntries(
      WELCOME_SERIES.map(({ automation }) => [automation, String(form.get(welcomeDayField(automation)) ?? "")]),
    ) as Record<WelcomeMember, string>;
    const checked = checkWelcomeDays(typed);
    if (!checked.ok)
      return fail({
        automation: name,
        days: typed,
        dayErrors: checked.errors,
        message: "Not saved: see the message under the day.",
      });
    await db.transaction(async (tx) => {
      for (const { automation } of WELCOME_SERIES)
        await saveSettings(tx, automation, { afterDays: checked.days[automation] });
    });
    return data<FollowUpsResult>({
      automation: name,
      ok: true,
      message: "Saved: new subscribers get the series on these days. Series already planned keep their days.",
    });
  }
  if (!isAutomation(name)) return fail({ automation: name, message: "There is no such follow-up." }, 404);
  const automation = name;

  if (intent === "switch") {
    const enabled = form.get("enabled") === "on";
    if (enabled) {
      await saveSettings(db, automation, { enabled });
      return data<FollowUpsResult>({
        automation,
        ok: true,
        message:
          "Switched on: it is planned for new cases only, from now on. Messages cancelled while it was off stay cancelled.",
      });
    }
    // Off means none goes out: the switch and the cancel of every planned one stand or fall together.
    const cancelled = await db.transaction(async (tx) => {
      await saveSettings(tx, automation, { enabled });
      return cancelPlanned(tx, { kind: kindOf(automation) }, new Date(), "switched off");
    });
    return data<FollowUpsResult>({
      automation,
      ok: true,
      cancelled,
      message: `Switched off: nothing new is planned, and ${plannedCount(cancelled)}.`,
    });
  }

  const fields: TextFields = { subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") };
  const errors = checkTexts(automation, fields);
  if (Object.keys(errors).length)
    return fail({ automation, fields, errors, message: "Not saved: see the message under the field." });

  const config = followUpConfigOf(services.env, services.secret);
  if (intent === "preview") {
    const mail = composeFollowUp(config, trainer.email, fields, sampleInput(config));
    return data<FollowUpsResult>({
      automation,
      ok: true,
      fields,
      preview: { subject: mail.subject, html: mail.html! },
    });
  }
  if (intent === "test") {
    if (!services.messages.email)
      return fail({ automation, fields, message: "No mail server is set up (SMTP_URL): nothing can be sent." }, 503);
    if (!(await services.rateLimit(`follow-up-test:${trainer.id}`, 30, 3600)).allowed)
      return fail({ automation, fields, message: "That is many tests in an hour: wait a little." }, 429);
    const mail = composeFollowUp(config, trainer.email, fields, sampleInput(config));
    // Not a follow-up kind: a test is not planned for anyone, and no stop link or erasure looks for it.
    await services.messages.send({
      key: `follow-up-test:${automation}:${randomUUID()}`,
      kind: "follow-up-test",
      channel: "email",
      payload: { ...mail, subject: `[Test] ${mail.subject}` },
    });
    return data<FollowUpsResult>({
      automation,
      ok: true,
      fields,
      message: "A test is on its way to you, with [Test] before the subject (the text as typed here).",
    });
  }
  await saveSettings(db, automation, fields);
  return data<FollowUpsResult>({ automation, ok: true, fields, message: "Saved: new follow-ups use these words." });
}
