import { hasNoControlCharacters } from "~/infra/control-characters";

/** Where sign-in may send the trainer afterwards: the back office and nothing else. */
export const REDIRECT_PREFIX = "/admin";

/**
 * The sign-in redirect target as a clean same-site path, or the fallback. The target is
 * resolved against the site's own origin the way a browser would resolve a Location header,
 * so tricks that a prefix check misses (`/\tevil.example`, `/\\evil.example`, `/%09/evil`,
 * `/admin/../elsewhere`) are judged by where they really lead. Control characters and
 * backslashes are refused outright: browsers drop or rewrite them, and a line break in a
 * Location header is not even a valid response.
 */
export function safeRedirectPath(value: unknown, siteUrl: string, fallback = REDIRECT_PREFIX): string {
  if (typeof value !== "string" || value === "" || value.length > 2000) return fallback;
  if (!hasNoControlCharacters(value) || value.includes("\\")) return fallback;
  const origin = new URL(siteUrl).origin;
  let target: URL;
  try {
    target = new URL(value, `${origin}/`);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  if (target.pathname !== REDIRECT_PREFIX && !target.pathname.startsWith(`${REDIRECT_PREFIX}/`)) return fallback;
  // Re-serialised by the URL parser: percent-encoded, so it is always a valid header value.
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Back-office addresses that answer with a file to a plain link (CSV exports, backups),
 * and the page each is started from. A download asks for a fresh code like the pages it belongs
 * to; after the code the trainer lands on a page that starts it, not on the file's address.
 */
const DOWNLOADS: [RegExp, string][] = [
  [/^\/admin\/export\/leads\.csv(\?|$)/, "/admin"],
  [/^\/admin\/export\/event-signups\.csv(\?|$)/, "/admin/event-signups"],
  [/^\/admin\/export\/subscribers\.csv(\?|$)/, "/admin/subscribers"],
  [/^\/admin\/export\/orders\.csv(\?|$)/, "/admin/orders"],
  [/^\/admin\/backups\/[^/?]+(\?|$)/, "/admin"],
];

/** The page a download is started from, or null when the path is not a download. */
export function downloadOrigin(path: string): string | null {
  return DOWNLOADS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
