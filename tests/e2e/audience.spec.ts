import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import type { RunningServer } from "../support/server";
import { signedInTest } from "./back-office-helpers";
import { expect } from "./fixtures";
import { SERVER_START } from "./own-servers";
import { formatEuro } from "~/features/checkout/catalogue";
import { localDateTimeOf } from "~/infra/zoned-time";
import { AMSTERDAM } from "~/infra/amsterdam";

/**
 * Issue 51's journey on a 375 px phone: the trainer brings a small list over, finds and tags people,
 * sends an issue to that tag only, and hands out a code a visitor uses at the test checkout. The
 * rules behind each step (the dry run's counts, the audience's count, every code refusal, the
 * price on the server) are in tests/integration/ (subscriber-import, subscriber-list, codes); here
 * what only a browser shows: the screens work on a phone, one after the other. Importing, sending
 * and codes change what others see, so this spec has a server of its own, with a local SMTP server.
 * Addresses, tags, subject and code are new on every run, so nothing depends on what is already there.
 */
const test = signedInTest.extend<{ audienceServer: RunningServer; smtp: LocalSmtp }>({
  smtp: async ({ ownServers }, use) =>
    use(await ownServers.shared("audience smtp", startSmtpServer, (smtp) => smtp.stop())),
  audienceServer: [
    async ({ ownServers, smtp }, use) => use(await ownServers.server("audience", { SMTP_URL: smtp.url })),
    SERVER_START,
  ],
  baseURL: async ({ audienceServer }, use) => use(audienceServer.url),
  trainerDataDir: async ({ audienceServer }, use) => use(audienceServer.dataDir),
});

/** New on every run: a run never meets what an earlier one left on the server. */
const runId = () => randomUUID().slice(0, 8);

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

