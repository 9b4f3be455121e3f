// Lighthouse 12, mobile preset (simulated slow 4G, mid-range phone), on the production build
// with the system Chromium (its headless shell when installed, see lib.mjs). Each page is measured
// next to its no-JS twin (the same HTML with every script and modulepreload removed, served by a
// proxy in front of the same server), the two runs interleaved so both meet the same machine load.
// Median of 3 runs; JSON in bench/reports/.
// A blank page (one heading, no style, no script) is measured first, as many times: the floor that
// the machine and the browser put under every figure (on a quiet machine its blocking time is 0).
//   npm run bench:lighthouse
//   BENCH_PAGES=/,/pricing LIGHTHOUSE_RUNS=1 npm run bench:lighthouse   (while iterating)
//   LIGHTHOUSE_FRESH_BROWSER=1 npm run bench:lighthouse                  (a new browser per run)
//   LIGHTHOUSE_THROTTLING=devtools npm run bench:lighthouse              (real slow network and CPU)
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import {
  BLANK_PATH,
  benchPages,
  CHROMIUM,
  machine,
  median,
  paidSession,
  requireBuild,
  settlePages,
  startServer,
  startTwinProxy,
} from "./lib.mjs";

const PAGES = benchPages();
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Each page is judged against its own no-JS twin measured in the same run (decision 041: this
// machine's floor moves between days, so an absolute blocking time says more about the host).
const TARGET = { performanceBelowTwin: 2, otherCategories: 100, lcpRatio: 1.2, tbtOverTwinMs: 50, cls: 0.02 };

requireBuild();
const server = await startServer();
const twin = await startTwinProxy(server.url);
// LIGHTHOUSE_FRESH_BROWSER=1 starts a new Chromium for every run, as the Lighthouse command line
// does (empty cache, no warmed-up compiler); by default one browser serves every run.
const FRESH = process.env.LIGHTHOUSE_FRESH_BROWSER === "1";
const launch = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
const shared = FRESH ? null : await launch();

const pathFor = async (page) => (page === "/success" ? `/success?session_id=${await paidSession(server.url)}` : page);

async function measure(url) {
  const chrome = shared ?? (await launch());
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    // LIGHTHOUSE_THROTTLING=devtools slows the real network and CPU instead of simulating them from a
    // fast load: the simulation charges a whole extra round trip to a document over the first
    // congestion window (about 14.6 KB with headers) and does not model a page painting as it streams.
    throttlingMethod: process.env.LIGHTHOUSE_THROTTLING ?? "simulate",
  }).finally(() => (shared ? undefined : chrome.kill()));
  const { categories, audits } = result.lhr;
  // Main-thread time by kind (ms, as Lighthouse reports it for the throttled phone).
  const mainThread = {};
  for (const item of audits["mainthread-work-breakdown"]?.details?.items ?? [])
    mainThread[item.group] = Math.round(item.duration);
  const bytesByType = {};
  for (const item of audits["resource-summary"]?.details?.items ?? [])
    bytesByType[item.resourceType] = item.transferSize;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    bestPractices: Math.round(categories["best-practices"].score * 100),
    seo: Math.round(categories.seo.score * 100),
    lcp: audits["largest-contentful-paint"].numericValue,
    fcp: audits["first-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    si: audits["speed-index"].numericValue,
    bytesByType,
    mainThread,
    consoleErrors: (audits["errors-in-console"]?.details?.items ?? []).map((i) => i.description),
    // The tasks behind the blocking time: where each started and how long it took (simulated phone).
    longTasks: (audits["long-tasks"]?.details?.items ?? []).map((i) => ({
      url: i.url,
      startMs: Math.round(i.startTime),
      ms: Math.round(i.duration),
    })),
    failing: Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable",
      )
      .map((a) => a.id),
    // An audit that could not run leaves its category without a score (printed as 0).
    erroredAudits: Object.values(audits)
      .filter((a) => a.scoreDisplayMode === "error")
      .map((a) => `${a.id}: ${a.errorMessage}`),
  };
}

function summarise(runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  const mid = runs.slice().sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)];
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcp")),
    fcpMs: Math.round(pick("fcp")),
    tbtMs: Math.round(pick("tbt")),
    cls: Number(pick("cls").toFixed(3)),
    speedIndexMs: Math.round(pick("si")),
    // Median per kind: style and layout, HTML parsing, script evaluation, …
    mainThreadMs: Object.fromEntries(
      [...new Set(runs.flatMap((r) => Object.keys(r.mainThread)))].map((group) => [
        group,
        median(runs.map((r) => r.mainThread[group] ?? 0)),
      ]),
    ),
    bytesByType: mid.bytesByType,
    failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
    erroredAudits: [...new Set(runs.flatMap((r) => r.erroredAudits))],
    consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
    longTasks: mid.longTasks,
  };
}

