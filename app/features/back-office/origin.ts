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

/** Only same-site paths are followed after sign-in, never another host. */
export function safeRedirectPath(value: unknown, fallback = "/admin"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return fallback;
  return value;
}
