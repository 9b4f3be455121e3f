import type { AppServices } from "./services.server";

/** What the server puts into every loader's and action's context. */
export interface RequestContext {
  services: AppServices;
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** Client address as seen through TRUST_PROXY hops. */
  clientIp: string;
  /** Puts the built stylesheet inside server-rendered HTML, as prerendered pages have it (server/prerendered.ts). */
  inlineCss?: (html: string) => string;
}

declare module "react-router" {
  // Optional: loaders of prerendered pages run at build time with an empty context.
  interface AppLoadContext {
    services?: AppServices;
    cspNonce?: string;
    clientIp?: string;
    inlineCss?: (html: string) => string;
  }
}

/**
 * Loaders of prerendered pages run at build time without services; anything that
 * needs the database calls this and gets a clear error instead of undefined access.
 */
export function requireServices(context: Partial<RequestContext>): RequestContext {
  if (!context.services || !context.cspNonce || context.clientIp === undefined) {
    throw new Error("Server services are not available (is this code running during prerender?)");
  }
  return context as RequestContext;
}
