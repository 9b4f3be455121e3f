/** True when the request's Origin (or Referer when Origin is absent) is the site's own origin. */
export function isSameOrigin(origin: string | null, referer: string | null, siteUrl: string): boolean {
  const expected = new URL(siteUrl).origin;
  if (origin && origin !== "null") return origin === expected;
  if (!referer) return false;
  try {
    return new URL(referer).origin === expected;
  } catch {
    return false;
  }
}
