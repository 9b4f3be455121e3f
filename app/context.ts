import { createContext, RouterContextProvider, type RouterContext } from "react-router";
import type { Database } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import type { Backups } from "~/infra/backup-schedule.server";
import type { Alarms } from "~/infra/alarms.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import type { PaymentProvider } from "~/features/checkout/provider.server";
import type { OrderConfirmations } from "~/features/checkout/order-confirmation.server";
import type { Outbox } from "~/features/leads/outbox.server";
import type { BackOfficeAuth } from "~/features/auth/auth.server";
import type { SiteContentStore } from "~/content-kinds.server";
import type { TrainerPush } from "~/infra/push.server";
import type { NewsletterSending } from "~/features/newsletter/worker.server";
import type { Messages } from "~/features/messages/messages.server";
import type { FollowUps } from "~/features/follow-ups/follow-ups.server";

// What loaders and actions get. server/services.ts builds the services; features import the
// types from here (never from server/), and nothing this file imports imports it back.

/**
 * Everything with state or a connection, created once by the server and handed to
 * loaders and actions through the router context (never a module-level global).
 */
export interface AppServices {
  env: Env;
  logger: Logger;
  database: Database;
  /** Secret for signing links and sessions (from AUTH_SECRET, or generated once under DATA_DIR). */
  secret: string;
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
  payments: PaymentProvider;
  /** SMTP mailer, or null when SMTP_URL is unset. */
  mailer: Mailer | null;
  /** Durable local queue for submissions the database could not take (DATA_DIR/outbox.jsonl, outbox-dead.jsonl). */
  outbox: Outbox;
  /** Scheduled backups and the newest good one (BACKUP_DIR). */
  backups: Backups;
  /** The alarms' checks (null where no background work runs: scripts, tests); the drills call one on demand. */
  alarms: Alarms | null;
  /** After a payment: queues the buyer's confirmation with the terms and the trainer's notice. */
  orderConfirmations: OrderConfirmations;
  /** Sends started newsletter issues in the background; null without SMTP (and in scripts). */
  newsletter: NewsletterSending | null;
  /** The one engine for every outgoing e-mail, push and web hook (docs/decisions/056). */
  messages: Messages;
  /** The follow-ups' engine, addresses and clock, for the causes that plan them (docs/decisions/069, 079). */
  followUps: FollowUps;
  /** Web Push to the trainer's devices (new lead, booked call, paid order). */
  push: TrainerPush;
  /** Back-office authentication (better-auth: sessions, TOTP, JWKS). */
  auth: BackOfficeAuth;
  /** The content model: articles, offers, events, ... (app/features/content/store.server.ts). */
  content: SiteContentStore;
  /**
   * Changes whenever anything a public page shows changes: public pages are revalidated against it
   * (ETag, docs/decisions/017-islands-and-per-request-pages.md). The build id, joined by the
   * revision of any content kept in the database; an edit must change it within 5 s, and at once
   * when read `fresh` (the page cache: docs/decisions/074-public-pages-from-a-cache.md).
   */
  contentRevision(options?: { fresh?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** What the server puts into every loader's and action's context. */
export interface RequestContext {
  services: AppServices;
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** Client address as seen through TRUST_PROXY hops. */
  clientIp: string;
  /** Puts the built stylesheet inside server-rendered HTML (server/page-cache.ts). */
  inlineCss?: (html: string, nonce?: string) => string;
  /** The page's ETag when it is revalidated by content revision; sent with a 200 (server/page-cache.ts). */
  etag?: string;
  /** Built files of each island entry, entry first (server/islands.ts). */
  islands?: Record<string, string[]>;
}

/**
 * The request's context as the router carries it (middleware, loaders and actions get a
 * RouterContextProvider): server/app.ts sets it for every request. The server runtime and the
 * router's build are two bundles, each with its own copy of this module, and a context is found by
 * identity: the one key lives on globalThis under a registered symbol, so both copies share it.
 */
const KEY = Symbol.for("mila-jansen-coaching.request-context");
const registry = globalThis as typeof globalThis & { [KEY]?: RouterContext<RequestContext> };
export const requestContext: RouterContext<RequestContext> = (registry[KEY] ??= createContext<RequestContext>());

/** A router context holding `ctx`: what the server hands the router, and what tests call a route with. */
export function routerContextOf(ctx: RequestContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[requestContext, ctx]]));
}

/**
 * The server's services for a loader, action or middleware. A route called without the server's
 * context (a unit test) gets a clear error instead of undefined access.
 */
export function requireServices(context: Readonly<RouterContextProvider>): RequestContext {
  let ctx: RequestContext | undefined;
  try {
    ctx = context.get(requestContext);
  } catch {
    ctx = undefined;
  }
  if (!ctx?.services || !ctx.cspNonce || ctx.clientIp === undefined) {
    throw new Error("Server services are not available (was the loader called outside the server?)");
  }
  return ctx;
}
