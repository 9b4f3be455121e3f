import { and, gte, lte, sql } from "drizzle-orm";
import { questionnaireStepCounts } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { beaconAnswer, readBeacon, type BeaconContext } from "~/infra/beacon.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import {
  ageQuestion,
  competitionGoalQuestion,
  contactQuestion,
  frequencyQuestion,
  genderQuestion,
  goalQuestion,
  sportQuestion,
} from "./questions";
import { REACH_PERIODS, type StepReach } from "./step-reach";

/**
 * Where visitors give up (docs/decisions/070-questionnaire-survives-a-reload.md): the island reports
 * each question once per visit when it is shown; the server adds one to that question's counter of
 * the day. Nothing else is kept: no address, no identifier, no time of day.
 */

/** Every question in the order a visitor meets them (frequency for most, sport and goal for competitors). */
export const QUESTIONNAIRE_STEPS = [
  goalQuestion,
  frequencyQuestion,
  sportQuestion,
  competitionGoalQuestion(undefined),
  genderQuestion,
  ageQuestion,
  contactQuestion,
].map((q) => ({ step: q.id, text: q.text }));

const KNOWN_STEPS = new Set(QUESTIONNAIRE_STEPS.map((s) => s.step));
const MAX_BODY_BYTES = 256;
const TIME_ZONE = "Europe/Amsterdam";

/** The trainer's calendar day of an instant, as the funnel's periods are in her days. */
export const amsterdamDay = (now: Date) => localDateTimeOf(now, TIME_ZONE).slice(0, 10);

export interface StepCountContext extends BeaconContext {
  services: BeaconContext["services"] & { database: { db: Db } };
}

/**
 * POST /api/questionnaire-step with `{"step":"<question id>"}`: 204 counted, 400 for anything but
 * one known step, 403 from another origin, 413 too large, 429 too many. Rate-limited like the
 * page-speed reports (a visit sends at most seven), keyed by a hash of the address that is not stored.
 */
export async function handleStepReport(request: Request, ctx: StepCountContext, now = new Date()): Promise<Response> {
  const read = await readBeacon(request, ctx, { bucket: "steps", maxBytes: MAX_BODY_BYTES });
  if ("refused" in read) return read.refused;
  const step = (read.json as { step?: unknown } | null)?.step;
  if (typeof step !== "string" || !KNOWN_STEPS.has(step)) return beaconAnswer(400);
  try {
    await countStep(ctx.services.database.db, step, now);
  } catch {
    // The database is away (its outage is reported where it is noticed): a lost count is not worth an error.
    return beaconAnswer(503, { "Retry-After": "60" });
  }
  return beaconAnswer(204);
}

export async function countStep(db: Db, step: string, now = new Date()): Promise<void> {
  await db
    .insert(questionnaireStepCounts)
    .values({ day: amsterdamDay(now), step, count: 1 })
    .onConflictDoUpdate({
      target: [questionnaireStepCounts.day, questionnaireStepCounts.step],
      set: { count: sql`${questionnaireStepCounts.count} + 1` },
    });
}

/** Per question, how many visits reached it between two Amsterdam days (both included), in question order. */
export async function questionnaireReach(db: Db, from: string, to: string): Promise<StepReach[]> {
  const rows = await db
    .select({ step: questionnaireStepCounts.step, visitors: sql<number>`sum(${questionnaireStepCounts.count})::int` })
    .from(questionnaireStepCounts)
    .where(and(gte(questionnaireStepCounts.day, from), lte(questionnaireStepCounts.day, to)))
    .groupBy(questionnaireStepCounts.step);
  const byStep = new Map(rows.map((r) => [r.step, Number(r.visitors)]));
  return QUESTIONNAIRE_STEPS.map(({ step, text }) => ({ step, text, visitors: byStep.get(step) ?? 0 }));
}

/** The reach over the last `days` (a `?days=` value; anything else is the 30 days), in question order. */
export async function questionnaireReachFor(db: Db, days: string | null, now = new Date()) {
  const period = REACH_PERIODS.find((d) => String(d) === days) ?? 30;
  const from = amsterdamDay(new Date(now.getTime() - (period - 1) * 86_400_000));
  const to = amsterdamDay(now);
  return { days: period, from, to, steps: await questionnaireReach(db, from, to) };
}
