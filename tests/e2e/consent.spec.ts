import { readdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { routeEntries } from "~/kernel/route-meta";
import { startServer, type RunningServer } from "../support/server";
import { expectAccessible, holdEnhancers, waitForScripts } from "./fixtures";
import { splitRoutes } from "./sweep";

/**
 * Consent on every page of the route table, with a tag manager configured (this file's own
 * server, with GTM_ID set; the main e2e server has none, so it shows no bar at all): before Accept
 * nothing leaves for an analytics or tag-manager host and no cookie or storage is set; after
 * Accept the tag manager loads and the first-touch cookie is kept; Reject is as prominent as
 * Accept; the bar covers nothing.
 */
const GTM_ID = "GTM-TEST123";
const TRACKERS =
  /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|googleadservices|facebook\.(com|net)|hotjar|clarity\.ms|segment\.(io|com)|mixpanel|plausible\.io/;
const root = path.resolve(import.meta.dirname, "../..");

const blogSlug = readdirSync(path.join(root, "content/blog"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))[0];
/** Tools for the trainer, rendered without the site's chrome (no cookie bar, no tags). */
const withoutBar = new Set(routeEntries.filter((entry) => entry.category === "internal").map((entry) => entry.path));
/** Every route: `npm test` walks the handful of tests/e2e/sweep.ts, `npm run test:sweeps` the rest. */
const routes = splitRoutes(routeEntries, (entry) => entry.path);
const paths = (entries: readonly (typeof routeEntries)[number][]) =>
  entries.map((entry) => entry.path.replace(":slug", blogSlug ?? "missing"));
const walks = [
  { name: "", pages: paths(routes.handful) },
  { name: " @sweep", pages: paths(routes.rest) },
];

const test = base.extend<{ tracked: { urls: string[]; errors: string[] } }>({
  tracked: async ({ context }, use) => {
    const tracked = { urls: [] as string[], errors: [] as string[] };
    await watch(context, tracked);
    await use(tracked);
    expect(tracked.errors, "console errors on the page").toEqual([]);
  },
});

let server: RunningServer;
let origin = "";

async function watch(context: BrowserContext, tracked: { urls: string[]; errors: string[] }): Promise<void> {
  context.on("request", (request) => {
    if (TRACKERS.test(new URL(request.url()).hostname)) tracked.urls.push(request.url());
  });
  context.on("page", (page) => {
    page.on("console", (message) => message.type() === "error" && tracked.errors.push(message.text()));
    page.on("pageerror", (error) => tracked.errors.push(error.message));
  });
  // No network here: the tag manager gets a stand-in that, like the real one, adds a script of
  // its own from another host (trusted only through the CSP's 'strict-dynamic'); anything else
  // external a 503.
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      const host = new URL(route.request().url()).hostname;
      if (/googletagmanager\.com$/.test(host))
        return route.fulfill({ status: 200, contentType: "text/javascript", body: TAG_MANAGER_STAND_IN });
      if (host === "www.google-analytics.com")
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__tagChildRan = true;" });
      return route.fulfill({ status: 503, body: "offline in tests" });
    },
  );
}

const TAG_MANAGER_STAND_IN = `(function () {
  var s = document.createElement("script");
  s.src = "https://www.google-analytics.com/analytics.js";
  document.head.appendChild(s);
})();`;

/** Strictly necessary: React Router's scroll restoration keeps positions for back/forward in this tab. */
const ESSENTIAL_STORAGE = new Set(["react-router-scroll-positions"]);

/** The one cookie a choice itself sets: the record of that choice (app/infra/consent-cookie.ts). */
const CHOICE_COOKIE = "cookie_consent";
const bar = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });

async function storage(
  page: Page,
): Promise<{ local: string[]; session: string[]; cookie: string; tagManagerScript: boolean }> {
  // One call: the walk before a choice reads this on every page while the page's scripts run.
  const found = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie,
    tagManagerScript: document.querySelector("script#gtm-script") !== null,
  }));
  return {
    ...found,
    local: found.local.filter((k) => !ESSENTIAL_STORAGE.has(k)),
    session: found.session.filter((k) => !ESSENTIAL_STORAGE.has(k)),
  };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ GTM_ID, RATE_LIMIT_POSTS_PER_MINUTE: "1000" });
  origin = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

