import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "./fixtures";
import { signedInTest } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { homeAnchors } from "~/kernel/navigation";

// "Live within seconds": the page is polled up to the expectation's own limit (7 s, 12 s on CI),
// since a busy 2-core machine may take longer; how fast it really is lives in bench/RESULTS.md.

/**
 * The trainer edits testimonials, the FAQ and the business details in the back office and sees
 * them on the public site within 5 seconds. A publish changes what every visitor sees, so the file
 * has a server and database of its own (the other specs keep seeing the seed).
 */
const test = signedInTest.extend<{ siteServer: { url: string; dataDir: string } }>({
  siteServer: [async ({ ownServers }, use) => use(await ownServers.server("site-content")), SERVER_START],
  baseURL: async ({ siteServer }, use) => use(siteServer.url),
  trainerDataDir: async ({ siteServer }, use) => use(siteServer.dataDir),
});
// One worker for the file: one server, and the tests change the same lists one after the other.
test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

/** The back office's application has started (a tap before that is held and replayed by the page). */
async function backOffice(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Polls a public page's HTML (as a visitor's next request gets it) against the 5 s promise. What the
 * trainer changes is server HTML: a browser would only show the same again (decision 088).
 */
const livePage = (page: Page, path: string) => async () => (await page.request.get(path)).text();

/** The page's text outside its scripts (the structured data repeats some of it). */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/** The page's one element `tag` (main, footer) as HTML. */
const part = (html: string, tag: string) => new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`).exec(html)?.[0] ?? "";

test("a testimonial edited on a phone is on the home page within 5 s; hidden, it is gone and stays in the list", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await backOffice(page, "/admin/testimonials");
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
  await expectAccessible(page);

  const list = page.getByRole("list", { name: /in the order visitors see/ });
  const first = list.getByRole("listitem").first();
  const summary = first.getByText(/^Edit /);
  const name = ((await summary.textContent()) ?? "").replace(/^Edit /, "").trim();
  expect(name).not.toBe("");
  await summary.click();
  const words = `Training with Mila changed my mornings (${randomUUID().slice(0, 8)}).`;
  await first.getByLabel("What the client said").fill(words);
  await first.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText(`Edited ${name}`);

  // On the home page once (its structured data left aside).
  await expect.poll(async () => withoutScripts(await livePage(page, "/")()).split(words).length - 1).toBe(1);

  await page.getByRole("button", { name: `Hide ${name}` }).click();
  await expect(page.getByRole("button", { name: `Show ${name}` })).toBeVisible();
  await expect(list.getByRole("listitem").first().getByText("Hidden", { exact: true })).toBeVisible();
  // Gone from the home page's HTML altogether.
  await expect.poll(livePage(page, "/")).not.toContain(words);

  // Undo: the history names what each version changed; the version before the hide, restored, brings it back.
  const history = page.getByRole("region", { name: "Earlier versions" });
  await expect(history.getByRole("listitem").first()).toContainText(`Hid ${name}`);
  const edited = history
    .getByRole("listitem")
    .filter({ hasText: `Edited ${name}` })
    .first();
  await edited.getByRole("button", { name: /^Restore version \d+ and publish$/ }).click();
  await expect(page.getByRole("button", { name: `Hide ${name}` })).toBeVisible();
  await expect.poll(livePage(page, "/")).toContain(words);
});

test("a question moved up in the back office comes first on the home page and in its FAQ markup", async ({ page }) => {
  await backOffice(page, "/admin/faq");
  const items = page.getByRole("list", { name: /in the order visitors see/ }).getByRole("listitem");
  const title = async (i: number) =>
    (
      (await items
        .nth(i)
        .getByText(/^Edit /)
        .textContent()) ?? ""
    )
      .slice(5)
      .trim();
  const firstQuestion = await title(0);
  const secondQuestion = await title(1);
  await page.getByRole("button", { name: `Move ${secondQuestion} up` }).click();
  await expect.poll(() => title(0)).toBe(secondQuestion);
  await expectAccessible(page);

  // The home page's questions, in their order on the page and in its FAQ markup.
  const faqOnHome = async () => {
    const html = await livePage(page, "/")();
    const section = html.slice(html.indexOf(`id="${homeAnchors.faq}"`));
    const questions = [...section.matchAll(/<h3\b[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
    const faqPage = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { "@type"?: string; mainEntity?: { name: string }[] })
      .find((d) => d["@type"] === "FAQPage");
    return {
      first: questions[0],
      firstMarkedUp: faqPage?.mainEntity?.[0]?.name,
      firstQuestionAt: questions.indexOf(firstQuestion),
    };
  };
  await expect.poll(faqOnHome).toEqual({ first: secondQuestion, firstMarkedUp: secondQuestion, firstQuestionAt: 1 });
});

test("a wrong KvK number is refused with the reason; a new one is in the footer and the privacy notice within 5 s", async ({
  page,
  consoleErrors,
}) => {
  await backOffice(page, "/admin/site");
  await expect(page.getByRole("heading", { level: 1, name: "Contact and business details" })).toBeVisible();
  await expectAccessible(page);

  const link1 = await page.getByLabel("Link 1").inputValue();
  await page.getByLabel("KvK number").fill("1234");
  await page.getByLabel("Link 1").fill("http://example.com/insecure");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("A KvK number is 8 digits")).toBeVisible();
  await expect(page.getByText(/must be a full web address starting with https:\/\//)).toBeVisible();
  // The browser logs the refused post (400) itself; that refusal is the point here.
  const refused = consoleErrors.filter((e) => e.includes("status of 400"));
  expect(refused).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 400")));
  // What was typed stays in the form.
  await expect(page.getByLabel("KvK number")).toHaveValue("1234");
  await expectAccessible(page);

  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  await page.getByLabel("KvK number").fill(digits);
  await page.getByLabel("Link 1").fill(link1);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("The new details are live")).toBeVisible();

  // The privacy notice names it, and every page's footer has it (the home page's too).
  await expect
    .poll(async () => {
      const html = await livePage(page, "/privacy-policy")();
      return [part(html, "main"), part(html, "footer")].map((p) => p.includes(`KvK ${digits}`));
    })
    .toEqual([true, true]);
  await expect.poll(async () => part(await livePage(page, "/")(), "footer")).toContain(`KvK ${digits}`);
});
