import { and, eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import { session as sessionTable, twoFactor as twoFactorTable } from "#db/schema";
import { ISSUER_NAME, TRUSTED_SESSION_SECONDS } from "./auth.server";
import { normaliseBackupCode } from "./backup-codes";
import { audit, authHeaders, checkAuthRateLimit, type BackOfficeContext, type TrainerSession } from "./guard.server";

export type FlowResult<T = object> =
  | ({ ok: true; headers: Headers } & T)
  | { ok: false; status: number; message: string; field?: string; headers?: Headers };

const TOO_MANY = (seconds: number) =>
  `Too many attempts. Wait ${Math.max(1, Math.ceil(seconds / 60))} minute${seconds > 60 ? "s" : ""} and try again.`;

function setCookies(source: Headers): Headers {
  const out = new Headers();
  for (const cookie of source.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

function apiMessage(error: unknown): { status: number; code: string } | null {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return { status: error.statusCode, code: body?.code ?? "" };
  }
  return null;
}

export async function signInWithPassword(
  request: Request,
  ctx: BackOfficeContext,
  input: { email: string; password: string },
): Promise<FlowResult<{ next: "verify" | "done" }>> {
  const { services, clientIp } = ctx;
  const email = input.email.trim().toLowerCase();
  const blocked = await checkAuthRateLimit(ctx, "sign-in", email);
  if (blocked !== null) {
    await audit(services.database.db, { action: "sign-in.rate-limited", ip: clientIp, detail: { email } });
    return { ok: false, status: 429, message: TOO_MANY(blocked) };
  }
  try {
    const { headers, response } = await services.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      await audit(services.database.db, { action: "sign-in.password-ok", ip: clientIp, detail: { email } });
      return { ok: true, next: "verify", headers: setCookies(headers) };
    }
    const userId = "user" in response ? response.user.id : null;
    await audit(services.database.db, { action: "sign-in", userId, ip: clientIp, detail: { email, aal: "aal1" } });
    return { ok: true, next: "done", headers: setCookies(headers) };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    await audit(services.database.db, { action: "sign-in.failed", ip: clientIp, detail: { email, code: known.code } });
    return { ok: false, status: 401, message: "That e-mail address and password do not match an account." };
  }
}

/**
 * The second step of a sign-in (the challenge cookie from the password step), or, with `stepUp`,
 * the trainer confirming a sensitive action on the session she already has. `trust` marks the
 * new session's device as hers: the session then lasts TRUSTED_SESSION_SECONDS from now.
 */
export async function verifySecondFactor(
  request: Request,
  ctx: BackOfficeContext,
  input: { code: string; method: "totp" | "backup"; trust?: boolean },
  stepUp?: TrainerSession,
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  const blocked = await checkAuthRateLimit(ctx, "verify");
  if (blocked !== null) return { ok: false, status: 429, message: TOO_MANY(blocked), field: "code" };
  const headers = authHeaders(request, clientIp);
  try {
    const result =
      input.method === "totp"
        ? await services.auth.api.verifyTOTP({
            body: { code: input.code.replace(/\s+/g, "") },
            headers,
            returnHeaders: true,
          })
        : await services.auth.api.verifyBackupCode({
            body: { code: normaliseBackupCode(input.code) },
            headers,
            returnHeaders: true,
          });
    const db = services.database.db;
    if (stepUp) {
      await db.update(sessionTable).set({ verifiedAt: new Date() }).where(eq(sessionTable.id, stepUp.session.id));
      await audit(db, {
        action: "verify.step-up",
        userId: stepUp.user.id,
        ip: clientIp,
        detail: { method: input.method },
      });
      return { ok: true, headers: setCookies(result.headers) };
    }
    let cookies = setCookies(result.headers);
    const token = result.response.token;
    if (input.trust && token) {
      const expiresAt = new Date(Date.now() + TRUSTED_SESSION_SECONDS * 1000);
      await db.update(sessionTable).set({ trusted: true, expiresAt }).where(eq(sessionTable.token, token));
      cookies = trustedCookies(result.headers, expiresAt);
    }
    await audit(db, {
      action: "sign-in",
      userId: result.response.user.id,
      ip: clientIp,
      detail: { aal: "aal2", method: input.method, trusted: input.trust === true },
    });
    return { ok: true, headers: cookies };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    await audit(services.database.db, {
      action: "verify.failed",
      ip: clientIp,
      detail: { method: input.method, code: known.code },
    });
    if (known.code === "INVALID_TWO_FACTOR_COOKIE" || known.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      return {
        ok: false,
        status: 401,
        message: "This sign-in has expired. Sign in with your password again.",
        field: "restart",
      };
    }
    if (known.status === 429 || known.code === "ACCOUNT_TEMPORARILY_LOCKED") {
      return {
        ok: false,
        status: 429,
        message: "Too many wrong codes. The account is locked for 15 minutes.",
        field: "code",
      };
    }
    return { ok: false, status: 401, message: "That code is not valid. Check the app and try again.", field: "code" };
  }
}

/** The session cookie of a trusted device outlives the browser and lasts as long as its session. */
function trustedCookies(source: Headers, expiresAt: Date): Headers {
  const out = new Headers();
  for (const cookie of source.getSetCookie()) {
    const name = cookie.slice(0, cookie.indexOf("="));
    out.append(
      "Set-Cookie",
      name.endsWith("session_token")
        ? cookie
            .replace(/;\s*Max-Age=\d+/i, "")
            .replace(/;\s*Expires=[^;]*/i, "")
            .concat(`; Max-Age=${TRUSTED_SESSION_SECONDS}; Expires=${expiresAt.toUTCString()}`)
        : cookie,
    );
  }
  return out;
}

/** Enrolment step 1: checks the password, creates an unverified factor and shows its QR code. */
export interface Enrolment {
  qrDataUrl: string;
  secret: string;
  backupCodes: string[];
}

/**
 * Enrolment step 1: a new authenticator secret and backup codes, stored unconfirmed until the
 * first code. `extraCookie` carries the session cookie of a sign-in made in this same request.
 */
export async function startEnrolment(
  request: Request,
  ctx: BackOfficeContext,
  password: string,
  extraCookie?: string,
): Promise<FlowResult<Enrolment>> {
  const { services, clientIp } = ctx;
  try {
    const { totpURI, backupCodes } = (await services.auth.api.enableTwoFactor({
      body: { password },
      headers: authHeaders(request, clientIp, extraCookie),
    })) as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return { ok: true, headers: new Headers(), qrDataUrl: await totpQrDataUrl(totpURI), secret, backupCodes };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    if (known.code === "INVALID_PASSWORD")
      return { ok: false, status: 400, message: "That password is not correct.", field: "password" };
    return {
      ok: false,
      status: known.status,
      message: "Two-factor sign-in could not be set up. Reload the page and try again.",
    };
  }
}

/**
 * A sign-in with the password on an account without a second factor goes straight on to set one
 * up with that same password, so the trainer types it once. `signInHeaders` are the sign-in's own
 * Set-Cookie headers (the browser has not sent the new session cookie yet). Should it fail, the
 * security page asks for the password to start again, as before.
 */
export async function startEnrolmentAtSignIn(
  request: Request,
  ctx: BackOfficeContext,
  password: string,
  signInHeaders: Headers,
): Promise<void> {
  const cookie = signInHeaders
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await startEnrolment(request, ctx, password, cookie);
}

/** The enrolment started but not yet confirmed with a first code (after the sign-in, or on a reload). */
export async function pendingEnrolment(ctx: BackOfficeContext, trainer: TrainerSession): Promise<Enrolment | null> {
  const { services } = ctx;
  const [row] = await services.database.db
    .select({ secret: twoFactorTable.secret, backupCodes: twoFactorTable.backupCodes })
    .from(twoFactorTable)
    .where(and(eq(twoFactorTable.userId, trainer.user.id), eq(twoFactorTable.verified, false)));
  if (!row) return null;
  const { secretConfig } = await services.auth.$context;
  const secret = base32(await symmetricDecrypt({ key: secretConfig, data: row.secret }));
  // better-auth keeps the backup codes encrypted with the same key, as a JSON list.
  const backupCodes = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes })) as string[];
  const label = `${encodeURIComponent(ISSUER_NAME)}:${encodeURIComponent(trainer.user.email)}`;
  const query = new URLSearchParams({ secret, issuer: ISSUER_NAME, digits: "6", period: "30" });
  return { qrDataUrl: await totpQrDataUrl(`otpauth://totp/${label}?${query}`), secret, backupCodes };
}

