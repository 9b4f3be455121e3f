import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { consentRecords, newsletterSubscribers } from "../../db/schema";
import { openDatabase } from "../../app/infra/db.server";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { startServer, type RunningServer } from "../support/server";
import { expect, test, waitForScripts } from "./fixtures";

/**
 * Mail gateways and link scanners open every link of an incoming e-mail in a headless browser that
 * runs scripts. Opening the confirmation link must therefore confirm nothing: no confirmed address,
 * no welcome e-mail, no consent record. Only a person pressing the button does. This spec runs its
 * own server (local SMTP, its own embedded database, read between runs while the server is stopped).
 */
const EMAIL = "scanned.inbox@example.com";
let smtp: LocalSmtp;
let server: RunningServer | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "coach-scanner-"));

test.describe.configure({ mode: "serial" });

async function start() {
  server = await startServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir, RATE_LIMIT_FORMS_PER_MINUTE: "1000" });
  return server;
}

async function stop() {
  await server?.stop();
  server = undefined;
}

/** The subscriber row and its consent records, read with the server stopped (the data directory is its own). */
async function stored() {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, EMAIL));
    const records = row
      ? await database.db.select().from(consentRecords).where(eq(consentRecords.subscriberId, row.id))
      : [];
    return { row, records };
  } finally {
    await database.close();
  }
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
  await start();
});

test.afterAll(async () => {
  await stop();
  await smtp?.stop();
});

test("a headless browser opening the confirmation link confirms nothing; a click does", async ({ page }) => {
  test.setTimeout(240_000);
  const running = server!;
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
  // Leave the page before its server goes away, so nothing it loads later fails.
  await page.goto("about:blank");

  await stop();
  const afterScan = await stored();
  expect(afterScan.row?.status).toBe("pending");
  expect(afterScan.row?.confirmedAt).toBeNull();
  expect(afterScan.records.map((r) => r.action)).toEqual(["signup"]);
  const outbox = path.join(dataDir, "outbox.jsonl");
  if (existsSync(outbox)) expect(readFileSync(outbox, "utf8")).not.toContain(EMAIL);
  expect(smtp.messages).toHaveLength(1);

  // A person presses the button: now the address is confirmed and welcomed.
  const again = await start();
  await page.unrouteAll();
  await page.route(
    (url) => url.origin !== again.url,
    (route) => route.fulfill({ status: 503, body: "offline in tests" }),
  );
  await page.goto(`${again.url}/newsletter/confirm?token=${confirmToken(EMAIL)}`);
  await page.getByRole("button", { name: /confirm/i }).click();
  await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  // The button confirms through its POST (the scan above made none).
  expect(posts).toContain("/newsletter/confirm");
  const mails = await smtp.waitForMessages(2, 30_000);
  expect(mails[1]?.to).toEqual([EMAIL]);
  // As above: leave the page before its server stops, so nothing it loads after idle fails.
  await page.goto("about:blank");
  await stop();
  const afterClick = await stored();
  expect(afterClick.row?.status).toBe("confirmed");
  expect(afterClick.records.map((r) => r.action).sort()).toEqual(["confirmation", "signup"]);
});
