// Bytes a visitor's browser fetches per page (as sent, gzip): JavaScript before the `load` event,
// JavaScript in total once the visitor has interacted (a tap on the page body; then, on a document
// page, every enhancer running, or on an application page the app hydrated; then idle network),
// CSS, and the page's LCP image (the <img fetchpriority="high">). Production server, system Chromium.
// Then every public document as sent (status line, headers and the Brotli body a browser gets), on
// the seeded site and again with SIZE_ARTICLES (200) articles published through the content store
// in a throw-away data directory: each document within the first round trip (`/` within two), and
// the same size with 200 articles as with the seeded ones (within 1 %). Exits non-zero when over.
//   npm run bench:size
//   BENCH_PAGES=/,/pricing npm run bench:size
//   BENCH_FILES=1 npm run bench:size      (also lists each page's scripts on stderr)
//   BENCH_SIZE=documents npm run bench:size  (the documents only, no browser)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import {
  benchPages,
  CHROMIUM,
  machine,
  paidSession,
  PAGES as BENCH_PAGE_LIST,
  requireBuild,
  settlePages,
  startServer,
} from "./lib.mjs";

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
const documentsOnly = process.env.BENCH_SIZE === "documents";
const server = await startServer();
const browser = documentsOnly
  ? undefined
  : await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
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

// Issue 52: the document a first visit waits for. A new connection sends about ten segments
// (14.6 KB) before the first acknowledgement comes back; `/` may take two round trips.
const FIRST_WINDOW = 10 * 1460;
const documentBudget = (page) => (page === "/" ? 2 * FIRST_WINDOW : FIRST_WINDOW);
const GROWTH = 0.01;
const MANY_ARTICLES = Number(process.env.SIZE_ARTICLES ?? 200);
const DOCUMENTS = benchPages([...BENCH_PAGE_LIST, "/about", "/terms", "/withdrawal", "/newsletter"]);

/** One GET as a browser sends it, on its own connection: every byte of the answer as it came. */
function documentAsSent(base, page) {
  const url = new URL(page, base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks = [];
    socket.on("connect", () =>
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/html,application/xhtml+xml\r\n` +
          "Accept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: en\r\nConnection: close\r\n\r\n",
      ),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => {
      const answer = Buffer.concat(chunks);
      const status = answer.subarray(0, answer.indexOf("\r\n")).toString("latin1");
      if (!/ 200 /.test(status)) reject(new Error(`${page} answered ${status}`));
      else resolve(answer.length);
    });
    socket.on("error", reject);
  });
}

async function measureDocuments(base) {
  const sizes = new Map();
  await settlePages(
    base,
    DOCUMENTS.filter((page) => page !== "/success"),
  );
  for (const page of DOCUMENTS) {
    const target = page === "/success" ? `/success?session_id=${await paidSession(base)}` : page;
    sizes.set(page, await documentAsSent(base, target));
  }
  return sizes;
}

/** The same site with MANY_ARTICLES articles live, made through the store in a data directory of its own. */
async function measureDocumentsWithManyArticles() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-size-articles-"));
  try {
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "bench/seed-articles.ts", dataDir, String(MANY_ARTICLES)],
      { stdio: "inherit" },
    );
    if (seeded.status !== 0) throw new Error("bench/seed-articles.ts failed");
    const many = await startServer({ DATA_DIR: dataDir });
    try {
      return await measureDocuments(many.url);
    } finally {
      await many.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
let seededDocuments;
try {
  if (browser) for (const page of PAGES) rows.push(await measure(page));
  seededDocuments = await measureDocuments(server.url);
} finally {
  await browser?.close();
  await server.stop();
}

let allOk = true;
if (browser) {
  console.log(`Bytes fetched per page (as sent) — ${new Date().toISOString()} — ${machine()}\n`);
  console.log(
    "| page | kind | JS before load KB | JS after first interaction KB | JS after reading to the end KB | JS with a newsletter form used KB | JS budget KB | CSS KB | LCP image | LCP image KB | within budget |",
  );
  console.log("|---|---|--:|--:|--:|--:|--:|--:|---|--:|---|");
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
}

const manyDocuments = await measureDocumentsWithManyArticles();
console.log(
  `\nDocuments as sent (status line, headers, Brotli body), seeded articles and ${MANY_ARTICLES} articles — ${new Date().toISOString()} — ${machine()}\n`,
);
console.log(`| page | seeded bytes | ${MANY_ARTICLES} articles bytes | growth | budget bytes | within budget |`);
console.log("|---|--:|--:|--:|--:|---|");
let documentsOk = true;
for (const page of DOCUMENTS) {
  const few = seededDocuments.get(page);
  const many = manyDocuments.get(page);
  const growth = (many - few) / few;
  const ok = few <= documentBudget(page) && many <= documentBudget(page) && Math.abs(growth) <= GROWTH;
  documentsOk &&= ok;
  const sign = growth >= 0 ? "+" : "−";
  console.log(
    `| ${page} | ${few.toLocaleString("en")} | ${many.toLocaleString("en")} | ${sign}${Math.abs(growth * 100).toFixed(1)} % | ${documentBudget(page).toLocaleString("en")} | ${ok ? "yes" : "NO"} |`,
  );
}
console.log(
  `\nBudgets: every document within the first round trip (${FIRST_WINDOW.toLocaleString("en")} bytes as sent), \`/\` within two; with ${MANY_ARTICLES} articles within ${GROWTH * 100} % of its size with the seeded ones. ${documentsOk ? "All documents within budget." : "Some documents over budget."}`,
);
if (!allOk || !documentsOk) process.exitCode = 1;
