import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { session as sessionTable } from "#db/schema";
import { appendAudit } from "~/infra/audit-log.server";
import type { Database, Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Mailer } from "~/infra/mail.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import { RECENT_CODE_SECONDS, TRUSTED_SESSION_SECONDS, type BackOfficeAuth } from "./auth.server";
import { isSameOrigin } from "~/infra/same-origin";
import { AccessTokenError, verifyAccessToken } from "./access-token.server";

/** What the back office needs from the request context (the server's AppServices has it all). */
export interface BackOfficeContext {
  services: {
    env: Pick<Env, "SITE_URL">;
    database: Pick<Database, "db">;
    auth: BackOfficeAuth;
    mailer: Mailer | null;
    rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  };
  clientIp: string;
}

export type AuditAction =
  | "data.lookup"
  | "data.export"
  | "data.erase"
  | "sign-in"
  | "sign-in.password-ok"
  | "sign-in.failed"
  | "sign-in.rate-limited"
  | "verify.failed"
  | "verify.step-up"
  | "sign-out"
  | "factor.enrolled"
  | "factor.removed"
  | "password.changed"
  | "password.reset-requested"
  | "password.reset"
  | "account.created"
  | "lead.updated"
  | "export.csv"
  | "export.image"
  | "export.backup"
  | "held.accepted"
  | "held.deleted"
  | "held.deleted-like"
  | "message.retried"
  | "follow-up.cancelled"
  | "subscriber.suppression-lifted"
  | "subscriber.tagged"
  | "subscribers.imported";

