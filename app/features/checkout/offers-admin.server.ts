import type { Duration, PricingContent } from "#content/types";
import type { PaymentProvider } from "./provider.server";
import { checkPrices, type PriceInput, type PriceProblem } from "./price-rules";

/** The content store's calls the offers editor uses (app/features/content/store.server.ts). */
export interface OffersStore {
  get(kind: "offers", key: "main"): Promise<{ draft: PricingContent; live: PricingContent | null } | undefined>;
  saveDraft(kind: "offers", key: "main", data: unknown, actor: Actor): Promise<number>;
  publish(kind: "offers", key: "main", actor: Actor): Promise<void>;
  restore(kind: "offers", key: "main", version: number, actor: Actor): Promise<number>;
}

interface Actor {
  userId: string | null;
  ip?: string | null;
}

export interface OffersEditorServices {
  content: OffersStore;
  payments: Pick<PaymentProvider, "publishPrices">;
}

export const OFFERS_KEY = "main" as const;

export type SaveResult = { ok: true; version: number } | { ok: false; problems: PriceProblem[] };

/**
 * Saves the prices as typed (euros) into the draft, after the same rules the store checks, so the
 * trainer sees each problem under its own field. Nothing is live until published.
 */
export async function saveOfferPrices(
  services: OffersEditorServices,
  input: PriceInput,
  actor: Actor,
): Promise<SaveResult> {
  const entry = await services.content.get("offers", OFFERS_KEY);
  if (!entry) throw new Error("the offers entry is missing (it is seeded on first start)");
  const purchasable = entry.draft.plans.filter((p) => p.monthlyPriceCents);
  const checked = checkPrices(purchasable, input);
  if (!checked.ok) return checked;
  const draft: PricingContent = {
    ...entry.draft,
    plans: entry.draft.plans.map((plan) =>
      plan.monthlyPriceCents
        ? { ...plan, monthlyPriceCents: checked.prices[plan.id] as Record<Duration, number> }
        : plan,
    ),
  };
  return { ok: true, version: await services.content.saveDraft("offers", OFFERS_KEY, draft, actor) };
}

/**
 * Puts the draft live: the payment provider first (with Stripe: new prices for changed amounts,
 * the old ones archived), then the site. If Stripe cannot be reached nothing changes on the
 * site, so the page never shows a price the checkout cannot charge.
 */
export async function publishOffers(services: OffersEditorServices, actor: Actor) {
  const entry = await services.content.get("offers", OFFERS_KEY);
  if (!entry) throw new Error("the offers entry is missing (it is seeded on first start)");
  const stripe = await services.payments.publishPrices(entry.draft);
  await services.content.publish("offers", OFFERS_KEY, actor);
  return stripe;
}

/** An earlier version back in the draft and live, through the same publish path. */
export async function restoreOffers(services: OffersEditorServices, version: number, actor: Actor) {
  await services.content.restore("offers", OFFERS_KEY, version, actor);
  return publishOffers(services, actor);
}
