import { mkdtempSync } from "node:fs";
import { requireServices, routerContextOf } from "~/context";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { auditLog, session as sessionTable } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import type { RequestContext } from "~/context";
import { AccountExistsError, createTrainerAccount } from "~/features/auth/accounts.server";
import {
  confirmEnrolment,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  pendingEnrolment,
  signOutScope,
  startEnrolment,
  startEnrolmentAtSignIn,
  verifySecondFactor,
} from "~/features/auth/flows.server";
import { getTrainerSession, sameOriginWrites, trainerOf } from "~/features/auth/guard.server";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { AccessTokenError, verifyAccessToken } from "~/features/auth/access-token.server";
import { action as loginAction } from "~/routes/admin-login";
import { middleware as dataRequestsMiddleware } from "~/routes/admin-data-requests";
import { middleware as exportMiddleware } from "~/routes/admin-export";
import { action as forgotPasswordAction } from "~/routes/admin-forgot-password";
import { loader as exportLoader } from "~/routes/admin-export";
import { action as dataRequestsAction } from "~/routes/admin-data-requests";
import { action as confirmAction } from "~/routes/admin-confirm";
import { createMigratedPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { Jar, totp } from "../support/trainer";

const SITE = "http://127.0.0.1:4999";
const PASSWORD = "correct-horse-battery-staple";

function thrownResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  const data = error as { type?: string; init?: { status?: number }; data?: unknown };
  if (data?.type === "DataWithResponseInit")
    return new Response(JSON.stringify(data.data), { status: data.init?.status ?? 200 });
  throw error;
}

