import "./zod-config";
import { z } from "zod";
import type { FirstTouch } from "#db/schema";
import { hasNoControlCharacters, withoutInvisibleFormatting } from "./control-characters";
import { CONSENT_COOKIE } from "./consent-cookie";

export type { FirstTouch };

/**
 * The first-party source of a visit: what brought the visitor (UTM parameters, the referring
 * site's host, the landing page, the day), copied onto each lead, subscriber and order.
 *
 * Remembering it across page views means storing something on the visitor's device, which the
 * Dutch Telecommunications Act allows only when strictly necessary or with consent; knowing which
 * campaign worked is neither. So the first_touch cookie is set only for a visitor who accepted
 * analytics (CONSENT_COOKIE). Without that, a submission is credited with what the request itself
 * carries: the page the form was sent from (its Referer). That page's address carries the source in
 * VIA_PARAM when the visitor came from a campaign link or another site and then moved on inside this
 * one: the landing page's source is put in the page (carriedTouchOf) and added to this site's links
 * as they are followed (viaScript), so nothing is stored on the device.
 */
export const FIRST_TOUCH_COOKIE = "first_touch";
/** Browsers drop cookies over 4 KB; this one stays far below whatever the campaign link holds. */
export const MAX_FIRST_TOUCH_COOKIE = 1_000;
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

/** A label from the visitor's request: no control characters, no bidi or zero-width characters. */
function clean(value: string | null | undefined, max = MAX_VALUE): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = withoutInvisibleFormatting(value).trim().slice(0, max);
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

/**
 * Compact cookie value (short keys, URL-encoded) of at most MAX_FIRST_TOUCH_COOKIE characters:
 * long values (non-Latin text takes up to 15 characters per letter once encoded) are shortened,
 * the longest first. parseFirstTouch reads it back.
 */
export function serializeFirstTouch(touch: FirstTouch): string {
  const fitted = { ...touch };
  for (let value = encode(fitted); value.length > MAX_FIRST_TOUCH_COOKIE; value = encode(fitted)) {
    const keys = [...UTM_FIELDS.map(([, key]) => key), "referrer" as const, "landingPath" as const];
    const longest = keys.reduce((a, b) => ((fitted[b]?.length ?? 0) > (fitted[a]?.length ?? 0) ? b : a));
    const current = fitted[longest] ?? "";
    // Never split a UTF-16 surrogate pair: that would not encode at all.
    const cut = Array.from(current)
      .slice(0, Math.floor(Array.from(current).length / 2))
      .join("");
    if (longest === "landingPath") fitted.landingPath = cut.startsWith("/") ? cut : "/";
    else if (cut) fitted[longest] = cut;
    else delete fitted[longest];
  }
  return encode(fitted);
}

function encode(touch: FirstTouch): string {
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

/** The query parameter that carries a visit's source from page to page (the cookie's compact form). */
export const VIA_PARAM = "via";

/** The source a page's address carries in VIA_PARAM, or null. */
function viaOf(url: URL): FirstTouch | null {
  const via = url.searchParams.get(VIA_PARAM);
  return via ? parseFirstTouch(via) : null;
}

/**
 * The source this page's links should carry on (VIA_PARAM's value), or null: the one the address
 * already carries, else for a landing from a campaign link or from another site, that landing.
 * A visitor moving between this site's pages without one carries nothing (a direct visit).
 */
export function carriedTouchOf(request: Request, now = new Date()): string | null {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  const carried = viaOf(url);
  if (carried) return serializeFirstTouch(carried);
  const touch = firstTouchOf({ url, referer: request.headers.get("referer"), now });
  const fromOutside = UTM_FIELDS.some(([, key]) => touch[key]) || touch.referrer !== undefined;
  return fromOutside ? serializeFirstTouch(touch) : null;
}

/**
 * The inline script of a page that carries a source (carriedTouchOf): the address gets VIA_PARAM
 * (so a form on this page sends it in its Referer), and each link to another page of this site
 * gets it as it is followed. Nothing is stored; the back office and file downloads are left alone.
 */
export function viaScript(via: string): string {
  const value = JSON.stringify(via).replaceAll("<", "\\u003c");
  return `(()=>{var V=${value},P=${JSON.stringify(VIA_PARAM)};function add(h){var u=new URL(h,location.href);if(u.origin!==location.origin||/^\\/(admin|media|download|api)\\b/.test(u.pathname)||u.searchParams.has(P))return null;u.searchParams.set(P,V);return u.href}
try{var h=add(location.href);h&&history.replaceState(history.state,"",h)}catch(e){}
function go(e){var a=e.target.closest&&e.target.closest("a[href]");if(!a||a.hasAttribute("download"))return;var h=add(a.href);if(h)a.href=h}
addEventListener("click",go,true);addEventListener("auxclick",go,true);addEventListener("contextmenu",go,true)})();`;
}

/**
 * The source to store with a form or checkout: the first_touch cookie of a visitor who accepted
 * analytics, else what the request itself carries: the site's page it was sent from, with the
 * source that page's address carries on (VIA_PARAM) or its own UTM parameters.
 */
export function firstTouchOfRequest(request: Request, now = new Date()): FirstTouch | null {
  const stored = parseFirstTouch(cookieValue(request.headers.get("cookie")));
  if (stored) return stored;
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const page = new URL(referer);
    if (page.host !== new URL(request.url).host) return null;
    return viaOf(page) ?? firstTouchOf({ url: page, referer: undefined, now });
  } catch {
    return null;
  }
}

/** Whether the request's cookies say the visitor accepted analytics. */
export function acceptedAnalytics(cookieHeader: string | null | undefined): boolean {
  return cookieValue(cookieHeader, CONSENT_COOKIE) === "accepted";
}

/** One readable name per source, for grouping: the campaign source, else the referring site, else direct. */
export function sourceLabel(touch: FirstTouch | null | undefined): string {
  if (!touch) return "(unknown)";
  // Rows stored before invisible characters were stripped (clean) are shown without them too.
  if (touch.utmSource) return withoutInvisibleFormatting(touch.utmSource).toLowerCase();
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
