import type { Page } from "@playwright/test";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { startServer, type RunningServer } from "../support/server";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * What reaches an inbox, through a server with SMTP (the shared e2e server has none, so this spec
 * starts its own next to a local SMTP server): a newsletter sign-up says where its confirmation
 * went and resends it; a plan bought with the start-now box ticked is confirmed by an e-mail that
 * carries the terms, the withdrawal information and the start the buyer asked for.
 */
let smtp: LocalSmtp;
let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_FORMS_PER_MINUTE: "1000" });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test("the footer form says where the confirmation went and resends it once", async ({ page }) => {
  // The fixture's offline rule knows only the shared server's origin: allow this server too.
  await page.unrouteAll();
  await page.route(
    (url) => url.origin !== server.url,
    (route) => route.fulfill({ status: 503, body: "offline in tests" }),
  );
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  // Paused fake time: the minimum fill time passes and the 5 s reset runs only when told.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(`${server.url}/pricing`);
  const section = page.locator('[data-newsletter="footer"]');
  await page.clock.fastForward(3_000);
  await section.getByRole("textbox", { name: "Email address" }).fill("inbox.reader@example.com");
  await section.getByRole("button", { name: "Subscribe" }).click();

  const note = section.getByText("Almost done: click the link in the e-mail we just sent to");
  await expect(note).toContainText("inbox.reader@example.com");
  await smtp.waitForMessages(1);

  // The form resets after 5 s; the note and its button stay.
  await page.clock.fastForward(5_000);
  await expect(section.getByRole("textbox", { name: "Email address" })).toHaveValue("");
  await expect(note).toBeVisible();
  await page.clock.resume(); // axe waits on timers
  // The footer form with its note; the page around it is judged whole by the every-route test.
  await expectAccessible(page, { include: '[data-newsletter="footer"]' });

  await section.getByRole("button", { name: "Resend the confirmation e-mail" }).click();
  await expect(
    section.getByText("If this address is waiting for confirmation, a new e-mail is on its way."),
  ).toBeVisible();
  const mails = await smtp.waitForMessages(2);
  expect(mails.map((m) => m.to)).toEqual([["inbox.reader@example.com"], ["inbox.reader@example.com"]]);
});

/** A message body as its reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function offline(page: Page) {
  await page.unrouteAll();
  await page.route(
    (url) => url.origin !== server.url,
    (route) => route.fulfill({ status: 503, body: "offline in tests" }),
  );
}

for (const startNow of [true, false]) {
  test(`a plan bought ${startNow ? "with" : "without"} the start-now box is confirmed by e-mail with the terms`, async ({
    page,
  }) => {
    await offline(page);
    await page.goto(`${server.url}/pricing`);
    const box = page.getByRole("checkbox", { name: /Start my coaching right away/ });
    await expect(box).not.toBeChecked();
    if (startNow) await box.check();
    await page
      .getByRole("article", { name: "Essential" })
      .getByRole("button", { name: /^Choose / })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
    const buyer = `buyer-${startNow ? "now" : "later"}@example.com`;
    await page.getByLabel("Email", { exact: true }).fill(buyer);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("Security code").fill("123");
    const before = smtp.messages.length;
    await page.getByRole("button", { name: /^Pay €/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();

    // The trainer's paid-order notice goes out too; wait for the buyer's own confirmation.
    await expect
      .poll(() => smtp.messages.slice(before).some((m) => m.to.includes(buyer)), { timeout: 10_000 })
      .toBe(true);
    const mail = smtp.messages.slice(before).find((m) => m.to.includes(buyer));
    expect(mail?.subject).toMatch(/^Your order: Essential/);
    const body = readable(mail?.raw ?? "");
    // The terms and the withdrawal information with its model form travel in the e-mail itself.
    for (const heading of ["TERMS AND CONDITIONS", "RIGHT OF WITHDRAWAL", "Model withdrawal form"])
      expect(body).toContain(heading);
    expect(body).toMatch(/<title>Your order: Essential/);
    if (startNow) {
      expect(body).toContain("You asked me at checkout to start right away");
      // The words the buyer agreed to, as the box showed them.
      expect(body).toContain("I understand that if I then withdraw");
    } else {
      expect(body).toMatch(/Your coaching starts on \d{1,2} \w+ \d{4}, the day after the \d+-day withdrawal period/);
    }
  });
}
