import { randomUUID } from "node:crypto";
import { expect, expectAccessible } from "./fixtures";
import { signedInTest } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { calendlyInvitee, signCalendly } from "../support/scheduling-fixtures";

/**
 * Issue 50's "her control" on her phone (375 × 812): she switches the no-show follow-up off, edits
 * the nudge's words and previews them, and sees a booked lead's planned reminders on the lead's
 * page. A server of its own with a local SMTP server (follow-ups are planned only where mail can
 * go) and Calendly's web hook, since switching an automation off changes what every test plans.
 */
const SIGNING_KEY = "e2e-follow-ups-signing-key-0123";

const phone = signedInTest.extend<{ smtp: LocalSmtp; followUpServer: { url: string; dataDir: string } }>({
  smtp: async ({ ownServers }, use) =>
    use(await ownServers.shared("follow-ups smtp", startSmtpServer, (smtp) => smtp.stop())),
  followUpServer: [
    async ({ ownServers, smtp }, use) =>
      use(
        await ownServers.server("follow-ups", {
          SMTP_URL: smtp.url,
          SCHEDULING_PROVIDER: "calendly",
          SCHEDULING_WEBHOOK_SECRET: SIGNING_KEY,
        }),
      ),
    SERVER_START,
  ],
  baseURL: async ({ followUpServer }, use) => use(followUpServer.url),
  trainerDataDir: async ({ followUpServer }, use) => use(followUpServer.dataDir),
});

phone.use({ viewport: { width: 375, height: 812 } });

phone(
  "she switches a follow-up off, edits and previews the nudge, and sees a lead's planned reminders @phone",
  async ({ page }) => {
    phone.slow();
    const email = `follow-${randomUUID().slice(0, 8)}@example.com`;
    const intake = await page.request.post("/api/intake", {
      data: {
        answers: { 1: "weight-loss", 2: "moderately", 4: "female", 5: "31+" },
        contact: { firstName: "Noor", lastName: "Visser", email, phone: "06 2345 6789", message: "" },
        idempotencyKey: randomUUID(),
        sourceUrl: "/start",
        elapsedMs: 30_000,
      },
    });
    expect(intake.status(), await intake.text()).toBe(200);
    const { leadId } = (await intake.json()) as { leadId: string };
    const booking = JSON.stringify(calendlyInvitee("invitee.created", { uri: "e2e-fu-1", email, utmContent: leadId }));
    const hook = await page.request.post("/api/scheduling-webhook", {
      data: booking,
      headers: {
        "Content-Type": "application/json",
        "Calendly-Webhook-Signature": signCalendly(booking, SIGNING_KEY, new Date()),
      },
    });
    expect(hook.status()).toBe(200);

    await page.goto("/admin/follow-ups");
    await expect(page.getByRole("heading", { level: 1, name: "Follow-ups" })).toBeVisible();
    await expectAccessible(page);

    const noShow = page.getByRole("region", { name: "After a missed intake call: book again" });
    await noShow.getByRole("button", { name: "Switch off" }).click();
    await expect(noShow.getByRole("status")).toContainText("Switched off");
    await expect(noShow.getByRole("button", { name: "Switch on" })).toBeVisible();

    const nudge = page.getByRole("region", { name: "48 hours after the questionnaire, if no call was booked" });
    await nudge.getByText("Words, preview and test").click();
    await nudge.getByLabel("Subject").fill("{{firstName}}, shall we talk?");
    await nudge.getByLabel("Message").fill("Hi {{firstName}}, [pick a time]({{bookingLink}}).");
    await nudge.getByRole("button", { name: "Preview" }).click();
    const preview = nudge.frameLocator("iframe[title^='Preview']");
    await expect(preview.getByText("Hi Anna,")).toBeVisible();
    await expect(preview.getByRole("link", { name: "pick a time" })).toBeVisible();
    await expect(nudge.getByLabel("Subject")).toHaveValue("{{firstName}}, shall we talk?");
    await nudge.getByRole("button", { name: "Save" }).click();
    await expect(nudge.getByRole("status")).toContainText("Saved");

    await page.goto(`/admin/leads/${leadId}`);
    const followUps = page.getByRole("region", { name: "Follow-ups" });
    await expect(followUps.getByRole("listitem").filter({ hasText: "Reminder a day before the call:" })).toBeVisible();
    await expect(
      followUps.getByRole("listitem").filter({ hasText: "Reminder an hour before the call:" }),
    ).toBeVisible();
    await expect(followUps.getByRole("button", { name: "Cancel Reminder a day before the call" })).toBeVisible();
    // The questionnaire planned the nudge (through the routes' bundle, not only the web hook's), and the booking took it back.
    await expect(followUps.getByRole("listitem").filter({ hasText: "Nudge to book the call:" })).toContainText(
      "cancelled",
    );
  },
);