test("she imports a small list from her phone, tags two people and sends an issue to that tag only @phone", async ({
  page,
  smtp,
}) => {
  test.slow(); // four back-office screens and a whole send on a phone
  const run = runId();
  const ana = `ana-${run}@example.com`;
  const ben = `ben-${run}@example.com`;
  const cas = `cas-${run}@example.com`;
  const club = `club-${run}`;
  const tri = `tri-${run}`;

  // The file as her phone's picker hands it over: a header, three people, one line that is no address.
  await page.goto("/admin/subscribers/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import or add subscribers" })).toBeVisible();
  const importing = page.getByRole("region", { name: "Import a list" });
  await importing.getByLabel("A CSV file (from a spreadsheet or another newsletter tool)").setInputFiles({
    name: "clients.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "E-mail,Name,Tags",
        `${ana},Ana Visser,${club}`,
        `${ben},Ben Bakker,${club}`,
        `${cas},Cas de Wit,${club}`,
        "not an address,Nobody,",
      ].join("\n"),
    ),
  });
  await importing.getByRole("button", { name: "Check the list" }).click();

  // The dry run: nothing is added yet, and the columns were guessed from the header.
  await expect(importing.getByRole("heading", { name: "What would happen" })).toBeVisible();
  await expect(importing.getByLabel("E-mail", { exact: true })).toHaveValue("0");
  await expect(importing.getByLabel("Tags", { exact: true })).toHaveValue("2");
  await importing.getByText("The skipped lines").click();
  await expect(importing.getByText(/^Line 5: /)).toBeVisible();
  await importing.getByRole("radio", { name: /They opted in elsewhere/ }).check();
  await importing
    .getByLabel("Where and when they opted in (required for “elsewhere”; kept as the proof)")
    .fill("Signed the club's sign-up sheet at the spring run, 12 April");
  await expectNoSidewaysScroll(page);
  await importing.getByRole("button", { name: "Import 3 new" }).click();
  await expect(
    page.getByText("Imported: 3 new, 0 already there, 0 who left (not added back), 1 not addresses."),
  ).toBeVisible();

  // Search the list for one of them: her card, with the import's tag and the note as her consent.
  await page.getByRole("link", { name: "Back to the subscribers" }).click();
  const search = page.getByRole("search", { name: "Search and filter subscribers" });
  await search.getByLabel("E-mail or name (the start of it)").fill(`ben-${run}`);
  await search.getByRole("button", { name: "Show" }).click();
  const cards = page
    .getByRole("list", { name: "Subscribers, newest first" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("checkbox"),
    });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Ben Bakker");
  await expect(cards.first()).toContainText("Opted in elsewhere: Signed the club's sign-up sheet");
  await expect(cards.first().getByRole("list", { name: "Tags" })).toHaveText(club);
  await expectNoSidewaysScroll(page);

  // The three from the import (by their tag), and two of them ticked and tagged.
  await search.getByLabel("E-mail or name (the start of it)").fill("");
  await search.getByLabel("Tag", { exact: true }).selectOption({ label: club });
  await search.getByRole("button", { name: "Show" }).click();
  await expect(cards).toHaveCount(3);
  await page.getByRole("checkbox", { name: ana }).check();
  await page.getByRole("checkbox", { name: ben }).check();
  const tagForm = page.getByRole("form", { name: "Tag the people you ticked" });
  await tagForm.getByLabel("Tag", { exact: true }).fill(tri);
  await tagForm.getByRole("button", { name: "Add this tag" }).click();
  await expect(page.getByText("The tag is on the people you ticked.")).toBeVisible();
  await search.getByLabel("Tag", { exact: true }).selectOption({ label: tri });
  await search.getByRole("button", { name: "Show" }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("checkbox", { name: cas })).toHaveCount(0);

  // An issue to that tag: the count before sending, and only those two receive it.
  const subject = `Hill repeats for the club ${run}`;
  await page.goto("/admin/newsletter");
  await page.getByRole("link", { name: "Write an issue" }).click();
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text").fill("Three hills, twice each, walking down. See you on Saturday.");
  await page.getByRole("checkbox", { name: tri }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText(/^This goes to 2 people\b/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Send now…" }).click();
  await expect(page.getByRole("heading", { name: "Send it now?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, send it to 2 people" }).click();
  // A small list can be sent before the page she lands on is made: then it says so instead.
  await expect(page.getByText(/^(Sending has started|It has gone out)\./)).toBeVisible();
  // "Sent" once the engine has handed every copy to the mail server: the list below is complete.
  await expect(page.getByText(/^Status: Sent/)).toBeVisible({ timeout: 20_000 });
  const copies = smtp.messages.filter((mail) => mail.subject === subject);
  expect(copies.flatMap((mail) => mail.to).sort()).toEqual([ana, ben]);
});

test("she makes a code on Prices, and a visitor on a phone pays the discounted price in the test checkout @phone", async ({
  page,
}) => {
  test.slow(); // Prices, the pricing page, the test checkout and Orders on a phone
  const code = `HILLS${runId().toUpperCase()}`;
  await page.goto("/admin/offers");
  const codes = page.getByRole("region", { name: "Discount codes" });
  await codes.getByLabel("The code").fill(code);
  await codes.getByRole("radio", { name: "Amount off, in € per month" }).check();
  await codes.getByLabel("How much off").fill("10");
  await codes.getByRole("checkbox", { name: "Progress" }).check();
  const ends = localDateTimeOf(new Date(Date.now() + 7 * 86_400_000), AMSTERDAM);
  await codes.getByLabel("Ends (Amsterdam time)").fill(ends);
  await expectNoSidewaysScroll(page);
  await codes.getByRole("button", { name: "Make the code" }).click();
  await expect(codes.getByRole("list", { name: "Your codes" }).getByText(code, { exact: true })).toBeVisible();

  // The visitor types it on the pricing page (in small letters: any case is found).
  await page.goto("/pricing");
  const card = page.getByRole("article", { name: "Progress" });
  // The normal price from the page itself, so nothing here depends on today's price list.
  const shown = await card
    .getByText(/^€[\d,.]+$/)
    .filter({ visible: true })
    .first()
    .innerText();
  const withCode = formatEuro(Math.round(Number(shown.replace(/[€,]/g, "")) * 100) - 1000);
  await page.getByText("Have a discount code?").click();
  await page.getByLabel("Discount code", { exact: true }).fill(code.toLowerCase());
  await expectNoSidewaysScroll(page);
  await card.getByRole("button", { name: "Choose Progress" }).filter({ visible: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await expect(page.getByText(`${code}: €10 off`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${withCode}, one payment`)).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(`buyer-${runId()}@example.com`);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: `Pay ${withCode}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();

  await page.goto("/admin/orders");
  await expect(page.getByText(new RegExp(`^Code ${code}: €10 off`)).first()).toBeVisible();
});
