/**
 * A page whose HTML carries the request's CSP nonce must never be stored by a shared cache
 * (a CDN or proxy would hand the same nonce to every visitor, turning it into a constant an
 * injected script could copy). The visitor's own browser may keep it: `public` becomes
 * `private` and shared-cache directives go.
 */
export function privateCacheControl(value: string): string {
  const directives = value
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d !== "" && !/^(public|s-maxage=.*|proxy-revalidate)$/i.test(d));
  const storable = !directives.some((d) => /^(no-store|private)$/i.test(d));
  return (storable ? ["private", ...directives] : directives).join(", ");
}

/** A page revalidated by ETag: the visitor's browser may keep it, but asks the server each time. */
export const REVALIDATE = "private, no-cache";
