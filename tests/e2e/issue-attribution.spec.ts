import { expect, test } from "./fixtures";
import { answerToContact } from "./island-helpers";
import { withIssueSource } from "~/features/newsletter/issue-links";

// What a newsletter issue brought (docs/decisions/078): its links name it in their address, and the
// server credits what a visit from one sends (tests/integration/issue-attribution.test.ts, through
// the counts on the issue's page and the funnel). Here what only a browser shows: a reader who
// arrives from an issue's link on her phone and answers the questionnaire sends the issue with her
// answers, and nothing is written on her device for it: no cookie at any point, nothing in local
// storage, and the tab's own questionnaire entry (decision 070) gone once her answers are in.

const SLUG = "hills-then-a-plan";

test("a reader from an issue's link answers the questionnaire with the issue as her source, and no cookie or storage @phone", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // a whole questionnaire on a phone
  await page.clock.install();
  // The scheduling service is offline here: its widget and page answer locally.
  await page.route("https://assets.calendly.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "/* offline */" }),
  );
  await context.route("https://calendly.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Scheduling</title>" }),
  );
  const device = async () => ({
    cookies: await context.cookies(),
    ...(await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))),
  });

  // The link as the issue's e-mail writes it.
  await page.goto(withIssueSource(`${baseURL}/services`, baseURL!, SLUG));
  await expect.poll(() => new URL(page.url()).searchParams.get("via")).toContain(`c%3D${SLUG}`);
  const via = new URL(page.url()).searchParams.get("via");
  expect(await device()).toEqual({ cookies: [], local: [], session: [] });

  await page.getByRole("main").locator('a[href^="/start"]').first().click();
  await expect(page).toHaveURL(/\/start\?/);
  expect(new URL(page.url()).searchParams.get("via")).toBe(via);
  expect(await device()).toEqual({ cookies: [], local: [], session: [] });

  const scope = page.locator("#contact-section");
  await answerToContact(scope);
  expect((await device()).cookies).toEqual([]);
  await scope.getByLabel("First name").fill("Hanna");
  await scope.getByLabel("Last name").fill("Heuvel");
  await scope.getByLabel("Email").fill("hanna.heuvel@example.test");
  await expect(scope.getByRole("combobox", { name: "Country of your phone number" })).toBeVisible();
  const phone = scope.getByRole("textbox", { name: "Phone number" });
  await phone.click();
  await phone.pressSequentially("612345678");
  await page.clock.fastForward(5_000);

  const sent = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/api/intake"));
  const popup = context.waitForEvent("page");
  await scope.getByRole("button", { name: "Submit" }).click();
  // Her answers go from a page whose address carries the issue: the server credits them with it.
  const referer = new URL((await sent).headers()["referer"] ?? "");
  expect(referer.searchParams.get("via")).toBe(via);
  await expect(scope.getByRole("heading", { name: "Thank you! Your answers are in." })).toBeVisible();
  await (await popup).close();
  expect(await device()).toEqual({ cookies: [], local: [], session: [] });
});
