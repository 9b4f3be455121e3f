// Bytes a visitor's browser fetches per page (as sent, gzip): JavaScript before the `load` event,
// JavaScript in total once the visitor has interacted (a tap on the page body; then, on a document
// page, every enhancer running, or on an application page the app hydrated; then idle network),
// CSS, and the page's LCP image (the <img fetchpriority="high">). Production server, system Chromium.
//   npm run bench:size
//   BENCH_PAGES=/,/pricing npm run bench:size
//   BENCH_FILES=1 npm run bench:size      (also lists each page's scripts on stderr)
import { chromium } from "@playwright/test";
import { benchPages, CHROMIUM, machine, paidSession, requireBuild, startServer } from "./lib.mjs";

const PAGES = benchPages();
const CONTENT_PAGES = new Set([
  "/services/triathlon-coaching",
  "/services/get-fit",
  "/blog/optimize-running-cadence",
  "/privacy-policy",
  "/sitemap",
]);
const BUDGET = { contentJsBeforeLoad: 20 * 1024, css: 20 * 1024, image: 60 * 1024 };
// Issue 21 / decision 017: all JavaScript a page fetches, also after interaction. Pages with the
// questionnaire or the pricing checkout (islands) may spend 80 KB; every other public page 15 KB.
const ISLAND_PAGE = (page) => page === "/" || page === "/start" || page === "/pricing" || page.startsWith("/services/");
const totalJsBudget = (page) => (ISLAND_PAGE(page) ? 80 * 1024 : 15 * 1024);

requireBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
const kb = (n) => (n / 1024).toFixed(1);

async function measure(page) {
  const path = page === "/success" ? `/success?session_id=${await paidSession(server.url)}` : page;
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const tab = await context.newPage();
  const fetched = [];
  tab.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => null);
    fetched.push({ type: request.resourceType(), url: request.url(), bytes: sizes?.responseBodySize ?? 0 });
  });
  await tab.goto(`${server.url}${path}`, { waitUntil: "load" });
  // Let requestfinished handlers of the load phase settle before counting.
  await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const sum = (type) => fetched.filter((f) => f.type === type).reduce((total, f) => total + f.bytes, 0);
  const before = { js: sum("script"), css: sum("stylesheet") };
  const lcpImage = await tab.evaluate(() => {
    const img = document.querySelector('img[fetchpriority="high"]');
    return img ? { src: img.currentSrc } : null;
  });
  const image = lcpImage ? fetched.find((f) => f.url === lcpImage.src) : undefined;
  // First interaction: a tap on the page's own text, away from any control.
  await tab.touchscreen.tap(5, 300);
  const appLoads = await tab.evaluate(() => !!document.getElementById("app-entry"));
  const documentPage = await tab.evaluate(() => document.documentElement.hasAttribute("data-document"));
  if (appLoads) await tab.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
  // A document page (decision 026) loads each part's enhancer after load or at the first touch.
  // Parts marked data-enhance-near (decision 031) wait until they come near the screen.
  const enhanced = (selector) => tab.waitForFunction((s) => !document.querySelector(s), selector, { timeout: 30_000 });
  if (documentPage)
    await enhanced("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])");
  await tab.waitForLoadState("networkidle");
  const after = sum("script");
  // Then the whole page read to its end, a screen at a time: every part near the screen once.
  await tab.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    }
  });
  if (documentPage) await enhanced("[data-enhance-near]:not([hidden] *):not([data-enhanced])");
  await tab.waitForLoadState("networkidle");
  const whole = sum("script");
  // And a part that loads on use (data-enhance-on-use: the newsletter forms) used: its field focused.
  const used = tab.locator("[data-enhance-on-use] input:not([type=hidden]):visible").last();
  if (documentPage && (await used.count())) {
    await used.focus();
    await enhanced("[data-enhance-on-use]:not([hidden] *):not([data-enhanced])");
    await tab.waitForLoadState("networkidle");
  }
  const withForms = sum("script");
  // BENCH_FILES=1: each script the page fetched, with its bytes as sent (on stderr).
  if (process.env.BENCH_FILES)
    for (const f of fetched.filter((f) => f.type === "script"))
      console.error(`${page}\t${kb(f.bytes)}\t${new URL(f.url).pathname}`);
  await context.close();
  return {
    page,
    kind: documentPage ? "document" : appLoads ? "application" : "other",
    jsBeforeLoad: before.js,
    jsAfterInteraction: after,
    jsWholePage: whole,
    jsWithForms: withForms,
    css: before.css,
    lcpImage: lcpImage ? new URL(lcpImage.src).pathname : null,
    lcpImageBytes: image?.bytes ?? 0,
  };
}

const rows = [];
try {
  for (const page of PAGES) rows.push(await measure(page));
} finally {
  await browser.close();
  await server.stop();
}

console.log(`Bytes fetched per page (as sent) — ${new Date().toISOString()} — ${machine()}\n`);
console.log(
  "| page | kind | JS before load KB | JS after first interaction KB | JS after reading to the end KB | JS with a newsletter form used KB | JS budget KB | CSS KB | LCP image | LCP image KB | within budget |",
);
console.log("|---|---|--:|--:|--:|--:|--:|--:|---|--:|---|");
let allOk = true;
for (const r of rows) {
  const ok =
    (!CONTENT_PAGES.has(r.page) || r.jsBeforeLoad <= BUDGET.contentJsBeforeLoad) &&
    r.jsWholePage <= totalJsBudget(r.page) &&
    r.css <= BUDGET.css &&
    r.lcpImageBytes <= BUDGET.image;
  allOk &&= ok;
  console.log(
    `| ${r.page} | ${r.kind} | ${kb(r.jsBeforeLoad)} | ${kb(r.jsAfterInteraction)} | ${kb(r.jsWholePage)} | ${kb(r.jsWithForms)} | ${kb(totalJsBudget(r.page))} | ${kb(r.css)} | ${r.lcpImage ?? "none"} | ${r.lcpImage ? kb(r.lcpImageBytes) : "-"} | ${ok ? "yes" : "NO"} |`,
  );
}
console.log(
  `\nBudgets: all JS after interaction and reading to the end ≤ 80 KB on questionnaire/checkout pages, ≤ 15 KB elsewhere; content pages (${[...CONTENT_PAGES].join(", ")}) ≤ ${kb(BUDGET.contentJsBeforeLoad)} KB JS before load; CSS ≤ ${kb(BUDGET.css)} KB; LCP image ≤ ${kb(BUDGET.image)} KB. ${allOk ? "All pages within budget." : "Some pages over budget."}`,
);
