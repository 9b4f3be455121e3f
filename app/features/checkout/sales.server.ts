import { randomUUID } from "node:crypto";
import { currentPricing, type OffersReader } from "./offers.server";
import { checkSale, saleState, type Sale, type SaleCheck, type SaleInput, type SaleState } from "./sale-rules";

/** The content store's one entry of the sale (app/features/content); the pages read its live version. */
export const SALE_KEY = "main" as const;

/** What reading the sale needs from the content store. */
export interface SaleReader {
  content: { live(kind: "sale", key: "main"): Promise<{ data: Sale } | undefined> };
}

interface Actor {
  userId: string | null;
  ip?: string | null;
}

/** What starting and ending a sale needs: the store's calls, and the published prices it is checked against. */
export interface SalesEditorServices {
  content: SaleReader["content"] &
    OffersReader["content"] & {
      saveDraft(kind: "sale", key: "main", data: unknown, actor: Actor, options?: { note?: string }): Promise<number>;
      publish(kind: "sale", key: "main", actor: Actor): Promise<void>;
    };
}

/**
 * The newest sale as published (running, still to come or over), or null when she never started
 * one. Whether it lowers a price is decided at the moment of asking (sale-rules.ts), so a sale
 * ends on its minute without anyone writing anything.
 */
export async function currentSale(services: SaleReader): Promise<Sale | null> {
  return (await services.content.live("sale", SALE_KEY))?.data ?? null;
}

async function put(services: SalesEditorServices, sale: Sale, actor: Actor, note: string): Promise<void> {
  // Saved and published in one step: a sale has its own start and end, so there is no draft to preview.
  await services.content.saveDraft("sale", SALE_KEY, sale, actor, { note });
  await services.content.publish("sale", SALE_KEY, actor);
}

/**
 * Starts a sale (or puts one in place of the current one), checked against the published prices.
 * A new sale gets a new id, so orders bought in an earlier one keep naming that one.
 */
export async function startSale(
  services: SalesEditorServices,
  input: SaleInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<SaleCheck & { sale?: Sale }> {
  const pricing = await currentPricing(services);
  const checked = checkSale(input, pricing.plans, now);
  if (!checked.ok) return checked;
  const sale: Sale = { id: randomUUID(), ...checked.sale, endedAt: null };
  await put(services, sale, actor, "Started a sale");
  return { ok: true, sale };
}

/** Ends the sale now (or calls off one still to come); an ended sale stays as it was. */
export async function endSale(
  services: SalesEditorServices,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ ended: boolean; was: SaleState | null }> {
  const sale = await currentSale(services);
  const was = sale ? saleState(sale, now) : null;
  if (!sale || was === "over") return { ended: false, was };
  await put(services, { ...sale, endedAt: now.toISOString() }, actor, "Ended the sale early");
  return { ended: true, was };
}

/**
 * A part of the pages' content revision that moves when the sale starts or ends by the clock
 * (server/page-cache.ts revalidates public pages against the revision): the sale's state now,
 * with the sale itself read once per store revision, since only a publish changes it.
 */
export function saleRevision(services: SaleReader): (storeRevision: string) => Promise<string> {
  let cached: { revision: string; sale: Promise<Sale | null> } | undefined;
  return async (storeRevision) => {
    if (cached?.revision !== storeRevision) {
      const sale = currentSale(services);
      cached = { revision: storeRevision, sale };
      // A failed read is not kept: the next request reads again.
      sale.catch(() => {
        if (cached?.sale === sale) cached = undefined;
      });
    }
    const sale = await cached.sale;
    return sale ? `${sale.id.slice(0, 8)}-${saleState(sale, new Date())}` : "no-sale";
  };
}
