import "~/infra/zod-config";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/infra/control-characters";
import { GOAL_LABELS, LEAD_STATUSES } from "./labels";

export const PAGE_SIZE = 25;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Lead list filters from the query string; anything malformed is ignored rather than an error page. */
export const leadFiltersSchema = z.object({
  from: z.preprocess(emptyToUndefined, isoDate.optional()).catch(undefined),
  to: z.preprocess(emptyToUndefined, isoDate.optional()).catch(undefined),
  goal: z
    .preprocess(emptyToUndefined, z.enum(Object.keys(GOAL_LABELS) as [string, ...string[]]).optional())
    .catch(undefined),
  status: z.preprocess(emptyToUndefined, z.enum(LEAD_STATUSES).optional()).catch(undefined),
  q: z
    .preprocess(emptyToUndefined, z.string().trim().max(100).refine(hasNoControlCharacters).optional())
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(400).catch(1),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  return leadFiltersSchema.parse(Object.fromEntries(params));
}

export const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

/** The query string for the same filters on another page (or without the page, for CSV). */
export function filtersToQuery(filters: Partial<LeadFilters>, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["from", "to", "goal", "status", "q"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Lead lists count matches up to here; beyond it the page shows "10,000+". */
export const COUNT_CAP = 10_000;

/** A LIKE pattern matching text that starts with `text`, with `%` and `_` taken literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const leadUpdateSchema = z.object({
  id: z.uuid(),
  status: z.enum(LEAD_STATUSES, "Choose a status"),
  note: z
    .string()
    .max(2000, "Keep the note under 2000 characters")
    .refine((v) => hasNoControlCharacters(v, { multiLine: true }), CONTROL_CHARACTER_MESSAGE)
    .transform((v) => v.trim()),
});
