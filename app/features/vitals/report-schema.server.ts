import "~/infra/zod-config";
import { z } from "zod";
import { DEVICES, MAX_VALUE, METRICS } from "./metrics";
import { MAX_TARGET_LENGTH } from "./report-rules";

/**
 * One report from a page (start-vitals.ts): the path it was measured on, the device class and
 * up to one value per metric. Strict: an unknown key, a second value of the same metric or a
 * value outside what a browser can measure refuses the whole report.
 */
export const vitalsReportSchema = z
  .strictObject({
    path: z
      .string()
      .min(1)
      .max(300)
      .regex(/^\/[^\s]*$/),
    device: z.enum(DEVICES),
    metrics: z
      .array(
        z.strictObject({
          name: z.enum(METRICS),
          value: z.number().finite().min(0),
          target: z
            .string()
            .max(MAX_TARGET_LENGTH * 2)
            .optional(),
        }),
      )
      .min(1)
      .max(METRICS.length),
  })
  .superRefine((report, ctx) => {
    const seen = new Set<string>();
    report.metrics.forEach((metric, index) => {
      if (seen.has(metric.name))
        ctx.addIssue({ code: "custom", path: ["metrics", index, "name"], message: "Each metric once per report." });
      seen.add(metric.name);
      if (metric.value > MAX_VALUE[metric.name])
        ctx.addIssue({ code: "custom", path: ["metrics", index, "value"], message: "Value out of range." });
    });
  });

export type VitalsReport = z.infer<typeof vitalsReportSchema>;
