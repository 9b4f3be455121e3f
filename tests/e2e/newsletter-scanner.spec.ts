import { createHmac } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { startServer, type RunningServer } from "../support/server";
import { migratedDataDir } from "../support/data-dir";
import { Jar, totp } from "../support/trainer";
import { createTrainer } from "./back-office-helpers";
import { expect, test, waitForScripts } from "./fixtures";

/**
 * Mail gateways and link scanners open every link of an incoming e-mail in a headless browser that
 * runs scripts. Opening the confirmation link must therefore confirm nothing: no confirmed address,
 * no welcome e-mail, no consent record. Only a person pressing the button does. This spec runs its
 * own server (local SMTP, its own embedded database) and reads the stored rows as the trainer does,
 * through the back office's data-request export, signed in over HTTP while the server runs.
 */
const EMAIL = "scanned.inbox@example.com";
let smtp: LocalSmtp;
let server: RunningServer;
let dataDir: string;
let trainer: Jar;

test.describe.configure({ mode: "serial" });

/** A request of the signed-in trainer, redirects not followed (a sign-in answers with one). */
async function asTrainer(pathname: string, form?: Record<string, string>) {
  const init = form ? { body: new URLSearchParams(form) } : { method: "GET" };
  const response = await fetch(trainer.request(pathname, init), { redirect: "manual" });
  trainer.take(response.headers);
  return response;
}

/** Signs a new trainer in with her password and enrols the authenticator her first sign-in asks for. */
async function signInTrainer() {
  const account = await createTrainer(server.url, dataDir);
  trainer = new Jar(server.url);
  expect((await asTrainer("/admin/login", { email: account.email, password: account.password })).status).toBe(302);
  const page = await (await asTrainer("/admin/security?enrol=1")).text();
  const secret = /data-testid="totp-secret"[^>]*>\s*([A-Z2-7]+=*)\s*</.exec(page)?.[1];
  expect(secret, "the enrolment page shows the authenticator's key").toBeDefined();
  const enrolled = await asTrainer("/admin/security?enrol=1", { intent: "enrol-confirm", code: totp(secret!) });
  expect(enrolled.headers.get("location")).toBe("/admin?enrolled=1");
}

/** The subscriber row and its consent records, as the data-request export of the address holds them. */
async function stored() {
  const response = await asTrainer("/admin/data-requests/export", { email: EMAIL });
  expect(response.status, await response.clone().text()).toBe(200);
  const found = (await response.json()) as {
    subscribers: { status: string; confirmedAt: string | null }[];
    consentRecords: { action: string }[];
  };
  expect(found.subscribers).toHaveLength(1);
  return { row: found.subscribers[0], records: found.consentRecords };
}

/** The confirmation link's token, signed as the server signs it (valid for two weeks). */
function confirmToken(email: string): string {
  const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const expires = Date.now() + 14 * 24 * 60 * 60 * 1000;
  const mac = createHmac("sha256", secret).update(`newsletter:confirm:${email}:${expires}`).digest("base64url");
  return `${Buffer.from(email).toString("base64url")}.${expires.toString(36)}.${mac}`;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  dataDir = await migratedDataDir("coach-scanner-");
  server = await startServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir, RATE_LIMIT_FORMS_PER_MINUTE: "1000" });
  await signInTrainer();
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a headless browser opening the confirmation link confirms nothing; a click does", async ({ page }) => {
  test.setTimeout(240_000);
  const running = server;
  await page.unrouteAll();
  await page.route(
    (url) => url.origin !== running.url,
    (route) => route.fulfill({ status: 503, body: "offline in tests" }),
  );

  const signup = await fetch(`${running.url}/api/newsletter`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, source: "footer", variant: "footer", elapsedMs: "8000" }),
  });
  expect(signup.status).toBe(200);
  await smtp.waitForMessages(1);
  const link = `${running.url}/newsletter/confirm?token=${confirmToken(EMAIL)}`;

  // The scanner: a script-running headless browser that loads the page and lets its scripts run.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  // A scanner waits until the page is quiet; the page's own signal is a later moment still (every
  // script it starts by itself has run), so the check of absence below has looked.
  await page.goto(link, { waitUntil: "load" });
  await waitForScripts(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/confirm/i);
  expect(new URL(page.url()).pathname).toBe("/newsletter/confirm");
  expect(posts).toEqual([]);

  const afterScan = await stored();
  expect(afterScan.row?.status).toBe("pending");
  expect(afterScan.row?.confirmedAt).toBeNull();
  expect(afterScan.records.map((r) => r.action)).toEqual(["signup"]);
  const outbox = path.join(dataDir, "outbox.jsonl");
  if (existsSync(outbox)) expect(readFileSync(outbox, "utf8")).not.toContain(EMAIL);
  expect(smtp.messages).toHaveLength(1);

  // A person presses the button: now the address is confirmed and welcomed.
  await page.goto(`${running.url}/newsletter/confirm?token=${confirmToken(EMAIL)}`);
  await page.getByRole("button", { name: /confirm/i }).click();
  await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  // The button confirms through its POST (the scan above made none).
  expect(posts).toContain("/newsletter/confirm");
  const mails = await smtp.waitForMessages(2, 30_000);
  expect(mails[1]?.to).toEqual([EMAIL]);
  const afterClick = await stored();
  expect(afterClick.row?.status).toBe("confirmed");
  expect(afterClick.records.map((r) => r.action).sort()).toEqual(["confirmation", "signup"]);
});