const rows = [];
let floor;
try {
  const blank = [];
  for (let i = 0; i < RUNS; i++) blank.push(await measure(`${twin.url}${BLANK_PATH}`));
  floor = { ...summarise(blank), tbtRunsMs: blank.map((r) => Math.round(r.tbt)) };
  // As a visitor after the first finds each page: cached, its smallest Brotli made.
  await settlePages(
    server.url,
    PAGES.filter((page) => page !== "/success"),
  );
  for (const page of PAGES) {
    const ours = [];
    const twins = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh order per run: /success marks nothing as seen, but each run stays independent.
      const path = await pathFor(page);
      ours.push(await measure(`${server.url}${path}`));
      twins.push(await measure(`${twin.url}${path}`));
    }
    const row = { page, ours: summarise(ours), twin: summarise(twins) };
    row.lcpRatio = Number((row.ours.lcpMs / row.twin.lcpMs).toFixed(2));
    const o = row.ours;
    const t = row.twin;
    row.met =
      o.performance >= t.performance - TARGET.performanceBelowTwin &&
      [o.accessibility, o.bestPractices, o.seo].every((s) => s >= TARGET.otherCategories) &&
      row.lcpRatio <= TARGET.lcpRatio &&
      o.tbtMs <= t.tbtMs + TARGET.tbtOverTwinMs &&
      o.cls <= TARGET.cls;
    rows.push(row);
    console.error(`measured ${page}`);
  }
} finally {
  await shared?.kill();
  await twin.stop();
  await server.stop();
}

const kb = (n) => (n === undefined ? "-" : (n / 1024).toFixed(1));
const browser = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
console.log(
  `\nLighthouse 12, mobile preset, median of ${RUNS} runs${FRESH ? ", a fresh browser per run" : ""}, throttling ${process.env.LIGHTHOUSE_THROTTLING ?? "simulate"} — ${new Date().toISOString()} — ${machine()}, ${browser}\n`,
);
console.log(
  `Floor (a blank page, no style, no script): performance ${floor.performance}, TBT ${floor.tbtMs} ms (runs: ${floor.tbtRunsMs.join(", ")}), FCP ${floor.fcpMs} ms. Over 0, the machine or the browser adds blocking time to every page below.\n`,
);
console.log(
  "| page | perf | a11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB | twin perf | twin FCP | twin LCP | twin TBT | LCP / twin | targets |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|");
for (const { page, ours: o, twin: t, lcpRatio, met } of rows) {
  console.log(
    `| ${page} | ${o.performance} | ${o.accessibility} | ${o.bestPractices} | ${o.seo} | ${o.fcpMs} | ${o.lcpMs} | ${o.tbtMs} | ${o.cls} | ${kb(o.bytesByType.script ?? 0)} | ${t.performance} | ${t.fcpMs} | ${t.lcpMs} | ${t.tbtMs} | ${lcpRatio} | ${met ? "met" : "MISSED"} |`,
  );
}
console.log(
  `\nTargets: performance ≥ twin − ${TARGET.performanceBelowTwin}, a11y/BP/SEO ${TARGET.otherCategories}, LCP ≤ ${TARGET.lcpRatio} × twin, TBT ≤ twin + ${TARGET.tbtOverTwinMs} ms, CLS ≤ ${TARGET.cls}.`,
);
for (const { page, ours, twin } of rows) {
  const work = (side) =>
    ["styleLayout", "parseHTML", "scriptEvaluation", "other"]
      .map((g) => `${g} ${side.mainThreadMs[g] ?? 0}`)
      .join(", ");
  console.log(`${page}: main thread ms (median): ${work(ours)}; twin: ${work(twin)}`);
  if (ours.failingAudits.length) console.log(`${page}: audits below 0.9: ${ours.failingAudits.join(", ")}`);
  if (ours.erroredAudits.length) console.log(`${page}: audits that could not run: ${ours.erroredAudits.join("; ")}`);
  if (ours.longTasks.length)
    console.log(
      `${page}: long tasks (run with the middle LCP): ${ours.longTasks.map((l) => `${l.ms} ms at ${l.startMs} (${l.url})`).join("; ")}`,
    );
  if (ours.consoleErrors.length) console.log(`${page}: console errors: ${ours.consoleErrors.join(" | ")}`);
}
mkdirSync("bench/reports", { recursive: true });
const file = `bench/reports/lighthouse-${new Date().toISOString().slice(0, 19).replace(/:/g, "")}.json`;
writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), browser, runs: RUNS, floor, rows }, null, 2),
);
console.log(`\nreport: ${file}`);