for (const walk of walks) {
  test(`before a choice, no page sends anything to an analytics host or stores anything${walk.name}`, async ({
    context,
    tracked,
  }) => {
    test.setTimeout(180_000);
    const page = await context.newPage();
    for (const target of walk.pages) {
      await context.clearCookies();
      const res = await page.goto(`${origin}${target}`);
      expect(res?.status(), target).toBeLessThan(500);
      // Every script the page starts by itself has run (or failed) before the checks of absence.
      await waitForScripts(page);
      if (!withoutBar.has(target)) {
        await expect(bar(page), target).toBeVisible();
      }
      expect(await storage(page), target).toEqual({ local: [], session: [], cookie: "", tagManagerScript: false });
      expect(await context.cookies(), target).toEqual([]);
    }
    expect(tracked.urls).toEqual([]);
  });
}

test("Reject keeps the tag manager away on every later page", async ({ context, tracked }) => {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await bar(page).getByRole("button", { name: "Reject" }).click();
  for (const target of ["/services", "/pricing", "/start", `/blog/${blogSlug}`]) {
    await page.goto(`${origin}${target}`);
    await waitForScripts(page);
    await expect(bar(page)).toBeHidden();
  }
  expect(tracked.urls).toEqual([]);
  // The choice itself is the only thing stored: it is what keeps the tags away.
  expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([`${CHOICE_COOKIE}=rejected`]);
  expect((await storage(page)).local).toEqual(["cookie-consent"]);
});

test("on a document page (no application) the bar's enhancer counts the page view, loads the tag manager on Accept and reopens from Cookie settings", async ({
  context,
  tracked,
}) => {
  const page = await context.newPage();
  await page.goto(`${origin}/privacy-policy`);
  await waitForScripts(page);
  await expect(page.locator("html[data-document]")).toHaveCount(1);
  expect(tracked.urls).toEqual([]);
  const tagManager = page.waitForRequest((request) => request.url().includes("googletagmanager.com/gtm.js"));
  await bar(page).getByRole("button", { name: "Accept" }).click();
  expect(new URL((await tagManager).url()).searchParams.get("id")).toBe(GTM_ID);
  await expect(page.locator("script#gtm-script")).toHaveCount(1);
  // The script the tag manager added ran: the CSP passed trust on without a host allow-list.
  await page.waitForFunction(() => (window as { __tagChildRan?: boolean }).__tagChildRan === true);
  await expect(bar(page)).toBeHidden();
  const pageViews = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "page_view"),
  );
  // One page view per document, with the page's own path, title and category.
  expect(pageViews).toEqual([
    expect.objectContaining({
      page_path: "/privacy-policy",
      page_title: await page.title(),
      page_category: "legal",
    }),
  ]);

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).getByText("Your current choice: analytics cookies accepted.")).toBeVisible();
  await expect(bar(page).getByRole("heading", { name: "Cookies on this site:" })).toBeFocused();
  await bar(page).getByRole("button", { name: "Reject" }).click();
  await expect(bar(page)).toBeHidden();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" })).toBeFocused();

  // Another document page after Accept: the tag manager loads straight away.
  await page.evaluate(() => localStorage.setItem("cookie-consent", "accepted"));
  tracked.urls.length = 0;
  await page.goto(`${origin}/terms`);
  await waitForScripts(page);
  await expect(
    page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])"),
  ).toHaveCount(0);
  await expect.poll(() => tracked.urls.some((url) => url.includes(`id=${GTM_ID}`))).toBe(true);
});

test("Accept keeps how the visitor found the site, from the page where they accepted; Reject forgets it", async ({
  context,
}) => {
  const page = await context.newPage();
  await page.goto(`${origin}/blog?utm_source=instagram&utm_campaign=spring`);
  await waitForScripts(page);
  expect(await context.cookies()).toEqual([]);
  const remembered = page.waitForResponse((r) => r.url().endsWith("/api/first-touch"));
  await bar(page).getByRole("button", { name: "Accept" }).click();
  expect((await remembered).status()).toBe(204);
  const firstTouch = (await context.cookies()).find((c) => c.name === "first_touch");
  expect(firstTouch?.httpOnly).toBe(true);
  expect(firstTouch?.domain).not.toMatch(/^\./);
  expect(decodeURIComponent(decodeURIComponent(firstTouch?.value ?? ""))).toContain("s=instagram");
  expect(decodeURIComponent(decodeURIComponent(firstTouch?.value ?? ""))).toContain("p=/blog");

  // Changing the choice to Reject removes it.
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  const forgotten = page.waitForResponse((r) => r.url().endsWith("/api/first-touch"));
  await bar(page).getByRole("button", { name: "Reject" }).click();
  await forgotten;
  expect((await context.cookies()).map((c) => c.name)).toEqual([CHOICE_COOKIE]);
});

