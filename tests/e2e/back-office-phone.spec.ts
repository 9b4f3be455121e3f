import { randomUUID } from "node:crypto";
import { expect, expectAccessible } from "./fixtures";
import { signedInTest } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { goalWords } from "~/features/leads/vocabulary";

/**
 * The trainer on her phone (375 × 812): a questionnaire comes in, she opens the back office and
 * answers in one tap. A server of its own, so no other test's lead can push hers off the top.
 */
const phone = signedInTest.extend<{ phoneServer: { url: string; dataDir: string } }>({
  phoneServer: [async ({ ownServers }, use) => use(await ownServers.server("back-office-phone")), SERVER_START],
  baseURL: async ({ phoneServer }, use) => use(phoneServer.url),
  // Signed in as a trainer made on this server (once per worker, see signedInTest).
  trainerDataDir: async ({ phoneServer }, use) => use(phoneServer.dataDir),
});

phone.use({ viewport: { width: 375, height: 812 } });
// Both tests in one worker, so the file starts one server (the config runs tests fully parallel).
phone.describe.configure({ mode: "default" });

phone(
  "a new lead is on the phone's first screen and WhatsApp records the contact @phone",
  async ({ page, context }) => {
    phone.slow();

    const lead = { firstName: "Sanne", lastName: `Bakker ${randomUUID().slice(0, 6)}` };
    const intake = await page.request.post("/api/intake", {
      data: {
        answers: { 1: "weight-loss", 2: "moderately", 4: "female", 5: "31+" },
        contact: {
          ...lead,
          email: `sanne-${randomUUID().slice(0, 8)}@example.com`,
          phone: "06 1234 5678",
          message: "",
        },
        idempotencyKey: randomUUID(),
        sourceUrl: "/start",
        elapsedMs: 30_000,
      },
    });
    expect(intake.status(), await intake.text()).toBe(200);
    const { leadId } = (await intake.json()) as { leadId: string };

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    // The navigation is folded into one menu button; the long list of links is not in the way.
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribers" })).toBeHidden();

    const name = `${lead.firstName} ${lead.lastName}`;
    const card = page.getByRole("region", { name: "Newest open leads" }).getByRole("article", { name });
    await expect(card).toBeInViewport({ ratio: 1 });
    await expect(card).toContainText("New");

    const whatsApp = card.getByRole("link", { name: "WhatsApp" });
    const href = (await whatsApp.getAttribute("href")) ?? "";
    const link = new URL(href);
    expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/31612345678");
    const greeting = link.searchParams.get("text") ?? "";
    expect(greeting).toContain(lead.firstName);
    expect(greeting).toContain(goalWords["weight-loss"].label.toLowerCase());
    await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+31612345678");
    await expect(card.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:sanne-/);
    for (const target of await card.getByRole("link").all()) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0, await target.innerText()).toBeGreaterThanOrEqual(44);
    }

    // The record is the application's (a link tapped before it runs just opens WhatsApp, and she
    // sets the status by hand; lead-contact.tsx): wait for the page's own signal that it runs.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // WhatsApp itself is not reachable here: a stand-in page answers for wa.me.
    await context.route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp stand-in</title>" }),
    );
    const [chat] = await Promise.all([context.waitForEvent("page"), whatsApp.tap()]);
    await chat.waitForLoadState();
    expect(chat.url()).toBe(href);
    await chat.close();
    await expect(card).toContainText("Contacted");

    await page.goto(`/admin/leads/${leadId}`);
    const timeline = page.getByRole("list", { name: "Timeline, oldest first" });
    await expect(timeline.getByRole("heading", { level: 3 })).toContainText([
      "Contact attempt: WhatsApp",
      "Status: New → Contacted",
    ]);
    await page.reload();
    await expect(page.getByRole("definition").filter({ hasText: /^Contacted$/ })).toBeVisible();
  },
);

phone("chart labels stay readable and the dashboard passes axe on a phone @phone", async ({ page }) => {
  phone.slow();
  await page.goto("/admin");
  const labels = page.getByRole("region", { name: "Per week" }).locator("figure span.absolute");
  await expect(labels.first()).toBeVisible();
  for (const label of await labels.all()) {
    if (!(await label.isVisible())) continue;
    const size = await label.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
  }
  // Its colour contrast is judged at 1280 px (back-office.spec.ts), in the same colours and sizes (decision 088).
  await expectAccessible(page, { contrast: false });
  await page.getByText("Menu", { exact: true }).tap();
  await expect(page.getByRole("link", { name: "Subscribers" })).toBeVisible();
  // The menu opened, the one part laid out for the phone alone: judged by every rule, contrast too.
  await expectAccessible(page, { include: "details[open]:has(> nav)" });
});
