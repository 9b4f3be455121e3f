import { expect, test } from "./fixtures";

// How the server credits a form with the source its page's address carries, and which landings
// carry one, is checked without a browser (app/infra/first-touch.test.ts,
// tests/integration/first-touch.test.ts). Here what only a browser does: the landing's address
// takes the source on, and each of the site's links picks it up as it is followed, with nothing
// stored on the device (no consent was given: no cookie, no local or session storage).

test("a visitor from a campaign link carries it through the site's own links, with nothing stored @phone", async ({
  page,
  context,
}) => {
  await page.goto("/?utm_source=facebook&utm_campaign=spring");
  await expect.poll(() => new URL(page.url()).searchParams.get("via")).toContain("s%3Dfacebook");
  const via = new URL(page.url()).searchParams.get("via");

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?/);
  expect(new URL(page.url()).searchParams.get("via")).toBe(via);

  await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blog\/[\w-]+\?/);
  expect(new URL(page.url()).searchParams.get("via")).toBe(via);

  await page.getByRole("contentinfo").getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing\?/);
  expect(new URL(page.url()).searchParams.get("via")).toBe(via);

  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});
