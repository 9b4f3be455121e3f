import { inArray } from "drizzle-orm";
import { followUpSettings } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Messages } from "~/features/messages/messages.server";
import { cancelPlanned } from "~/features/messages/plan.server";
import { blockedFor, settingsOf, type FollowUpPeople, type PlanOutcome } from "./follow-ups.server";
import { followUpMail } from "./mail.server";
import {
  AUTOMATIONS,
  DEFAULT_WELCOME_DAYS,
  fillTemplate,
  kindOf,
  lawfulGroundRefusal,
  WELCOME_SERIES,
  WELCOME_SERIES_KIND_PREFIX,
  welcomeSeriesTimes,
  type WelcomeDays,
} from "./rules";

/**
 * The welcome series (docs/decisions/072, 079): after the newsletter's welcome e-mail, two more on
 * the days she set within the first two weeks, in the order of those days, planned in the
 * transaction that confirms the address and queues the welcome.
 * Marketing: planned only with the newsletter consent, and each carries the newsletter's
 * unsubscribe link (an unsubscribe is what stops it).
 */

export interface WelcomeSeriesDeps {
  /** The confirmation's transaction, so the series stands with the welcome or not at all. */
  db: Db;
  messages: Pick<Messages, "send">;
  siteUrl: string;
  /** The newsletter's: the mail server refused the address for good. */
  isSuppressed: FollowUpPeople["isSuppressed"];
}

export interface SeriesSubscriber {
  id: string;
  email: string;
  confirmedAt: Date;
  /** A confirmed newsletter subscription: without it nothing is planned. */
  newsletterConsent: boolean;
  /** The newsletter's own unsubscribe link (the newsletter feature makes it). */
  unsubscribeUrl: string;
}

const FOOTER = {
  why: "You get this because you subscribed to my newsletter.",
  stop: "Unsubscribe from the newsletter",
};

/** Her days for the series' members (the default for one she has not set). */
export async function welcomeDaysOf(db: Db): Promise<WelcomeDays> {
  const rows = await db
    .select({ automation: followUpSettings.automation, afterDays: followUpSettings.afterDays })
    .from(followUpSettings)
    .where(
      inArray(
        followUpSettings.automation,
        WELCOME_SERIES.map((m) => m.automation),
      ),
    );
  const days = { ...DEFAULT_WELCOME_DAYS };
  for (const row of rows) if (row.afterDays !== null) days[row.automation as keyof WelcomeDays] = row.afterDays;
  return days;
}

/** Plans the series' members (once per key), each only with consent, switched on, and to an address not stopped or suppressed. */
export async function planWelcomeSeries(deps: WelcomeSeriesDeps, subscriber: SeriesSubscriber): Promise<PlanOutcome[]> {
  const outcomes: PlanOutcome[] = [];
  const to = subscriber.email.trim().toLowerCase();
  const links = {
    blogLink: `${deps.siteUrl}/blog`,
    startLink: `${deps.siteUrl}/start`,
    servicesLink: `${deps.siteUrl}/services`,
    pricingLink: `${deps.siteUrl}/pricing`,
  };
  for (const { n, automation, at } of welcomeSeriesTimes(subscriber.confirmedAt, await welcomeDaysOf(deps.db))) {
    const refusal = lawfulGroundRefusal(AUTOMATIONS[automation].ground, {
      newsletterConsent: subscriber.newsletterConsent,
    });
    if (refusal) {
      outcomes.push({ planned: false, reason: "refused", detail: refusal.reason });
      continue;
    }
    const settings = await settingsOf(deps.db, automation);
    if (!settings.enabled) {
      outcomes.push({ planned: false, reason: "off" });
      continue;
    }
    const blocked = await blockedFor(deps.db, to, deps.isSuppressed);
    if (blocked) {
      outcomes.push({ planned: false, reason: blocked });
      continue;
    }
    const queued = await deps.messages.send(
      {
        key: `welcome-series:${n}:${subscriber.id}`,
        kind: kindOf(automation),
        about: subscriber.id,
        channel: "email",
        notBefore: at,
        payload: followUpMail({
          to,
          subject: fillTemplate(settings.subject, links)
            .replace(/[\r\n]+/g, " ")
            .slice(0, 200),
          markdown: fillTemplate(settings.body, links),
          siteUrl: deps.siteUrl,
          stopUrl: subscriber.unsubscribeUrl,
          footer: FOOTER,
        }),
      },
      deps.db,
    );
    outcomes.push(queued ? { planned: true, ...queued } : { planned: false, reason: "no-mail" });
  }
  return outcomes;
}

/** An unsubscribe, a suppression: the series' members that have not gone are cancelled. */
export const cancelWelcomeSeries = (db: Db, email: string, now: Date, why: string) =>
  cancelPlanned(db, { recipient: email.trim().toLowerCase(), kindPrefix: WELCOME_SERIES_KIND_PREFIX }, now, why);
