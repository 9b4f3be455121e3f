import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { startServer, type RunningServer } from "../support/server";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 16: with SMTP configured, a sign-up from an in-page form says a confirmation e-mail is on
 * its way (to which address) and offers to resend it, once the form itself has reset. The shared
 * e2e server has no SMTP, so this spec starts its own server next to a local SMTP server.
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
  await expectAccessible(page);

  await section.getByRole("button", { name: "Resend the confirmation e-mail" }).click();
  await expect(
    section.getByText("If this address is waiting for confirmation, a new e-mail is on its way."),
  ).toBeVisible();
  const mails = await smtp.waitForMessages(2);
  expect(mails.map((m) => m.to)).toEqual([["inbox.reader@example.com"], ["inbox.reader@example.com"]]);
});
