import { z } from "zod";
import type { PricingContent } from "#content/types";
import { checkPrices, euroInput } from "./price-rules";

/**
 * The stored shape of the offers (the pricing page and the checkout's catalogue), checked by the
 * content store on every save and publish: no price outside the rules can go live, whichever
 * way it arrives.
 */
const duration = z.enum(["1", "3", "6"]);
const cents = z.number().int().nonnegative();

export const offersSchema = z
  .object({
    title: z.string().trim().min(1, "Give the pricing page a title."),
    subtitle: z.string().trim().min(1, "Write a line under the title."),
    durations: z
      .array(
        z.object({
          value: duration,
          label: z.string().min(1),
          billingType: z.enum(["onetime", "monthly3x", "monthly6x"]),
        }),
      )
      .length(3),
    plans: z
      .array(
        z.object({
          id: z.enum(["essential", "progress", "elite", "custom"]),
          name: z.string().trim().min(1, "Every plan needs a name."),
          tagline: z.string().trim(),
          monthlyPriceCents: z.object({ "1": cents, "3": cents, "6": cents }).nullable(),
          features: z.array(z.string().trim().min(1)),
          highlight: z.boolean(),
        }),
      )
      .min(1),
    afterPaymentNote: z.string().trim().min(1),
  })
  .superRefine((offers, ctx) => {
    const purchasable = offers.plans.filter((p) => p.monthlyPriceCents);
    const input = Object.fromEntries(
      purchasable.map((p) => [
        p.id,
        Object.fromEntries(Object.entries(p.monthlyPriceCents ?? {}).map(([d, c]) => [d, euroInput(c)])),
      ]),
    );
    const result = checkPrices(purchasable, input);
    if (result.ok) return;
    for (const problem of result.problems) {
      const index = offers.plans.findIndex((p) => p.id === problem.planId);
      ctx.addIssue({
        code: "custom",
        path: ["plans", index, "monthlyPriceCents", problem.duration],
        message: problem.message,
      });
    }
  }) satisfies z.ZodType<PricingContent>;
