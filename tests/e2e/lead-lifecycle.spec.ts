import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { request as playwrightRequest } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { SERVER_START } from "./own-servers";
import { calendlyInvitee, signCalendly } from "../support/scheduling-fixtures";
import { sendProvisionRequest } from "~/features/auth/provision";

/**
 * A lead's whole story in the back office, on a server of its own (so the funnel counts only
 * this file's fixtures) with Calendly's web hook configured: two visitors arrive (one from an
 * Instagram campaign, one direct), both send the questionnaire, the first books a call; the
 * trainer opens the first lead's timeline and the funnel.
 */
const SIGNING_KEY = "e2e-calendly-signing-key-0123";

const lifecycle = test.extend<{ lifecycleServer: { url: string; dataDir: string } }>({
  lifecycleServer: [
    async ({ ownServers }, use) =>
      use(
        await ownServers.server("lead-lifecycle", {
          SCHEDULING_PROVIDER: "calendly",
          SCHEDULING_WEBHOOK_SECRET: SIGNING_KEY,
        }),
      ),
    SERVER_START,
  ],
  baseURL: async ({ lifecycleServer }, use) => use(lifecycleServer.url),
});

/**
 * A visitor lands, reads two pages and sends the intake from /start. One who accepted analytics
 * carries the first-touch cookie from the landing; one who did not is credited with the page the
 * form was sent from (decision 023).
 */
async function visitAndApply(
  baseURL: string,
  landing: string,
  person: { first: string; email: string; phone: string; acceptedAnalytics: boolean },
) {
  const host = new URL(baseURL).hostname;
  const visitor = await playwrightRequest.newContext({
    baseURL,
    storageState: {
      cookies: person.acceptedAnalytics
        ? [
            {
              name: "cookie_consent",
              value: "accepted",
              domain: host,
              path: "/",
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: "Lax",
            },
          ]
        : [],
      origins: [],
    },
  });
  expect((await visitor.get(landing)).status()).toBe(200);
  await visitor.get("/services");
  await visitor.get("/start");
  const response = await visitor.post("/api/intake", {
    headers: { Referer: `${baseURL}/start` },
    data: {
      answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
      contact: {
        firstName: person.first,
        lastName: "Lifecycle",
        email: person.email,
        phone: person.phone,
        message: "",
      },
      idempotencyKey: randomUUID(),
      elapsedMs: 30_000,
      website: "",
    },
  });
  expect(response.status()).toBe(200);
  const outcome = (await response.json()) as { leadId: string };
  await visitor.dispose();
  return outcome.leadId;
}

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();

lifecycle.describe("lead lifecycle in the back office", () => {
  lifecycle.describe.configure({ mode: "serial" });

  lifecycle(
    "the trainer opens a lead and sees its timeline in order, and the funnel counts the fixtures",
    async ({ page, baseURL, lifecycleServer }) => {
      lifecycle.slow();
      const site = baseURL ?? "";
      const booked = await visitAndApply(site, "/blog?utm_source=instagram&utm_campaign=spring", {
        first: "Ivy",
        email: "ivy@example.com",
        phone: "+31612345678",
        acceptedAnalytics: true,
      });
      // Another person: another phone number too (the same one would flag a repeat questionnaire).
      await visitAndApply(site, "/", {
        first: "Dan",
        email: "dan@example.com",
        phone: "+31687654321",
        acceptedAnalytics: false,
      });

      const body = JSON.stringify(
        calendlyInvitee("invitee.created", { uri: "e2e-1", email: "ivy@example.com", utmContent: booked }),
      );
      const hook = await page.request.post("/api/scheduling-webhook", {
        data: body,
        headers: {
          "Content-Type": "application/json",
          "Calendly-Webhook-Signature": signCalendly(body, SIGNING_KEY, new Date()),
        },
      });
      expect(hook.status()).toBe(200);
      const unsigned = await page.request.post("/api/scheduling-webhook", {
        data: body,
        headers: { "Content-Type": "application/json" },
      });
      expect(unsigned.status()).toBe(401);

      const secret = readFileSync(path.join(lifecycleServer.dataDir, "auth-secret"), "utf8").trim();
      const trainer = {
        email: `trainer-${randomUUID().slice(0, 8)}@example.com`,
        password: "correct-horse-battery-staple",
      };
      expect((await sendProvisionRequest(site, secret, { ...trainer, name: "Mila Jansen" })).status).toBe(201);
      await page.goto(`/admin/leads/${booked}`);
      await page.getByLabel("E-mail address").fill(trainer.email);
      await page.getByLabel("Password").fill(trainer.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      const totpSecret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
      await page.getByLabel("Code from the app").fill(totp(totpSecret));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

      await page.goto(`/admin/leads/${booked}`);
      await expect(page.getByRole("heading", { level: 1, name: "Ivy Lifecycle" })).toBeVisible();
      const timeline = page.getByRole("list", { name: "Timeline, oldest first" });
      await expect(timeline.getByRole("heading", { level: 3 })).toHaveText([
        "First visit",
        "Intake questionnaire",
        "Intake call booked",
        "Status: New → Call booked",
      ]);
      await expect(timeline).toContainText("Source: instagram");
      await expect(timeline).toContainText("Landing page: /blog");
      await expectAccessible(page);

      // The trainer overrides the automatic status; it lands at the end of the timeline.
      await page.getByLabel("Change status").selectOption("contacted");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      await page.reload();
      await expect(timeline.getByRole("heading", { level: 3 }).last()).toHaveText("Status: Call booked → Contacted");

      await page.goto("/admin/funnel");
      const perSource = page.getByRole("table", { name: "Per source" });
      await expect(perSource.getByRole("row", { name: /^instagram/ })).toHaveText(/instagram\s*1\s*1\s*100%\s*0\s*0%/);
      await expect(perSource.getByRole("row", { name: /^direct/ })).toHaveText(/direct\s*1\s*0\s*0%\s*0\s*0%/);
      await expect(perSource.getByRole("row", { name: /^All/ })).toHaveText(/All\s*2\s*1\s*50%\s*0\s*0%/);
      await expectAccessible(page);
    },
  );
});
