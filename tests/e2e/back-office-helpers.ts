import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sendProvisionRequest } from "~/features/auth/provision";

/**
 * The trainer account is made the way `npm run admin:create -- --server` makes it: a request
 * to the running server signed with its secret (the e2e server's DATA_DIR/auth-secret), since
 * the embedded database cannot be opened by a second process while the server runs.
 */
export async function createTrainer(baseURL: string, dataDir = process.env.E2E_DATA_DIR) {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const trainer = {
    email: `trainer-${randomUUID().slice(0, 8)}@example.com`,
    password: "correct-horse-battery-staple",
  };
  const response = await sendProvisionRequest(baseURL, secret, { ...trainer, name: "Mila Jansen" });
  expect(response.status, await response.clone().text()).toBe(201);
  return trainer;
}

export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();
}

/**
 * How long a first sign-in may take to land on the enrolment page: the server hashes the password
 * twice (sign-in, then the enrolment it starts) and makes the codes, which on a just-started server
 * on a busy 2-core machine took longer than the 7 s an expectation waits by default.
 */
export const SIGN_IN_MS = 20_000;

export async function signInWithPassword(page: Page, trainer: { email: string; password: string }) {
  await page.getByLabel("E-mail address").fill(trainer.email);
  await page.getByLabel("Password").fill(trainer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** First sign-in: password, then the enrolment the dashboard insists on. Returns the TOTP secret. */
export async function signInAndEnrol(page: Page, trainer: { email: string; password: string }): Promise<string> {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin/);
  await signInWithPassword(page, trainer);
  await expect(page).toHaveURL(/\/admin\/security\?enrol=1/, { timeout: SIGN_IN_MS });
  await expect(page.getByText("Set up two-factor sign-in first")).toBeVisible();
  // The password typed at sign-in started the enrolment: it is not asked for a second time.
  await expect(page.getByLabel("Password to confirm")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
    "src",
    /^data:image\/svg\+xml;base64,/,
  );
  const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  // No look-alike characters (0/o, 1/l/i, u/v) in the codes the trainer may copy by hand.
  for (const code of await codes.allTextContents())
    expect(code).toMatch(/^[2-9a-hjkmnp-tw-z]{5}-[2-9a-hjkmnp-tw-z]{5}$/);
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\?enrolled=1/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  return secret;
}

export async function signInWithTotp(
  page: Page,
  trainer: { email: string; password: string },
  secret: string,
  target = "/admin",
) {
  await page.goto(target);
  await signInWithPassword(page, trainer);
  await expect(page).toHaveURL(/\/admin\/verify/);
  await page.getByLabel("Authenticator code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
}

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * How long one signed-in state serves: the back office asks for the code again before data
 * requests and CSV downloads once the last check is 15 minutes old, and ends a session after 30
 * minutes without use, so a state older than this is replaced by a fresh sign-in.
 */
const STATE_LIFETIME_MS = 8 * 60_000;
const states = new Map<string, { made: number; state: Promise<StorageState> }>();

/**
 * A trainer account made, signed in with the password and enrolled in two-factor sign-in in a
 * browser context of its own, once per server and worker: the cookies it ends with are the
 * storage state of every back-office test that is not about signing in. The sign-in and the
 * enrolment themselves are checked on the way (signInAndEnrol), and again by the tests that
 * sign in on their own page.
 */
function trainerState(browser: Browser, baseURL: string, dataDir: string | undefined): Promise<StorageState> {
  const key = `${baseURL} ${dataDir ?? ""}`;
  const cached = states.get(key);
  if (cached && Date.now() - cached.made < STATE_LIFETIME_MS) return cached.state;
  const state = (async () => {
    const trainer = await createTrainer(baseURL, dataDir);
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await page.route(
        (url) => url.origin !== new URL(baseURL).origin,
        (route) => route.fulfill({ status: 503, body: "offline in tests" }),
      );
      await signInAndEnrol(page, trainer);
      return await context.storageState();
    } finally {
      await context.close();
    }
  })();
  states.set(key, { made: Date.now(), state });
  // A failed sign-in is not kept: the next test tries again (and fails with its own message).
  state.catch(() => states.delete(key));
  return state;
}

/**
 * Back-office tests that start signed in as the trainer (password and second factor done). A spec
 * on a server of its own overrides `trainerDataDir` with that server's data directory.
 */
export const signedInTest = test.extend<{ trainerDataDir: string | undefined }>({
  trainerDataDir: [undefined, { option: true }],
  // Signing in (and enrolling the authenticator on a test's own fresh server) is set-up, with a limit
  // of its own: on a loaded 2-core machine it took 9 s of a 30 s test's time (sales.spec.ts).
  storageState: [
    async ({ browser, baseURL, trainerDataDir }, use) => {
      await use(await trainerState(browser, baseURL!, trainerDataDir));
    },
    { scope: "test", timeout: 60_000 },
  ],
});
