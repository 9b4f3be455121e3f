import "./zod-config";
import { z } from "zod";
import type { FirstTouch } from "#db/schema";
import { hasNoControlCharacters } from "./control-characters";

export type { FirstTouch };

/**
 * The first-party source of a visit: what brought the visitor the first time (UTM parameters,
 * the referring site's host, the landing page, the day). Kept in a first-party cookie that only
 * this site's server reads and that goes to nobody else, then copied onto each lead, subscriber
 * and order. No identifier, no tracking across sites: it needs no consent.
 */
export const FIRST_TOUCH_COOKIE = "first_touch";
/** Long enough for a visitor who reads a few posts and comes back to sign up weeks later. */
export const FIRST_TOUCH_MAX_AGE_S = 90 * 86_400;

const UTM_FIELDS = [
  ["utm_source", "utmSource", "s"],
  ["utm_medium", "utmMedium", "m"],
  ["utm_campaign", "utmCampaign", "c"],
  ["utm_term", "utmTerm", "t"],
  ["utm_content", "utmContent", "n"],
] as const;

const MAX_VALUE = 100;
const MAX_PATH = 200;

function clean(value: string | null | undefined, max = MAX_VALUE): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().slice(0, max);
  return trimmed && hasNoControlCharacters(trimmed) ? trimmed : undefined;
}

/**
 * The source of a first page view: UTM parameters of the URL, the Referer's host when it is
 * another site (a visitor moving between this site's pages is no referral), the path, the day.
 */
export function firstTouchOf(input: { url: URL; referer: string | null | undefined; now: Date }): FirstTouch {
  const touch: FirstTouch = {
    landingPath: clean(input.url.pathname, MAX_PATH) ?? "/",
    firstSeen: input.now.toISOString().slice(0, 10),
  };
  for (const [param, key] of UTM_FIELDS) {
    const value = clean(input.url.searchParams.get(param));
    if (value) touch[key] = value;
  }
  if (input.referer) {
    try {
      const host = new URL(input.referer).hostname.toLowerCase();
      if (host && host !== input.url.hostname.toLowerCase()) touch.referrer = clean(host);
    } catch {
      // not a URL: no referrer
    }
  }
  return touch;
}

/** Compact cookie value (short keys, URL-encoded); parseFirstTouch reads it back. */
export function serializeFirstTouch(touch: FirstTouch): string {
  const params = new URLSearchParams();
  for (const [, key, short] of UTM_FIELDS) {
    const value = touch[key];
    if (value) params.set(short, value);
  }
  if (touch.referrer) params.set("r", touch.referrer);
  params.set("p", touch.landingPath);
  params.set("d", touch.firstSeen);
  return encodeURIComponent(params.toString());
}

/** The cookie's value as a FirstTouch, or null when it is missing or not one of ours. */
export function parseFirstTouch(value: string | null | undefined): FirstTouch | null {
  if (!value || value.length > 2000) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(decodeURIComponent(value));
  } catch {
    return null;
  }
  const landingPath = clean(params.get("p"), MAX_PATH);
  const firstSeen = params.get("d") ?? "";
  if (!landingPath?.startsWith("/") || !/^\d{4}-\d{2}-\d{2}$/.test(firstSeen)) return null;
  const touch: FirstTouch = { landingPath, firstSeen };
  for (const [, key, short] of UTM_FIELDS) {
    const v = clean(params.get(short));
    if (v) touch[key] = v;
  }
  const referrer = clean(params.get("r"));
  if (referrer && /^[a-z0-9.-]+$/.test(referrer)) touch.referrer = referrer;
  return touch;
}

/** The first_touch cookie of a request's Cookie header. */
export function cookieValue(cookieHeader: string | null | undefined, name = FIRST_TOUCH_COOKIE): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** The visitor's first touch, as their browser sent it with a form or checkout. */
export function firstTouchOfRequest(request: Request): FirstTouch | null {
  return parseFirstTouch(cookieValue(request.headers.get("cookie")));
}

/** One readable name per source, for grouping: the campaign source, else the referring site, else direct. */
export function sourceLabel(touch: FirstTouch | null | undefined): string {
  if (!touch) return "(unknown)";
  if (touch.utmSource) return touch.utmSource.toLowerCase();
  if (touch.referrer) return touch.referrer.replace(/^www\./, "");
  return "direct";
}

/** The stored shape, checked again when an outbox entry is replayed. */
export const firstTouchSchema: z.ZodType<FirstTouch> = z.object({
  utmSource: z.string().max(MAX_VALUE).optional(),
  utmMedium: z.string().max(MAX_VALUE).optional(),
  utmCampaign: z.string().max(MAX_VALUE).optional(),
  utmTerm: z.string().max(MAX_VALUE).optional(),
  utmContent: z.string().max(MAX_VALUE).optional(),
  referrer: z.string().max(MAX_VALUE).optional(),
  landingPath: z.string().max(MAX_PATH),
  firstSeen: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