test("on a 375 × 812 phone the bar takes at most a fifth of the screen and covers no call to action or field", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  const box = await bar(page).boundingBox();
  expect(box?.height ?? Infinity).toBeLessThanOrEqual(812 * 0.2);
  // In the page's flow, not laid over it: it cannot cover anything, on any page, at any scroll.
  expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe("static");
  const start = page.getByRole("main").getByRole("link", { name: "Start Today" }).first();
  await expect(start).toBeInViewport({ ratio: 1 });
  // What a tap at its centre reaches is the button itself.
  expect(
    await start.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    }),
  ).toBe(true);
  // The bar itself (the page around it is judged whole at this width by the every-route test).
  await expectAccessible(page, { include: "[data-consent-bar]" });
  await context.close();
});

test("with scripts blocked no tag can load, so there is no bar to answer", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${origin}/pricing`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar(page)).toBeHidden();
  await context.close();
});

test("the bar's first use: consent defaults denied, a choice persists and can be changed from the footer", async ({
  context,
}) => {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
  const consent = () =>
    page.evaluate(() =>
      ((window.dataLayer ?? []) as ArrayLike<unknown>[])
        .filter((e) => typeof e === "object" && e !== null && (e as ArrayLike<unknown>)[0] === "consent")
        .map((e) => Array.from(e as ArrayLike<unknown>)),
    );
  expect((await consent())[0]).toEqual([
    "consent",
    "default",
    expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied" }),
  ]);
  await bar(page).getByRole("button", { name: "Reject" }).click();
  await expect(bar(page)).toBeHidden();
  expect((await consent()).at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar(page)).toBeHidden();
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(bar(page).getByText("Your current choice: analytics cookies rejected.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies on this site:" })).toBeFocused();
  await bar(page).getByRole("button", { name: "Accept" }).click();
  await expect(bar(page)).toBeHidden();
  expect((await consent()).at(-1)).toEqual(["consent", "update", { analytics_storage: "granted" }]);
  // A returning visitor who accepted gets the update in the head script, before any tag.
  await page.goto(`${origin}/services`);
  expect((await consent()).slice(0, 2).map((c) => c[1])).toEqual(["default", "update"]);
  await expect(bar(page)).toBeHidden();
});

test("Cookie settings tapped before the bar's enhancer has run opens the bar once it has", async ({ context }) => {
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("cookie-consent", "rejected"));
  const held = await holdEnhancers(page);
  await page.goto(`${origin}/privacy-policy`);
  await expect(bar(page)).toBeHidden();
  const settings = page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" });
  await settings.click();
  // Held, drawn pressed, not lost: nothing can answer it yet.
  await expect(settings).toHaveAttribute("data-tapped", "");
  await expect(bar(page)).toBeHidden();
  held.release();
  await expect(bar(page).getByText("Your current choice: analytics cookies rejected.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies on this site:" })).toBeFocused();
});

for (const walk of walks) {
  test(`Reject is as prominent as Accept on every page that shows the bar${walk.name}`, async ({ context }) => {
    test.setTimeout(180_000);
    const page = await context.newPage();
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      for (const target of walk.pages.filter((p) => !withoutBar.has(p))) {
        // The bar is in the server's HTML, laid out once the stylesheet the document waits for has
        // come (its fonts are the system's, nothing swaps in later): what is measured needs neither
        // the load event nor the page's scripts. Being in the viewport is judged on a drawn frame.
        await page.goto(`${origin}${target}`, { waitUntil: "commit" });
        const accept = bar(page).getByRole("button", { name: "Accept" });
        const reject = bar(page).getByRole("button", { name: "Reject" });
        await expect(accept, target).toBeInViewport();
        await expect(reject, target).toBeInViewport();
        // Both buttons' size and type read in one call, from the same layout.
        const [a, r] = await bar(page)
          .getByRole("button", { name: /^(Accept|Reject)$/ })
          .evaluateAll((buttons) =>
            ["Accept", "Reject"].map((name) => {
              const button = buttons.find((el) => el.textContent?.trim() === name);
              if (!button) return undefined;
              const { width, height } = button.getBoundingClientRect();
              const { fontSize, fontWeight } = getComputedStyle(button);
              return { width, height, style: { fontSize, fontWeight } };
            }),
          );
        const where = `${target} at ${viewport.width}px`;
        expect(a, where).toBeDefined();
        expect(r, where).toBeDefined();
        expect(Math.abs(a!.height - r!.height), where).toBeLessThanOrEqual(1);
        expect(Math.abs(a!.width - r!.width), where).toBeLessThanOrEqual(Math.max(4, a!.width * 0.1));
        expect(r!.style, where).toEqual(a!.style);
      }
    }
  });
}
