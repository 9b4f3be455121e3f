import "~/infra/zod-config";
import { z } from "zod";
import { hasNoControlCharacters } from "~/infra/control-characters";

/**
 * The states a subscriber is shown in: the stored status, except that an address the relay refused
 * for good (suppressedAt) is "suppressed" unless its owner unsubscribed (which says more). Only
 * "confirmed" is in an issue's audience (docs/decisions/077-subscribers-import-and-tags.md).
 */
export const SUBSCRIBER_STATES = ["confirmed", "pending", "suppressed", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export const STATE_LABEL: Record<SubscriberState, string> = {
  confirmed: "Confirmed",
  pending: "Awaiting confirmation",
  suppressed: "Suppressed",
  unsubscribed: "Unsubscribed",
};

/**
 * Who a list, its CSV or an issue's audience counts: every part given must hold. Within `sources`
 * and within `tags` any one is enough (a tag is given by its id).
 */
export interface SubscriberFilter {
  q?: string;
  state?: SubscriberState;
  sources?: string[];
  tags?: string[];
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const filterSchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(200).refine(hasNoControlCharacters).optional()).catch(undefined),
  state: z.preprocess(blank, z.enum(SUBSCRIBER_STATES).optional()).catch(undefined),
  source: z.preprocess(blank, z.string().max(300).optional()).catch(undefined),
  tag: z.preprocess(blank, z.uuid().optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The list's filters from its address (one source and one tag there); anything malformed is ignored. */
export function parseSubscriberFilter(params: URLSearchParams): SubscriberFilter & { page: number } {
  const parsed = filterSchema.parse({
    q: params.get("q") ?? undefined,
    state: params.get("state") ?? undefined,
    source: params.get("source") ?? undefined,
    tag: params.get("tag") ?? undefined,
    page: params.get("page") ?? 1,
  });
  return {
    ...(parsed.q ? { q: parsed.q } : {}),
    ...(parsed.state ? { state: parsed.state } : {}),
    ...(parsed.source ? { sources: [parsed.source] } : {}),
    ...(parsed.tag ? { tags: [parsed.tag] } : {}),
    page: parsed.page,
  };
}

/** The query string of the same filters (on another page, or for the CSV without a page). */
export function subscriberFilterQuery(filter: SubscriberFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.state) params.set("state", filter.state);
  if (filter.sources?.[0]) params.set("source", filter.sources[0]);
  if (filter.tags?.[0]) params.set("tag", filter.tags[0]);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
