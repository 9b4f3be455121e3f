import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { test as base, expect, expectAccessible } from "./fixtures";
import { sendProvisionRequest } from "~/features/back-office/provision";
import { startFaultServer, type FaultServer } from "../support/fault";

/**
 * A publish changes what every visitor sees, so this spec runs on a server and database of its
 * own: the other specs, running at the same time, keep seeing the seeded content.
 */
const test = base.extend<{ dataDir: string }, { ownServer: FaultServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use) => {
      const server = await startFaultServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  dataDir: async ({ ownServer }, use) => use(ownServer.dataDir),
});

/**
 * The trainer account is made the way `npm run admin:create -- --server` makes it: a request
 * to the running server signed with its secret (the e2e server's DATA_DIR/auth-secret), since
 * the embedded database cannot be opened by a second process while the server runs.
 */
async function createTrainer(baseURL: string, dataDir: string) {
  const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const trainer = {
    email: `trainer-${randomUUID().slice(0, 8)}@example.com`,
    password: "correct-horse-battery-staple",
  };
  const response = await sendProvisionRequest(baseURL, secret, { ...trainer, name: "Mila Jansen" });
  expect(response.status, await response.clone().text()).toBe(201);
  return trainer;
}

function totpCode(secret: string): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();
}

async function signInWithPassword(page: Page, trainer: { email: string; password: string }) {
  await page.getByLabel("E-mail address").fill(trainer.email);
  await page.getByLabel("Password").fill(trainer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** First sign-in: password, then the enrolment the dashboard insists on. Returns the TOTP secret. */
async function signInAndEnrol(page: Page, trainer: { email: string; password: string }): Promise<string> {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin/);
  await signInWithPassword(page, trainer);
  await expect(page).toHaveURL(/\/admin\/security\?enrol=1/);
  await expect(page.getByText("Set up two-factor sign-in first")).toBeVisible();
  await page.getByLabel("Password to confirm").fill(trainer.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
    "src",
    /^data:image\/svg\+xml;base64,/,
  );
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\?enrolled=1/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  return secret;
}

/** Any artwork the seeded articles already use, so the test depends on no particular post. */
function someSeedImage(): string {
  const first = readdirSync("content/blog").find((name) => name.endsWith(".md")) ?? "";
  const file = readFileSync(path.join("content/blog", first), "utf8");
  return /^image:\s*(\S+)/m.exec(file)?.[1] ?? "";
}

test("the trainer writes an article, previews it, publishes it, sees it on the site and restores an earlier version", async ({
  page,
  baseURL,
  dataDir,
  request,
}) => {
  test.slow();
  const trainer = await createTrainer(baseURL!, dataDir);
  await signInAndEnrol(page, trainer);
  const slug = `test-article-${randomUUID().slice(0, 8)}`;
  const title = `Hill repeats for ${slug}`;

  await page.goto("/admin/articles/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Web address").fill(slug);
  await page.getByLabel("Summary").fill("Why short climbs make flat running feel easier.");
  await page.getByLabel("Date").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel("Category").selectOption("Running");
  await page.getByLabel("Author", { exact: true }).fill("Mila Jansen");
  await page.getByLabel("Author's role").fill("Coach");
  await page.getByLabel("Image", { exact: true }).fill(someSeedImage());
  await page.getByLabel("Image description").fill("A runner on a hill");
  await page.getByLabel("Keywords").fill("hills, running");
  await page
    .getByLabel("Article text")
    .fill("## Why hills\n\nShort climbs build strength.\n\n## Conclusion\n\nTry one a week.");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: title });
  await expect(preview.getByRole("heading", { name: "Why hills" })).toBeVisible();

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expectAccessible(page);

  await expect.poll(async () => (await request.get("/blog")).text(), { timeout: 5_000 }).toContain(title);
  await expect
    .poll(async () => (await request.get("/sitemap.xml")).text(), { timeout: 5_000 })
    .toContain(`/blog/${slug}`);
  await expect.poll(async () => (await request.get("/blog/rss.xml")).text(), { timeout: 5_000 }).toContain(title);

  // A second version goes live, then the first comes back with one click and a publish.
  await page.getByLabel("Title", { exact: true }).fill(`${title}, revised`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`)).text(), { timeout: 5_000 })
    .toContain(`${title}, revised`);
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByText("Version 1 is back as the draft.")).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`)).text(), { timeout: 5_000 })
    .not.toContain(`${title}, revised`);
});
