import type { Duration, PlanTier, PricingContent } from "#content/types";
import { formatEuro } from "./catalogue";

/**
 * The rules a price must meet before it goes live, and the savings notices derived from the
 * prices. Pure, so the back-office form (in the browser) and the server's publish check give
 * the same answers and messages.
 */

/** Lowest and highest monthly price the editor accepts, in euros: outside it is almost surely a typo. */
export const PRICE_RANGE_EURO = { min: 20, max: 1000 } as const;

const DURATION_ORDER: readonly Duration[] = ["1", "3", "6"];

export const durationLabel = (d: Duration) => (d === "1" ? "1 month" : `${d} months`);

export type EuroParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Reads a price the way the trainer types it: euros, optionally with a euro sign, spaces,
 * a thousands separator or cents after a comma or point ("120", "€ 104,50", "1.000").
 */
export function parseEuro(raw: string): EuroParse {
  const text = raw.replace(/[€\s]/g, "").replace(/^eur/i, "");
  if (text === "") return { ok: false, message: "Type a price in euros, for example 120." };
  // "1.000" or "1,000" is a thousands separator; "104,50" or "104.50" has cents.
  const match = /^(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match)
    return { ok: false, message: `"${raw.trim()}" is not a price in euros; type digits only, for example 120.` };
  const whole = Number((match[1] ?? "0").replace(/[.,]/g, ""));
  const cents = Number((match[2] ?? "0").padEnd(2, "0"));
  return { ok: true, cents: whole * 100 + cents };
}

/** The editor's form values: plan id → duration → the price as typed, in euros. */
export type PriceInput = Record<string, Partial<Record<Duration, string>>>;

export interface PriceProblem {
  planId: string;
  duration: Duration;
  message: string;
}

export type PriceCheck =
  { ok: true; prices: Record<string, Record<Duration, number>> } | { ok: false; problems: PriceProblem[] };

/**
 * Checks every purchasable plan's prices: each one a readable amount of euros inside the
 * plausible range, and per plan a longer commitment never dearer per month than a shorter
 * one. The messages name the plan and duration and say why, in the trainer's words.
 */
export function checkPrices(plans: { id: string; name: string }[], input: PriceInput): PriceCheck {
  const problems: PriceProblem[] = [];
  const prices: Record<string, Record<Duration, number>> = {};
  for (const plan of plans) {
    const parsed: Partial<Record<Duration, number>> = {};
    for (const duration of DURATION_ORDER) {
      const where = `${plan.name}, ${durationLabel(duration)}`;
      const result = parseEuro(input[plan.id]?.[duration] ?? "");
      if (!result.ok) {
        problems.push({ planId: plan.id, duration, message: `${where}: ${result.message}` });
        continue;
      }
      const { min, max } = PRICE_RANGE_EURO;
      if (result.cents < min * 100 || result.cents > max * 100) {
        const hint = result.cents > max * 100 ? " Prices are typed in euros, not cents." : "";
        problems.push({
          planId: plan.id,
          duration,
          message: `${where}: ${formatEuro(result.cents)} a month is outside the plausible range of €${min} to €${max.toLocaleString("en-IE")} a month.${hint}`,
        });
        continue;
      }
      parsed[duration] = result.cents;
    }
    for (let i = 1; i < DURATION_ORDER.length; i++) {
      const longer = DURATION_ORDER[i] as Duration;
      const longerCents = parsed[longer];
      if (longerCents === undefined) continue;
      // Compare with every shorter duration, so 6 months is checked against 1 month even when 3 is unreadable.
      for (const shorter of DURATION_ORDER.slice(0, i)) {
        const shorterCents = parsed[shorter];
        if (shorterCents === undefined || longerCents <= shorterCents) continue;
        problems.push({
          planId: plan.id,
          duration: longer,
          message: `${plan.name}, ${durationLabel(longer)}: ${formatEuro(longerCents)} a month is more than the ${durationLabel(shorter)} price of ${formatEuro(shorterCents)} a month. A longer commitment may never cost more per month than a shorter one.`,
        });
        break;
      }
    }
    if (DURATION_ORDER.every((d) => parsed[d] !== undefined)) prices[plan.id] = parsed as Record<Duration, number>;
  }
  return problems.length ? { ok: false, problems } : { ok: true, prices };
}

/** The prices as the editor shows them: whole euros without decimals, otherwise with cents. */
export function euroInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The form values for the prices of a pricing content (what the editor starts from). */
export function priceInputOf(content: PricingContent): PriceInput {
  const input: PriceInput = {};
  for (const plan of content.plans) {
    if (!plan.monthlyPriceCents) continue;
    const prices = plan.monthlyPriceCents;
    input[plan.id] = Object.fromEntries(DURATION_ORDER.map((d) => [d, euroInput(prices[d])]));
  }
  return input;
}

/**
 * The savings notice under the duration toggle, from the prices: for 3 and 6 months the
 * largest saving per month against the 1-month price of the same plan, as a percentage
 * (rounded) and in euros; for 1 month a pointer to the durations that save anything.
 * Empty when nothing is saved.
 */
export function savingsNotices(content: {
  plans: readonly Pick<PlanTier, "monthlyPriceCents">[];
}): Record<Duration, string> {
  const best: Record<Duration, { percent: number; cents: number }> = {
    "1": { percent: 0, cents: 0 },
    "3": { percent: 0, cents: 0 },
    "6": { percent: 0, cents: 0 },
  };
  for (const plan of content.plans) {
    const prices = plan.monthlyPriceCents;
    if (!prices) continue;
    for (const d of ["3", "6"] as const) {
      const saved = prices["1"] - prices[d];
      if (saved <= 0) continue;
      best[d].cents = Math.max(best[d].cents, saved);
      best[d].percent = Math.max(best[d].percent, (saved / prices["1"]) * 100);
    }
  }
  const notice = (d: "3" | "6") => {
    if (best[d].cents === 0) return "";
    const percent = Math.round(best[d].percent);
    const perMonth = `${formatEuro(best[d].cents)} a month`;
    return percent > 0 ? `Save up to ${percent}% (${perMonth})` : `Save up to ${perMonth}`;
  };
  const saving = (["3", "6"] as const).filter((d) => best[d].cents > 0);
  return {
    "1": saving.length ? `Save with ${saving.join(" or ")} months` : "",
    "3": notice("3"),
    "6": notice("6"),
  };
}
