import { rmSync } from "node:fs";
import { newsletterSubscribers } from "../../db/schema";
import { openDatabase } from "../../app/infra/db.server";
import { migratedDataDir } from "../support/data-dir";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { startServer, type RunningServer } from "../support/server";
import { signedInTest } from "./back-office-helpers";
import { expect, expectAccessible } from "./fixtures";
import { SERVER_START } from "./own-servers";

/**
 * The trainer sends her newsletter from her phone: an issue started from a published article,
 * previewed, tested on herself and sent; the confirmed subscriber gets exactly one copy, the
 * pending and unsubscribed ones none, and the archive shows it. Sending changes what the public
 * archive shows, so this spec has a server of its own, with a local SMTP server and a subscriber
 * list written into its database before it starts.
 */
const READER = "reader@example.com";
const NOT_YET = "not-yet@example.com";
const LEFT = "left@example.com";

const test = signedInTest.extend<{ issueServer: RunningServer; smtp: LocalSmtp }, object>({
  smtp: async ({ ownServers }, use) =>
    use(await ownServers.shared("newsletter-issue smtp", startSmtpServer, (smtp) => smtp.stop())),
  issueServer: [
    async ({ ownServers, smtp }, use) =>
      use(
        await ownServers.shared(
          "newsletter-issue",
          async () => {
            const dataDir = await migratedDataDir("coach-issue-");
            const database = await openDatabase({ dataDir });
            await database.db.insert(newsletterSubscribers).values([
              { email: READER, source: "footer", status: "confirmed", confirmedAt: new Date() },
              { email: NOT_YET, source: "footer", status: "pending" },
              { email: LEFT, source: "footer", status: "unsubscribed", unsubscribedAt: new Date() },
            ]);
            await database.close();
            return startServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir, RATE_LIMIT_POSTS_PER_MINUTE: "1000" });
          },
          async (server) => {
            await server.stop();
            rmSync(server.dataDir, { recursive: true, force: true });
          },
        ),
      ),
    SERVER_START,
  ],
  baseURL: async ({ issueServer }, use) => use(issueServer.url),
  trainerDataDir: async ({ issueServer }, use) => use(issueServer.dataDir),
});

test("the trainer sends an article as her newsletter from her phone, and the archive shows it @phone", async ({
  page,
  smtp,
  issueServer,
}) => {
  await page.unrouteAll();
  await page.route(
    (url) => url.origin !== issueServer.url,
    (route) => route.fulfill({ status: 503, body: "offline in tests" }),
  );
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  const article = page.getByLabel("Published article");
  const title = (await article.locator("option:not([disabled])").first().textContent())?.trim() ?? "";
  await article.selectOption({ label: title });
  await page.getByRole("button", { name: "Start an issue from it" }).click();

  await expect(page.getByLabel("Subject")).toHaveValue(title);
  await expect(page.getByText("This goes to 1 person")).toBeVisible();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Preview" })).toBeFocused();
  const frame = preview.frameLocator("iframe");
  await expect(frame.getByRole("link", { name: "Read the whole article" })).toBeVisible();
  await preview.getByText("Desktop", { exact: true }).click();
  // Laid out at the desktop width, drawn smaller to fit: nothing on the page scrolls sideways.
  await expect.poll(() => frame.locator("html").evaluate((html) => html.clientWidth)).toBe(680);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(preview.locator("pre")).toContainText("Read the whole article (");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Send a test to myself" }).click();
  await expect(page.getByText("A test copy is on its way to you")).toBeVisible();
  const [test] = await smtp.waitForMessages(1);
  expect(test!.subject).toBe(`[Test] ${title}`);

  await page.getByRole("button", { name: "Send now…" }).click();
  await expect(page.getByRole("heading", { name: "Send it now?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, send it to 1 person" }).click();
  // A small list can be sent before the page she lands on is made: then it says so instead.
  await expect(page.getByText(/^(Sending has started|It has gone out)\./)).toBeVisible();
  // The page refreshes its numbers by itself while it sends; "Sent" only once the engine says so.
  await expect(page.getByText(/^Status: Sent/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("Finished");
  await expectAccessible(page);

  const copies = await smtp.waitForMessages(2);
  expect(copies.filter((mail) => mail.to.includes(READER)).map((mail) => mail.subject)).toEqual([title]);
  expect(copies.flatMap((mail) => mail.to)).not.toContain(NOT_YET);
  expect(copies.flatMap((mail) => mail.to)).not.toContain(LEFT);

  await page.getByRole("link", { name: "View it in the archive" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("link", { name: "Read the whole article" })).toBeVisible();
});
