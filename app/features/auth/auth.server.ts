import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { jwt } from "better-auth/plugins/jwt";
import { twoFactor } from "better-auth/plugins/two-factor";
import { account, jwks, session, twoFactor as twoFactorTable, user, verification } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import { passwordResetMail } from "./mail";
import { newBackupCodes } from "./backup-codes";

/** A session lives this long without activity; the session keeper renews it while the trainer works. */
export const SESSION_SECONDS = 30 * 60;
/** Renewal happens on the first check after this much of the session has passed. */
export const SESSION_UPDATE_AGE_SECONDS = 60;
/** On a device the trainer marked as trusted, a session lasts this long from sign-in, idle or not. */
export const TRUSTED_SESSION_SECONDS = 7 * 24 * 60 * 60;
/** Data requests, erasure, exports and account security ask for the code again once it is older than this. */
export const RECENT_CODE_SECONDS = 15 * 60;
export const ACCESS_TOKEN_TTL = "10m";
export const AUTH_BASE_PATH = "/api/auth";
export const ISSUER_NAME = "Mila Jansen Coaching";

export interface AuthDeps {
  db: Db;
  env: Env;
  secret: string;
  logger: Logger;
  mailer: Mailer | null;
}

/**
 * Sessions created while verifying a second factor carry aal2; every other session
 * (password only, or re-issued after the factor was removed) carries aal1.
 */
export function assuranceForPath(path: string | undefined): "aal1" | "aal2" {
  return path?.startsWith("/two-factor/verify") ? "aal2" : "aal1";
}

export function createAuth({ db, env, secret, logger, mailer }: AuthDeps) {
  const origin = new URL(env.SITE_URL).origin;
  return betterAuth({
    appName: ISSUER_NAME,
    baseURL: env.SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      // Only sign-in's own tables: the adapter needs no other, and auth owns these (db/table-owners.mjs).
      schema: { user, session, account, verification, twoFactor: twoFactorTable, jwks },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts come only from `npm run admin:create`.
      disableSignUp: true,
      minPasswordLength: 12,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 30 * 60,
      sendResetPassword: mailer
        ? async ({ user, token }) => {
            const url = `${env.SITE_URL}/admin/reset-password?token=${encodeURIComponent(token)}`;
            await mailer.send({ to: user.email, ...passwordResetMail(url) });
          }
        : undefined,
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: {
        aal: { type: "string", required: false, defaultValue: "aal1", input: false },
        trusted: { type: "boolean", required: false, defaultValue: false, input: false },
        verifiedAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, ctx) => {
            const aal = assuranceForPath(ctx?.path);
            return { data: { ...session, aal, verifiedAt: aal === "aal2" ? new Date() : null } };
          },
        },
      },
    },
    // Sign-in and verify run through our own actions with database-backed limits shared by
    // every instance; better-auth's in-memory limiter would count per process only.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      cookiePrefix: "mjc",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error(message);
        else if (level === "warn") logger.warn(message);
        else logger.debug(message);
      },
    },
    telemetry: { enabled: false },
    plugins: [
      twoFactor({ issuer: ISSUER_NAME, backupCodeOptions: { customBackupCodesGenerate: () => newBackupCodes() } }),
      jwt({
        jwt: {
          issuer: origin,
          audience: origin,
          expirationTime: ACCESS_TOKEN_TTL,
          definePayload: ({ user, session }) => ({
            email: user.email,
            aal: (session as { aal?: string }).aal ?? "aal1",
          }),
        },
      }),
    ],
  });
}

export type BackOfficeAuth = ReturnType<typeof createAuth>;
