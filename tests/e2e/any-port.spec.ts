import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { test, expect } from "./fixtures";
import { SIGN_IN_MS } from "./back-office-helpers";
import { sendProvisionRequest } from "~/features/auth/provision";

/**
 * Issue 11: a newcomer's `PORT=3987 npm start` with no other variable. This spec starts its own
 * server that way (no SITE_URL, no HOST, no NODE_ENV) and buys and signs in through it, so every
 * absolute address the server makes (checkout return links, sign-in origin checks) must follow
 * the port. The port is fixed on purpose: only one run on this machine can use it at a time.
 */
const PORT = 3987;
const site = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "coach-any-port-"));
let server: ChildProcess | undefined;

async function assertPortFree(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(new Error(`port ${PORT} is busy: another any-port e2e run (or a server) is using it; stop it first`)),
    );
    probe.listen(PORT, () => probe.close(() => resolve()));
  });
}

test.describe.configure({ mode: "serial" });
test.use({ baseURL: site });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await assertPortFree();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(SITE_URL|NODE_ENV|HOST|PORT|DATABASE_URL|STRIPE_|SMTP_URL|DATA_DIR)/.test(key))
      continue;
    env[key] = value;
  }
  let output = "";
  server = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "server-runtime/index.js")], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  // A fresh embedded database migrates on first start, slow on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output}`);
    const healthy = await fetch(`${site}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server on ${PORT} did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

test("a test-checkout purchase returns to the same port", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByRole("article", { name: "Essential" }).getByRole("button", { name: "Choose Essential" }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/checkout/test/cs_test_local_`));
  await expect(page.getByText("Test mode")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("buyer@example.com");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/success\\?session_id=cs_test_local_`));
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
});

test("the back office signs in on the same port", async ({ page }) => {
  const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const trainer = { email: "trainer-any-port@example.com", password: "correct-horse-battery-staple" };
  const created = await sendProvisionRequest(site, secret, { ...trainer, name: "Mila Jansen" });
  expect(created.status, await created.clone().text()).toBe(201);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin/);
  await page.getByLabel("E-mail address").fill(trainer.email);
  await page.getByLabel("Password").fill(trainer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in: the dashboard first insists on two-factor enrolment, which is a signed-in page.
  await expect(page).toHaveURL(new RegExp(`^${site}/admin/security\\?enrol=1`), { timeout: SIGN_IN_MS });
  const totpSecret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate();
  await page.getByLabel("Code from the app").fill(code);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${site}/admin\\?enrolled=1`));
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
});