export async function audit(
  db: Db,
  entry: { action: AuditAction; userId?: string | null; ip?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await appendAudit(db, {
    action: entry.action,
    userId: entry.userId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * Headers for server-side calls into better-auth: the visitor's cookies, with the client
 * address as our server resolved it (a raw X-Forwarded-For could be set by anyone).
 */
export function authHeaders(request: Request, clientIp: string, extraCookie?: string): Headers {
  const headers = new Headers();
  const cookie = [request.headers.get("cookie"), extraCookie].filter(Boolean).join("; ");
  if (cookie) headers.set("cookie", cookie);
  headers.set("x-forwarded-for", clientIp);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const origin = request.headers.get("origin");
  if (origin) headers.set("origin", origin);
  return headers;
}

/**
 * Cross-site request forgery guard for the back office's own actions: the browser's
 * Origin (or, failing that, Referer) must be this site. SameSite=Lax cookies are the second layer.
 */
export function assertSameOrigin(request: Request, siteUrl: string): void {
  if (!isSameOrigin(request.headers.get("origin"), request.headers.get("referer"), siteUrl)) {
    throw data(
      { ok: false as const, message: "This request did not come from the back office. Reload the page and try again." },
      { status: 403 },
    );
  }
}

export type Assurance = "aal1" | "aal2";

export interface TrainerSession {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  session: {
    id: string;
    token: string;
    aal: Assurance;
    expiresAt: Date;
    createdAt: Date;
    /** On a device the trainer marked as hers: lasts TRUSTED_SESSION_SECONDS from sign-in. */
    trusted: boolean;
    /** When the second factor was last checked on this session. */
    verifiedAt: Date | null;
  };
  /** Set-Cookie headers from a renewed session; forward them with the response. */
  headers: Headers;
}

/** The signed-in trainer, or null; renews the session when it is due. */
export async function getTrainerSession(request: Request, ctx: BackOfficeContext): Promise<TrainerSession | null> {
  const { headers, response } = await ctx.services.auth.api.getSession({
    headers: authHeaders(request, ctx.clientIp),
    returnHeaders: true,
  });
  if (!response) return null;
  const createdAt = new Date(response.session.createdAt);
  const trusted = response.session.trusted === true;
  // A trusted session ends 7 days after sign-in even if she kept using it (better-auth would
  // otherwise keep sliding it 30 minutes at a time past that).
  if (trusted && Date.now() - createdAt.getTime() > TRUSTED_SESSION_SECONDS * 1000) {
    await ctx.services.database.db.delete(sessionTable).where(eq(sessionTable.id, response.session.id));
    return null;
  }
  const forward = new Headers();
  for (const cookie of headers.getSetCookie()) forward.append("Set-Cookie", cookie);
  return {
    user: {
      id: response.user.id,
      email: response.user.email,
      name: response.user.name,
      twoFactorEnabled: response.user.twoFactorEnabled === true,
    },
    session: {
      id: response.session.id,
      token: response.session.token,
      aal: response.session.aal === "aal2" ? "aal2" : "aal1",
      expiresAt: new Date(response.session.expiresAt),
      createdAt,
      trusted,
      verifiedAt: response.session.verifiedAt ? new Date(response.session.verifiedAt) : null,
    },
    headers: forward,
  };
}

export function loginRedirect(url: URL, reason?: "expired" | "step-up"): Response {
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  if (reason) params.set("reason", reason);
  return redirect(`/admin/login?${params.toString()}`);
}

/** Whether the second factor was checked on this session within the last RECENT_CODE_SECONDS. */
export const hasRecentCode = (trainer: TrainerSession, now = Date.now()) =>
  trainer.session.verifiedAt !== null && now - trainer.session.verifiedAt.getTime() <= RECENT_CODE_SECONDS * 1000;

/** The session check behind signedInTrainer. */
async function requireTrainer(
  request: Request,
  url: URL,
  ctx: BackOfficeContext,
  options: { allowWithoutFactor?: boolean },
): Promise<TrainerSession> {
  const trainer = await getTrainerSession(request, ctx);
  if (!trainer) throw loginRedirect(url);
  if (trainer.user.twoFactorEnabled && trainer.session.aal !== "aal2") throw loginRedirect(url, "step-up");
  if (!trainer.user.twoFactorEnabled && !options.allowWithoutFactor)
    throw redirect("/admin/security?enrol=1", { headers: trainer.headers });
  return trainer;
}

// The back office's guards run as React Router middleware, declared where the routes are bound
// (docs/back-office-kit.md): no route calls them itself.

const trainerContext = createContext<TrainerSession>();

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How a route reads the back office's services from the router context (the routes bind requireServices). */
export type BackOfficeServices = (context: Readonly<RouterContextProvider>) => BackOfficeContext;

/** On the back office's layout: every request that changes something comes from the back office itself. */
export function sameOriginWrites(servicesOf: BackOfficeServices): MiddlewareFunction<Response> {
  return ({ request, context }) => {
    if (!READS.has(request.method)) assertSameOrigin(request, servicesOf(context).services.env.SITE_URL);
  };
}

/**
 * On the signed-in layout (and on a page open before the second factor is set up, with
 * `allowWithoutFactor`): a session is required; once a factor is verified the session must be aal2;
 * without a factor only the enrolment page is open. The trainer is then in the context (trainerOf).
 */
export function signedInTrainer(
  servicesOf: BackOfficeServices,
  options: { allowWithoutFactor?: boolean } = {},
): MiddlewareFunction<Response> {
  return async ({ request, url, context }) => {
    context.set(trainerContext, await requireTrainer(request, url, servicesOf(context), options));
  };
}

/**
 * Declared by a route whose every request (or, with `writesOnly`, every form) needs the code from
 * the last 15 minutes (data requests, erasure, exports, account security): else the trainer
 * confirms it first and comes back to the page (a form is sent again).
 */
export function stepUp({ writesOnly = false } = {}): MiddlewareFunction<Response> {
  return ({ request, url, context }) => {
    if (writesOnly && READS.has(request.method)) return;
    const trainer = trainerOf(context);
    if (!trainer.user.twoFactorEnabled || hasRecentCode(trainer)) return;
    const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
    throw redirect(`/admin/confirm?${params.toString()}`, { headers: trainer.headers });
  };
}

const exportCallerContext = createContext<{ userId: string; headers: Headers }>();

/**
 * For a download scripts may fetch (a spreadsheet import, a backup job): an access token from
 * /api/auth/token, made by an aal2 session, stands in for the session cookie; the trainer herself
 * is signed in with the code from the last 15 minutes. The caller is then in the context
 * (exportCallerOf).
 */
export function accessTokenOrRecentCode(servicesOf: BackOfficeServices): MiddlewareFunction<Response> {
  const signedIn = signedInTrainer(servicesOf);
  const recentCode = stepUp();
  return async (args, next) => {
    const { request, context } = args;
    const header = request.headers.get("authorization");
    if (!header?.startsWith("Bearer ")) {
      await signedIn(args, next);
      await recentCode(args, next);
      const trainer = trainerOf(context);
      context.set(exportCallerContext, { userId: trainer.user.id, headers: trainer.headers });
      return;
    }
    const { services } = servicesOf(context);
    const origin = new URL(services.env.SITE_URL).origin;
    try {
      const claims = await verifyAccessToken(header.slice(7).trim(), await services.auth.api.getJwks(), {
        issuer: origin,
        audience: origin,
      });
      if (claims.aal !== "aal2")
        throw new Response("This token was issued without the second factor.", { status: 403 });
      context.set(exportCallerContext, { userId: claims.sub, headers: new Headers() });
    } catch (error) {
      if (error instanceof AccessTokenError)
        throw new Response(error.message, {
          status: 401,
          headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
        });
      throw error;
    }
  };
}

/** Who fetches the download, as accessTokenOrRecentCode found them. */
export function exportCallerOf(context: Readonly<RouterContextProvider>): { userId: string; headers: Headers } {
  return context.get(exportCallerContext);
}

/** The signed-in trainer, as the signed-in layout's middleware found her. */
export function trainerOf(context: Readonly<RouterContextProvider>): TrainerSession {
  return context.get(trainerContext);
}

/** Route `headers` export for back-office pages: forwards renewed session cookies. */
export function forwardSessionHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const out = new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });
  for (const source of [loaderHeaders, actionHeaders])
    for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

/**
 * A file the trainer downloads: never cached, never indexed, named `${name}-YYYY-MM-DD.${ext}` (by
 * date, never by a person), with the renewed session cookies of the request.
 */
export function downloadResponse(
  body: BodyInit,
  { type, name, ext, sessionHeaders }: { type: string; name: string; ext: string; sessionHeaders: Headers },
): Response {
  const day = new Date().toISOString().slice(0, 10);
  const headers = new Headers({
    "Content-Type": `${type}; charset=utf-8`,
    "Content-Disposition": `attachment; filename="${name}-${day}.${ext}"`,
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
  });
  for (const cookie of sessionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(body, { headers });
}

/** Per-address and per-account limits for sign-in and second-factor checks. */
export async function checkAuthRateLimit(
  ctx: BackOfficeContext,
  kind: "sign-in" | "verify" | "reset",
  account?: string,
): Promise<number | null> {
  const { services, clientIp } = ctx;
  const limits = [services.rateLimit(`auth:${kind}:ip:${clientIp}`, 20, 15 * 60)];
  if (account) limits.push(services.rateLimit(`auth:${kind}:acct:${account.trim().toLowerCase()}`, 8, 15 * 60));
  const results = await Promise.all(limits);
  const blocked = results.filter((r) => !r.allowed);
  return blocked.length ? Math.max(...blocked.map((r) => r.retryAfter)) : null;
}
