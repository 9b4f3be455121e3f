import { z } from "zod";
import type { Sale } from "./sale-rules";

/**
 * The stored shape of the trainer's sale (content kind "sale", one entry, key "main"), checked by
 * the content store on every save: a sale that could give a plan away, or that ends before it
 * starts, cannot be stored whichever way it arrives. The form's friendlier checks are checkSale.
 */
const instant = z.iso.datetime({ offset: true });

export const saleSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["percent", "amount"]),
    percent: z.number().int().min(1).max(99).nullable(),
    amountOffCents: z.number().int().positive().nullable(),
    planIds: z.array(z.enum(["essential", "progress", "elite"])).min(1),
    startsAt: instant,
    endsAt: instant,
    endedAt: instant.nullable(),
  })
  .refine((sale) => (sale.kind === "percent" ? sale.percent !== null : sale.amountOffCents !== null), {
    message: "A sale takes off a percentage or an amount.",
  })
  .refine((sale) => Date.parse(sale.endsAt) > Date.parse(sale.startsAt), {
    message: "A sale must end after it starts.",
    path: ["endsAt"],
  }) satisfies z.ZodType<Sale>;
