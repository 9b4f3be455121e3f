import { expect, expectAccessible } from "./fixtures";
import { signedInTest } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { localDateTimeOf } from "~/infra/zoned-time";
import { AMSTERDAM } from "~/infra/amsterdam";

/**
 * The trainer starts a sale on her phone and a visitor buys in it, on the phone only: the steps and
 * checks are the same at 1280 px (the Prices page is judged whole there by offers.spec.ts, the
 * pricing page by the every-route test). A sale changes what every visitor sees, so this spec has a
 * server of its own. That the sale goes by itself at its end, the
 * Stripe coupon and the messages for bad input are checked in tests/integration/sales.test.ts.
 */
const test = signedInTest.extend<{ salesServer: { url: string; dataDir: string } }>({
  salesServer: [async ({ ownServers }, use) => use(await ownServers.server("sales")), SERVER_START],
  baseURL: async ({ salesServer }, use) => use(salesServer.url),
  trainerDataDir: async ({ salesServer }, use) => use(salesServer.dataDir),
});

test("she starts a 20% sale on Progress ending in 2 minutes; the page shows it, a checkout charges it, the order keeps it @phone", async ({
  page,
}) => {
  await page.goto("/admin/offers");
  const sale = page.getByRole("region", { name: "Sale" });
  await sale.getByRole("radio", { name: "Percentage off" }).check();
  await sale.getByLabel("How much off").fill("20");
  await sale.getByRole("checkbox", { name: "Progress" }).check();
  const ends = localDateTimeOf(new Date(Date.now() + 2 * 60_000), AMSTERDAM);
  await sale.getByLabel("Ends (Amsterdam time)").fill(ends);
  await sale.getByRole("button", { name: "Start the sale" }).click();
  await expect(sale.getByRole("status")).toContainText("The sale is on");
  await expectAccessible(page, { include: "section[aria-labelledby='sale-heading']" });

  // Her own summary gives the prices, so nothing here depends on today's prices.
  const line = await sale
    .getByRole("list", { name: "Sale prices per month" })
    .getByRole("listitem")
    .first()
    .innerText();
  const [, was, now] = /^Progress: (€[\d.,]+) → (€[\d.,]+) \(1 month\)/.exec(line) ?? [];
  expect(was && now, line).toBeTruthy();

  await page.goto("/pricing");
  const card = page.getByRole("article", { name: "Progress" });
  const price = card.locator("p", { has: page.locator("s") }).filter({ visible: true });
  await expect(price).toContainText(`Was ${was}, now ${now}`);
  await expect(price.locator("s")).toHaveText(was!);
  await expect(card.getByText(now!, { exact: true }).filter({ visible: true })).toBeVisible();
  const [day, time] = [Number(ends.slice(8, 10)), ends.slice(11)];
  await expect(
    card.getByText(new RegExp(`^Sale ends ${day} \\w+ at ${time}$`)).filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByRole("article", { name: "Essential" }).locator("s")).toHaveCount(0);
  await expectAccessible(page, { include: "form[action='/pricing']" });

  await card.getByRole("button", { name: "Choose Progress" }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await expect(page.getByText(`${now}, one payment`)).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("sale-buyer@example.com");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: `Pay ${now}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();

  await page.goto("/admin/orders");
  await expect(
    page.getByText(new RegExp(`^Sale 20% off: €[\\d.,]+ off \\(normal price ${was!.replace(".", "\\.")}\\)$`)).first(),
  ).toBeVisible();
});
