import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { routeEntries } from "~/features/site/route-meta";
import { startFaultServer, type FaultServer } from "../support/fault";

/**
 * Consent on every page of the route table, with a tag manager configured (GTM_ID is baked
 * into prerendered pages, so this spec uses its own build with GTM_ID set and its own server):
 * before Accept nothing leaves for an analytics or tag-manager host and no cookie or storage
 * is set; after Accept the tag manager loads; Reject is as prominent as Accept.
 */
const GTM_ID = "GTM-TEST123";
const TRACKERS =
  /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|googleadservices|facebook\.(com|net)|hotjar|clarity\.ms|segment\.(io|com)|mixpanel|plausible\.io/;
const root = path.resolve(import.meta.dirname, "../..");
const baseBuild = path.resolve(root, process.env.BUILD_DIR ?? "build");
const gtmBuild = path.resolve(root, process.env.GTM_BUILD_DIR ?? `${baseBuild}-gtm`);

const blogSlug = readdirSync(path.join(root, "content/blog"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))[0];
const pages = routeEntries.map((entry) => entry.path.replace(":slug", blogSlug ?? "missing"));
/** Tools for the trainer, rendered without the site's chrome (no cookie bar, no tags). */
const withoutBar = new Set(routeEntries.filter((entry) => entry.category === "internal").map((entry) => entry.path));

/** Reuses a build made with GTM_ID when it is newer than the main build, else makes one. */
function ensureGtmBuild(): void {
  const marker = path.join(gtmBuild, "client/index.html");
  const fresh =
    existsSync(marker) &&
    readFileSync(marker, "utf8").includes(GTM_ID) &&
    (!existsSync(path.join(baseBuild, "server/index.js")) ||
      statSync(marker).mtimeMs >= statSync(path.join(baseBuild, "server/index.js")).mtimeMs);
  if (fresh) return;
  execFileSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, GTM_ID, BUILD_DIR: gtmBuild },
  });
}

const test = base.extend<{ tracked: { urls: string[]; errors: string[] } }>({
  tracked: async ({ context }, use) => {
    const tracked = { urls: [] as string[], errors: [] as string[] };
    await watch(context, tracked);
    await use(tracked);
    expect(tracked.errors, "console errors on the page").toEqual([]);
  },
});

let server: FaultServer;
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

/**
 * The first-touch cookie needs no consent: it is strictly first-party, HttpOnly (no script,
 * tag or analytics can read it) and only ever read by this site's own server when a form is sent.
 */
function nonEssential(cookies: Cookie[]): Cookie[] {
  for (const cookie of cookies.filter((c) => c.name === "first_touch")) {
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.domain).not.toMatch(/^\./);
  }
  return cookies.filter((c) => c.name !== "first_touch");
}

async function storage(page: Page): Promise<{ local: string[]; session: string[]; cookie: string }> {
  const found = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie,
  }));
  return {
    ...found,
    local: found.local.filter((k) => !ESSENTIAL_STORAGE.has(k)),
    session: found.session.filter((k) => !ESSENTIAL_STORAGE.has(k)),
  };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  ensureGtmBuild();
  server = await startFaultServer({ BUILD_DIR: gtmBuild, GTM_ID });
  origin = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

test("before a choice, no page sends anything to an analytics host or stores anything", async ({
  context,
  tracked,
}) => {
  test.setTimeout(180_000);
  const page = await context.newPage();
  for (const target of pages) {
    await context.clearCookies();
    const res = await page.goto(`${origin}${target}`, { waitUntil: "networkidle" });
    expect(res?.status(), target).toBeLessThan(500);
    if (!withoutBar.has(target)) {
      await expect(page.getByRole("region", { name: "Cookies on this site" }), target).toBeVisible();
    }
    await expect(page.locator("script#gtm-script"), target).toHaveCount(0);
    expect(await storage(page), target).toEqual({ local: [], session: [], cookie: "" });
    expect(nonEssential(await context.cookies()), target).toEqual([]);
  }
  expect(tracked.urls).toEqual([]);
});

test("Reject keeps the tag manager away on every later page", async ({ context, tracked }) => {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.getByRole("region", { name: "Cookies on this site" }).getByRole("button", { name: "Reject" }).click();
  for (const target of ["/services", "/pricing", "/start", `/blog/${blogSlug}`]) {
    await page.goto(`${origin}${target}`, { waitUntil: "networkidle" });
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeHidden();
  }
  expect(tracked.urls).toEqual([]);
  expect(nonEssential(await context.cookies())).toEqual([]);
  // The choice itself is the only thing stored: it is what keeps the tags away.
  expect((await storage(page)).local).toEqual(["cookie-consent"]);
});

test("Accept loads the tag manager with the configured container", async ({ context, tracked }) => {
  const page = await context.newPage();
  await page.goto(`${origin}/services`, { waitUntil: "networkidle" });
  expect(tracked.urls).toEqual([]);
  const tagManager = page.waitForRequest((request) => request.url().includes("googletagmanager.com/gtm.js"));
  await page.getByRole("region", { name: "Cookies on this site" }).getByRole("button", { name: "Accept" }).click();
  const request = await tagManager;
  expect(new URL(request.url()).searchParams.get("id")).toBe(GTM_ID);
  await expect(page.locator("script#gtm-script")).toHaveCount(1);
  // The script the tag manager added ran: the CSP passed trust on without a host allow-list.
  await page.waitForFunction(() => (window as { __tagChildRan?: boolean }).__tagChildRan === true);
  // A later page view loads it straight away.
  tracked.urls.length = 0;
  await page.goto(`${origin}/pricing`, { waitUntil: "networkidle" });
  expect(tracked.urls.some((url) => url.includes(`id=${GTM_ID}`))).toBe(true);
});

test("Reject is as prominent as Accept on every page that shows the bar", async ({ context }) => {
  test.setTimeout(180_000);
  const page = await context.newPage();
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const target of pages.filter((p) => !withoutBar.has(p))) {
      await page.goto(`${origin}${target}`);
      const bar = page.getByRole("region", { name: "Cookies on this site" });
      const accept = bar.getByRole("button", { name: "Accept" });
      const reject = bar.getByRole("button", { name: "Reject" });
      await expect(accept, target).toBeInViewport();
      await expect(reject, target).toBeInViewport();
      const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
      const where = `${target} at ${viewport.width}px`;
      expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0)), where).toBeLessThanOrEqual(1);
      expect(Math.abs((a?.width ?? 0) - (r?.width ?? 0)), where).toBeLessThanOrEqual(
        Math.max(4, (a?.width ?? 0) * 0.1),
      );
      const style = (el: HTMLElement) => {
        const s = getComputedStyle(el);
        return { fontSize: s.fontSize, fontWeight: s.fontWeight };
      };
      expect(await reject.evaluate(style), where).toEqual(await accept.evaluate(style));
    }
  }
});