describe.each(engines)("back office auth on %s", (engine) => {
  let services: AppServices;
  let ctx: RequestContext;
  let databaseUrl: string | undefined;
  let counter = 0;
  const nextEmail = () => `trainer-${engine}-${++counter}@example.com`;

  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createMigratedPostgresDatabase() : undefined;
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: SITE,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bo-int-")),
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      DATABASE_URL: databaseUrl,
    });
    services = await createServices(env, { memoryDb: engine === "pglite", startOutbox: false });
    ctx = { services, cspNonce: "test", clientIp: "203.0.113.7" };
  });
  afterAll(async () => {
    await services.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });
  afterEach(() => vi.useRealTimers());

  async function auditCount(userId: string, action: string) {
    const [row] = await services.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));
    return row?.n ?? 0;
  }

  async function newTrainer() {
    const email = nextEmail();
    await createTrainerAccount(services.auth, { email, password: PASSWORD, name: "Mila" });
    return email;
  }

  async function passwordSession(email: string, jar = new Jar(SITE)) {
    const result = await signInWithPassword(jar.request("/admin/login"), ctx, { email, password: PASSWORD });
    expect(result.ok).toBe(true);
    if (result.ok) jar.take(result.headers);
    return { jar, result };
  }

  async function enrolledTrainer() {
    const email = await newTrainer();
    const { jar } = await passwordSession(email);
    const trainer = (await getTrainerSession(jar.request("/admin/security", { method: "GET" }), ctx))!;
    const started = await startEnrolment(jar.request("/admin/security"), ctx, PASSWORD);
    if (!started.ok) throw new Error(started.message);
    const confirmed = await confirmEnrolment(jar.request("/admin/security"), ctx, trainer, totp(started.secret));
    expect(confirmed.ok).toBe(true);
    if (confirmed.ok) jar.take(confirmed.headers);
    return { email, secret: started.secret, jar, backupCodes: started.backupCodes };
  }

  async function signInWithFactor(email: string, secret: string) {
    const { jar, result } = await passwordSession(email);
    expect(result.ok && result.next).toBe("verify");
    const verified = await verifySecondFactor(jar.request("/admin/verify"), ctx, {
      method: "totp",
      code: totp(secret),
    });
    expect(verified.ok).toBe(true);
    if (verified.ok) jar.take(verified.headers);
    return jar;
  }

  it("creates an account once; there is no public sign-up", async () => {
    const email = await newTrainer();
    await expect(createTrainerAccount(services.auth, { email, password: PASSWORD })).rejects.toBeInstanceOf(
      AccountExistsError,
    );
    const generated = await createTrainerAccount(services.auth, { email: nextEmail() });
    expect(generated.generated).toBe(true);
    expect(generated.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await expect(
      services.auth.api.signUpEmail({ body: { email: nextEmail(), password: PASSWORD, name: "x" } }),
    ).rejects.toThrow();
  });

  it("signs in with the right password and refuses a wrong one, writing the audit log", async () => {
    const email = await newTrainer();
    const wrong = await signInWithPassword(new Jar(SITE).request("/admin/login"), ctx, {
      email,
      password: "not-the-password",
    });
    expect(wrong).toMatchObject({
      ok: false,
      status: 401,
      message: "That e-mail address and password do not match an account.",
    });
    const { jar, result } = await passwordSession(email);
    expect(result.ok && result.next).toBe("done");
    const trainer = await getTrainerSession(jar.request("/admin", { method: "GET" }), ctx);
    expect(trainer?.user.email).toBe(email);
    expect(trainer?.session.aal).toBe("aal1");
    const cookie = result.ok ? result.headers.getSetCookie().join("\n") : "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const actions = await services.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["sign-in.failed", "sign-in"]));
  });

  // The limits count in fixed 15-minute windows: the clock stands still mid-window, so that a run
  // crossing a window's edge (it did once, at 08:45:00) does not start the count again.
  const midWindow = () => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-29T10:07:30Z") });

  it("rate limits sign-in per account", async () => {
    const email = await newTrainer();
    midWindow();
    const attempts = [];
    for (let i = 0; i < 9; i++)
      attempts.push(
        await signInWithPassword(
          new Jar(SITE).request("/admin/login"),
          { ...ctx, clientIp: `198.51.100.${i}` },
          { email, password: "wrong-password-123" },
        ),
      );
    expect(attempts.slice(0, 8).every((a) => !a.ok && a.status === 401)).toBe(true);
    expect(attempts[8]).toMatchObject({ ok: false, status: 429 });
    // Even the right password waits until the window is over.
    const right = await signInWithPassword(
      new Jar(SITE).request("/admin/login"),
      { ...ctx, clientIp: "198.51.100.77" },
      { email, password: PASSWORD },
    );
    expect(right).toMatchObject({ ok: false, status: 429 });
  });

  it("rate limits sign-in per address across accounts", async () => {
    midWindow();
    const ipCtx = { ...ctx, clientIp: "192.0.2.200" };
    const results = [];
    for (let i = 0; i < 21; i++)
      results.push(
        await signInWithPassword(new Jar(SITE).request("/admin/login"), ipCtx, {
          email: `nobody-${i}@example.com`,
          password: "x-password-123",
        }),
      );
    expect(results[19]).toMatchObject({ status: 401 });
    expect(results[20]).toMatchObject({ status: 429 });
  });

  it("enrols TOTP, ends password-only sessions elsewhere, then challenges and verifies at aal2", async () => {
    const email = await newTrainer();
    const other = await passwordSession(email); // another device, before enrolment
    const { jar, result } = await passwordSession(email);
    expect(result.ok).toBe(true);
    const trainer = (await getTrainerSession(jar.request("/admin/security", { method: "GET" }), ctx))!;
    const started = await startEnrolment(jar.request("/admin/security"), ctx, PASSWORD);
    if (!started.ok) throw new Error(started.message);
    expect(started.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qrDataUrl.split(",")[1]!, "base64").toString()).toContain("<svg");
    expect(started.backupCodes).toHaveLength(10);
    const wrongFirst = await confirmEnrolment(jar.request("/admin/security"), ctx, trainer, "000000");
    expect(wrongFirst.ok).toBe(false);
    const confirmed = await confirmEnrolment(jar.request("/admin/security"), ctx, trainer, totp(started.secret));
    expect(confirmed.ok).toBe(true);
    if (confirmed.ok) jar.take(confirmed.headers);
    const after = await getTrainerSession(jar.request("/admin", { method: "GET" }), ctx);
    expect(after).toMatchObject({ user: { twoFactorEnabled: true }, session: { aal: "aal2" } });
    expect(await getTrainerSession(other.jar.request("/admin", { method: "GET" }), ctx)).toBeNull();

    // Next sign-in: the password alone gives a challenge, not a session.
    const second = await passwordSession(email);
    expect(second.result.ok && second.result.next).toBe("verify");
    expect(await getTrainerSession(second.jar.request("/admin", { method: "GET" }), ctx)).toBeNull();
    const bad = await verifySecondFactor(second.jar.request("/admin/verify"), ctx, { method: "totp", code: "123456" });
    expect(bad).toMatchObject({ ok: false, status: 401 });
    const good = await verifySecondFactor(second.jar.request("/admin/verify"), ctx, {
      method: "totp",
      code: totp(started.secret),
    });
    expect(good.ok).toBe(true);
    if (good.ok) second.jar.take(good.headers);
    expect((await getTrainerSession(second.jar.request("/admin", { method: "GET" }), ctx))?.session.aal).toBe("aal2");

    // A backup code works once.
    const third = await passwordSession(email);
    const backup = await verifySecondFactor(third.jar.request("/admin/verify"), ctx, {
      method: "backup",
      code: started.backupCodes[0]!,
    });
    expect(backup.ok).toBe(true);
    const audit = await services.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["factor.enrolled", "verify.failed"]));
  });

  it("set-up takes the password once: the sign-in starts the enrolment, and its codes avoid look-alikes", async () => {
    const email = await newTrainer();
    const jar = new Jar(SITE);
    const signedIn = await signInWithPassword(jar.request("/admin/login"), ctx, { email, password: PASSWORD });
    if (!signedIn.ok || signedIn.next !== "done") throw new Error("expected a session without a factor");
    // What the login action does with the password just typed, before the browser has the cookie.
    await startEnrolmentAtSignIn(jar.request("/admin/login"), ctx, PASSWORD, signedIn.headers);
    jar.take(signedIn.headers);
    const trainer = (await getTrainerSession(jar.request("/admin/security", { method: "GET" }), ctx))!;
    const pending = await pendingEnrolment(ctx, trainer);
    if (!pending) throw new Error("no enrolment was started at sign-in");
    expect(pending.secret).toMatch(/^[A-Z2-7]+$/);
    expect(pending.backupCodes).toHaveLength(10);
    for (const code of pending.backupCodes) expect(code).toMatch(/^[2-9a-hjkmnp-tw-z]{5}-[2-9a-hjkmnp-tw-z]{5}$/);
    // The key shown on the page is the one the server checks codes against.
    const confirmed = await confirmEnrolment(jar.request("/admin/security"), ctx, trainer, totp(pending.secret));
    expect(confirmed.ok).toBe(true);
    expect(await pendingEnrolment(ctx, trainer)).toBeNull();

    // A backup code read from paper: capitals, a space instead of the dash.
    const next = await passwordSession(email);
    const typed = pending.backupCodes[3]!.toUpperCase().replace("-", " ");
    const backup = await verifySecondFactor(next.jar.request("/admin/verify"), ctx, { method: "backup", code: typed });
    expect(backup.ok).toBe(true);
  });

  /** The trainer the signed-in layout's middleware finds for this request (it throws where it refuses). */
  const signedIn = (request: Request) => callRoute(({ context }) => trainerOf(context), ctx, request, SIGNED_IN);

  it("enforces aal2 once a factor exists and asks for enrolment without one", async () => {
    const plain = await newTrainer();
    const { jar } = await passwordSession(plain);
    const enrolFirst = await signedIn(jar.request("/admin", { method: "GET" })).catch(thrownResponse);
    expect(enrolFirst.headers.get("location")).toBe("/admin/security?enrol=1");

    const { jar: strong, email } = await enrolledTrainer();
    const ok = await signedIn(strong.request("/admin", { method: "GET" }));
    expect(ok.session.aal).toBe("aal2");
    // A session without the factor (as a pre-enrolment one would be) is sent to sign in again.
    await services.database.db.update(sessionTable).set({ aal: "aal1" }).where(eq(sessionTable.id, ok.session.id));
    const stepUp = await signedIn(strong.request("/admin", { method: "GET" })).catch(thrownResponse);
    expect(stepUp.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin&reason=step-up");
    expect(email).toContain("@");
  });

  it("keeps a trusted device signed in through 8 idle hours, yet an erasure asks for the code again", async () => {
    const { email, secret } = await enrolledTrainer();
    async function signIn(trust: boolean) {
      const { jar } = await passwordSession(email);
      const verified = await verifySecondFactor(jar.request("/admin/verify"), ctx, {
        method: "totp",
        code: totp(secret),
        trust,
      });
      if (!verified.ok) throw new Error(verified.message);
      jar.take(verified.headers);
      const cookie = verified.headers.getSetCookie().find((c) => c.includes("session_token="));
      return { jar, cookie };
    }
    const trusted = await signIn(true);
    const plain = await signIn(false);
    // The browser keeps a trusted device's cookie for 7 days, the other for the 30-minute session.
    expect(trusted.cookie).toMatch(/Max-Age=604800\b/);
    expect(plain.cookie).toMatch(/Max-Age=1800\b/);

    // Eight hours pass with both devices idle.
    const eightHours = sql`interval '8 hours'`;
    const me = (await getTrainerSession(trusted.jar.request("/admin", { method: "GET" }), ctx))!;
    await services.database.db
      .update(sessionTable)
      .set({
        createdAt: sql`${sessionTable.createdAt} - ${eightHours}`,
        updatedAt: sql`${sessionTable.updatedAt} - ${eightHours}`,
        expiresAt: sql`${sessionTable.expiresAt} - ${eightHours}`,
        verifiedAt: sql`${sessionTable.verifiedAt} - ${eightHours}`,
      })
      .where(eq(sessionTable.userId, me.user.id));
    expect(await getTrainerSession(plain.jar.request("/admin", { method: "GET" }), ctx)).toBeNull();
    const still = await signedIn(trusted.jar.request("/admin", { method: "GET" }));
    expect(still.session.trusted).toBe(true);

    // Erasing someone's data: the code is 8 hours old, so the trainer confirms it first.
    const erase = () => {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "erase",
        email: "nobody@example.com",
        typed: "nobody@example.com",
        confirm: "yes",
      }))
        body.set(k, v);
      return trusted.jar.request("/admin/data-requests", { body });
    };
    const asked = thrownResponse(
      await callRoute(dataRequestsAction, ctx, erase(), [...SIGNED_IN, ...dataRequestsMiddleware]).catch(
        (e: unknown) => e,
      ),
    );
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/admin/confirm?redirectTo=%2Fadmin%2Fdata-requests");
    expect(await auditCount(me.user.id, "data.erase")).toBe(0);

    const confirmBody = new FormData();
    for (const [k, v] of Object.entries({ method: "totp", code: totp(secret), redirectTo: "/admin/data-requests" }))
      confirmBody.set(k, v);
    const confirmed = thrownResponse(
      await callRoute(
        confirmAction,
        ctx,
        trusted.jar.request("/admin/confirm", { body: confirmBody }),
        SIGNED_IN,
      ).catch((e: unknown) => e),
    );
    expect(confirmed.headers.get("location")).toBe("/admin/data-requests");
    await callRoute(dataRequestsAction, ctx, erase(), [...SIGNED_IN, ...dataRequestsMiddleware]);
    expect(await auditCount(me.user.id, "data.erase")).toBe(1);
  });

  it("signs out this device, other devices, or everywhere", async () => {
    const { email, secret, jar: a } = await enrolledTrainer();
    const b = await signInWithFactor(email, secret);
    const c = await signInWithFactor(email, secret);
    const alive = async (jar: Jar) => (await getTrainerSession(jar.request("/admin", { method: "GET" }), ctx)) !== null;

    const trainerA = (await getTrainerSession(a.request("/admin", { method: "GET" }), ctx))!;
    const others = await signOutScope(a.request("/admin/sign-out"), ctx, trainerA, "others");
    expect(others.ok).toBe(true);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);

    const d = await signInWithFactor(email, secret);
    const trainerD = (await getTrainerSession(d.request("/admin", { method: "GET" }), ctx))!;
    const local = await signOutScope(d.request("/admin/sign-out"), ctx, trainerD, "local");
    if (local.ok) expect(local.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect([await alive(a), await alive(d)]).toEqual([true, false]);

    const e = await signInWithFactor(email, secret);
    const trainerE = (await getTrainerSession(e.request("/admin", { method: "GET" }), ctx))!;
    await signOutScope(e.request("/admin/sign-out"), ctx, trainerE, "global");
    expect([await alive(a), await alive(e)]).toEqual([false, false]);
    const user = trainerE.user.id;
    expect(await services.database.db.select().from(sessionTable).where(eq(sessionTable.userId, user))).toHaveLength(0);
    const signOuts = await services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user), eq(auditLog.action, "sign-out")));
    expect(signOuts.map((r) => (r.detail as { scope: string }).scope).sort()).toEqual(["global", "local", "others"]);
  });

  it("issues access tokens that verify against the JWKS and rejects a tampered one", async () => {
    const { jar } = await enrolledTrainer();
    const tokenResponse = await services.auth.handler(jar.request("/api/auth/token", { method: "GET" }));
    expect(tokenResponse.status).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };
    const jwks = await services.auth.api.getJwks();
    expect(jwks.keys.length).toBeGreaterThan(0);
    const claims = await verifyAccessToken(token, jwks, { issuer: SITE, audience: SITE });
    expect(claims.aal).toBe("aal2");

    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, "base64url").toString()),
        aal: "aal2",
        sub: "someone-else",
      }),
    ).toString("base64url");
    await expect(
      verifyAccessToken(`${header}.${forged}.${signature}`, jwks, { issuer: SITE, audience: SITE }),
    ).rejects.toThrow(new AccessTokenError("Invalid JWT signature"));
    await expect(verifyAccessToken(token, { keys: [] }, { issuer: SITE, audience: SITE })).rejects.toThrow(
      "JWKS is empty",
    );
    await expect(
      verifyAccessToken(
        token,
        { keys: jwks.keys.map((k) => ({ ...k, kid: "other" })) },
        { issuer: SITE, audience: SITE },
      ),
    ).rejects.toThrow("No matching signing key found in JWKS");

    // The CSV export takes the token as a bearer and refuses the forged one.
    const call = (value: string) =>
      callRoute(
        exportLoader,
        ctx,
        new Request(`${SITE}/admin/export/leads.csv`, { headers: { authorization: `Bearer ${value}` } }),
        exportMiddleware,
        { list: "leads.csv" },
      ).catch((thrown: unknown) => thrown) as Promise<Response>;
    const csv = await call(token);
    expect(csv.status).toBe(200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark for spreadsheets
    expect(bytes.subarray(3).toString("utf8")).toMatch(/^Date;First name;/);
    const refused = await call(`${header}.${forged}.${signature}`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe("Invalid JWT signature");
  });

  it("rejects a cross-site sign-in post (CSRF)", async () => {
    const email = await newTrainer();
    const body = new URLSearchParams({ email, password: PASSWORD, redirectTo: "/admin" });
    const post = (origin: string | null) =>
      new Request(`${SITE}/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) },
        body,
      });
    const run = (origin: string | null): Promise<Response> =>
      callRoute(loginAction, ctx, post(origin), [sameOriginWrites(requireServices)]).then(
        thrownResponse,
        thrownResponse,
      );
    const foreign = await run("https://evil.example");
    expect(foreign.status).toBe(403);
    const missing = await run(null);
    expect(missing.status).toBe(403);
    const same = await run(SITE);
    expect(same.status).toBe(302);
    expect(same.headers.get("location")).toBe("/admin");
  });

  it("runs the sign-in and reset forms through the site's form guard (honeypot, then the per-address form limit)", async () => {
    const email = await newTrainer();
    const guardCtx: RequestContext = { services, cspNonce: "test", clientIp: "198.51.100.23" };
    const post = (action: typeof loginAction | typeof forgotPasswordAction, fields: Record<string, string>) =>
      Promise.resolve(
        action({
          request: new Request(`${SITE}/admin/login`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
            body: new URLSearchParams(fields),
          }),
          context: routerContextOf(guardCtx),
          params: {},
        } as never),
      ).then(
        (value) =>
          value instanceof Response || (value as { type?: string })?.type
            ? thrownResponse(value)
            : Response.json(value),
        thrownResponse,
      );

    // A bot that fills the hidden field gets a wrong password's answer, even with the right one.
    const bot = await post(loginAction, {
      email,
      password: PASSWORD,
      redirectTo: "/admin",
      website: "https://x.example",
    });
    expect(bot.status).toBe(401);
    expect(await bot.json()).toMatchObject({
      errors: { form: "That e-mail address and password do not match an account." },
    });
    // The reset form tells a bot "sent" before it even reads the address.
    const resetBot = await post(forgotPasswordAction, { email: "not-an-address", website: "https://x.example" });
    expect(resetBot.status).toBe(200);
    expect(await resetBot.json()).toMatchObject({ sent: true });
    expect((await post(forgotPasswordAction, { email: "not-an-address" })).status).toBe(400);

    // RATE_LIMIT_FORMS_PER_MINUTE (10 by default) counts every post of the sign-in form from one address.
    for (let i = 0; i < 9; i++) expect((await post(loginAction, { email: "", password: "" })).status).toBe(400);
    const limited = await post(loginAction, { email, password: PASSWORD, redirectTo: "/admin" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ errors: { form: expect.stringContaining("Too many submissions") } });
  });
});

describe("password reset by e-mail", () => {
  let services: AppServices;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: SITE,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bo-reset-")),
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      SMTP_URL: smtp.url,
    });
    services = await createServices(env, { memoryDb: true, startOutbox: false });
  });
  afterAll(async () => {
    await services.close();
    await smtp.stop();
  });

  it("mails a one-time link; the new password works and every session ends", async () => {
    const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.9" };
    const email = "reset-me@example.com";
    await createTrainerAccount(services.auth, { email, password: PASSWORD });
    const jar = new Jar(SITE);
    const signedIn = await signInWithPassword(jar.request("/admin/login"), ctx, { email, password: PASSWORD });
    if (signedIn.ok) jar.take(signedIn.headers);

    const unknown = await requestPasswordReset(
      new Jar(SITE).request("/admin/forgot-password"),
      ctx,
      "nobody@example.com",
    );
    expect(unknown.ok).toBe(true); // same answer whether or not the account exists
    const asked = await requestPasswordReset(new Jar(SITE).request("/admin/forgot-password"), ctx, email);
    expect(asked.ok).toBe(true);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.to).toEqual([email]);
    expect(mail!.subject).toBe("Reset your back-office password");
    const body = mail!.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeTruthy();

    const newPassword = "a-brand-new-password-42";
    expect(
      await resetPassword(new Jar(SITE).request("/admin/reset-password"), ctx, { token: token!, newPassword }),
    ).toMatchObject({ ok: true });
    expect(
      await resetPassword(new Jar(SITE).request("/admin/reset-password"), ctx, { token: token!, newPassword }),
    ).toMatchObject({ ok: false });
    expect(await getTrainerSession(jar.request("/admin", { method: "GET" }), ctx)).toBeNull();
    expect(
      await signInWithPassword(new Jar(SITE).request("/admin/login"), ctx, { email, password: PASSWORD }),
    ).toMatchObject({ ok: false, status: 401 });
    expect(
      await signInWithPassword(new Jar(SITE).request("/admin/login"), ctx, { email, password: newPassword }),
    ).toMatchObject({ ok: true });
  });
});
