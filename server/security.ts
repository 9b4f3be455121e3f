import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "~/infra/env.server";

/**
 * Third-party origins the pages may use; everything else is blocked by the CSP.
 * Scripts are trusted by nonce or by the hash of their text, never by host: a host allow-list (the
 * tag manager's, say) lets anyone who can put a file or a JSONP endpoint on that host run script
 * here. 'strict-dynamic' passes the trust on to the scripts a trusted script adds itself, which is
 * how the islands, the tag manager and the scheduling widget load ('self' remains for browsers
 * without it). A page answered from the page cache names its inline scripts' hashes instead of a
 * nonce, so its bytes are the same for every visitor (docs/decisions/074-public-pages-from-a-cache.md).
 */
export function contentSecurityPolicy(env: Env, scripts: ScriptTrust, secure: boolean): string {
  const scheduling = new URL(env.SCHEDULING_URL).origin;
  const widget = new URL(env.SCHEDULING_WIDGET_SCRIPT).origin;
  const notion = env.NOTION_EMBED_URL ? new URL(env.NOTION_EMBED_URL).origin : null;
  const stripeCheckout = "https://checkout.stripe.com";
  // The tag manager's hosts only when one is configured: without it nothing of Google's runs here.
  const gtm = "https://www.googletagmanager.com";
  const analytics = "https://*.google-analytics.com";
  const tagImages = env.GTM_ID ? [gtm, analytics] : [];
  const tagConnections = env.GTM_ID ? [analytics, "https://*.analytics.google.com", gtm] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...("nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes),
      "'strict-dynamic'",
    ],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'", widget],
    "img-src": ["'self'", "data:", "blob:", ...tagImages],
    // Fonts, media, fetches and the manifest fall back to default-src: a directive is written only
    // where it allows more (the tag manager's connections), which saves every answer ~80 bytes.
    ...(tagConnections.length ? { "connect-src": ["'self'", ...tagConnections] } : {}),
    "frame-src": [scheduling, widget, ...(notion ? [notion] : [])],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", stripeCheckout],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Workers fall back to script-src, not default-src.
    "worker-src": ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`);
  if (secure) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** A response's inline scripts are trusted by its nonce, or (cached pages) by their `'sha256-…'` sources. */
type ScriptTrust = { nonce: string } | { hashes: readonly string[] };

/** Security headers on every response, with a fresh nonce in res.locals.cspNonce. */
export function securityHeaders(env: Env): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, { nonce }, req.secure));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    );
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Origin-Agent-Cluster", "?1");
    res.setHeader("X-DNS-Prefetch-Control", "off");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    next();
  };
}

/** A DNS name or IPv4 address (ASCII: browsers send internationalised names in punycode). */
const HOST_NAME = /^[A-Za-z0-9._-]{1,253}$/;
const IPV6_LITERAL = /^\[[0-9A-Fa-f:.]{2,45}\]$/;

/**
 * Whether a Host (or X-Forwarded-Host) value is a host and an optional port of 1 to 65535 that a
 * page's address can be made of. The router's request adapter makes a URL from it and throws on
 * anything else (`a b`, `localhost:99999`, `[::1`, `%`), which would answer 500 with a stack trace.
 */
export function isValidHost(value: string): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, host = "", port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  if (!HOST_NAME.test(host) && !IPV6_LITERAL.test(host)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}