/** RFC 4648 base32 without padding, as authenticator apps take a key: the stored secret is its raw text. */
function base32(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...Buffer.from(text, "utf8")].map((byte) => byte.toString(2).padStart(8, "0")).join("");
  return (bits.match(/.{1,5}/g) ?? []).map((chunk) => alphabet[parseInt(chunk.padEnd(5, "0"), 2)]).join("");
}

/** Enrolment step 2: the first code turns the factor on; this session becomes aal2 and all others end. */
export async function confirmEnrolment(
  request: Request,
  ctx: BackOfficeContext,
  trainer: TrainerSession,
  code: string,
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  const blocked = await checkAuthRateLimit(ctx, "verify", trainer.user.email);
  if (blocked !== null) return { ok: false, status: 429, message: TOO_MANY(blocked), field: "code" };
  try {
    const { headers } = await services.auth.api.verifyTOTP({
      body: { code: code.replace(/\s+/g, "") },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    // The session that just verified was re-issued as aal2; any session opened elsewhere
    // before enrolment never passed the factor, so it ends here.
    await services.database.db
      .delete(sessionTable)
      .where(and(eq(sessionTable.userId, trainer.user.id), eq(sessionTable.aal, "aal1")));
    await audit(services.database.db, {
      action: "factor.enrolled",
      userId: trainer.user.id,
      ip: clientIp,
      detail: { type: "totp" },
    });
    return { ok: true, headers: setCookies(headers) };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    return {
      ok: false,
      status: 400,
      message: "That code is not valid. Check the time on your phone and try the next code.",
      field: "code",
    };
  }
}

export async function removeFactor(
  request: Request,
  ctx: BackOfficeContext,
  trainer: TrainerSession,
  password: string,
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  try {
    const { headers } = await services.auth.api.disableTwoFactor({
      body: { password },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    await audit(services.database.db, {
      action: "factor.removed",
      userId: trainer.user.id,
      ip: clientIp,
      detail: { type: "totp" },
    });
    return { ok: true, headers: setCookies(headers) };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    return { ok: false, status: 400, message: "That password is not correct.", field: "password" };
  }
}

export type SignOutScope = "local" | "others" | "global";

/** local: this device; others: every other device; global: everywhere including this one. */
export async function signOutScope(
  request: Request,
  ctx: BackOfficeContext,
  trainer: TrainerSession,
  scope: SignOutScope,
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  const headers = authHeaders(request, clientIp);
  if (scope !== "local") await services.auth.api.revokeOtherSessions({ headers });
  let out = new Headers();
  if (scope !== "others") {
    const result = await services.auth.api.signOut({ headers, returnHeaders: true });
    out = setCookies(result.headers);
  }
  await audit(services.database.db, { action: "sign-out", userId: trainer.user.id, ip: clientIp, detail: { scope } });
  return { ok: true, headers: out };
}

export interface SessionSummary {
  id: string;
  current: boolean;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  aal: string;
}

export async function listTrainerSessions(
  request: Request,
  ctx: BackOfficeContext,
  trainer: TrainerSession,
): Promise<SessionSummary[]> {
  const sessions = await ctx.services.auth.api.listSessions({ headers: authHeaders(request, ctx.clientIp) });
  return sessions
    .map((s) => ({
      id: s.id,
      current: s.id === trainer.session.id,
      createdAt: new Date(s.createdAt),
      expiresAt: new Date(s.expiresAt),
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      aal: (s as { aal?: string }).aal ?? "aal1",
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.getTime() - a.createdAt.getTime());
}

export async function changePassword(
  request: Request,
  ctx: BackOfficeContext,
  trainer: TrainerSession,
  input: { currentPassword: string; newPassword: string },
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  try {
    const { headers } = await services.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    await audit(services.database.db, { action: "password.changed", userId: trainer.user.id, ip: clientIp });
    return { ok: true, headers: setCookies(headers) };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    if (known.code === "INVALID_PASSWORD")
      return { ok: false, status: 400, message: "The current password is not correct.", field: "currentPassword" };
    return {
      ok: false,
      status: 400,
      message: "The new password was not accepted (12 to 128 characters).",
      field: "newPassword",
    };
  }
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(
  request: Request,
  ctx: BackOfficeContext,
  email: string,
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  const blocked = await checkAuthRateLimit(ctx, "reset", email);
  if (blocked !== null) return { ok: false, status: 429, message: TOO_MANY(blocked) };
  if (!services.mailer)
    return {
      ok: false,
      status: 503,
      message: "Password reset by e-mail is not available: no mail server is configured.",
    };
  await services.auth.api.requestPasswordReset({
    body: { email: email.trim().toLowerCase(), redirectTo: "/admin/reset-password" },
    headers: authHeaders(request, clientIp),
  });
  await audit(services.database.db, {
    action: "password.reset-requested",
    ip: clientIp,
    detail: { email: email.trim().toLowerCase() },
  });
  return { ok: true, headers: new Headers() };
}

export async function resetPassword(
  request: Request,
  ctx: BackOfficeContext,
  input: { token: string; newPassword: string },
): Promise<FlowResult> {
  const { services, clientIp } = ctx;
  try {
    await services.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.newPassword },
      headers: authHeaders(request, clientIp),
    });
    await audit(services.database.db, { action: "password.reset", ip: clientIp });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const known = apiMessage(error);
    if (!known) throw error;
    if (known.code === "INVALID_TOKEN")
      return { ok: false, status: 400, message: "This reset link is not valid any more. Ask for a new one." };
    return {
      ok: false,
      status: 400,
      message: "The new password was not accepted (12 to 128 characters).",
      field: "newPassword",
    };
  }
}

/** The authenticator-app QR code for an otpauth:// address, as an SVG data URL (no image request). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
