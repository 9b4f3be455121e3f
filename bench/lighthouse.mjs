// Lighthouse 12, mobile preset (simulated slow 4G, mid-range phone), on the production
// build with the system Chromium. Median of 3 runs per page; JSON report in bench/reports/.
import { mkdirSync, writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM, machine, median, requireBuild, startServer } from "./lib.mjs";

const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(",")
  : [
      "/",
      "/services/triathlon-coaching",
      "/services",
      "/pricing",
      "/blog",
      "/blog/optimize-running-cadence",
      "/start",
      "/nicaragua",
    ];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

requireBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
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

const rows = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const { categories, audits } = result.lhr;
      const bytesByType = {};
      for (const item of audits["resource-summary"]?.details?.items ?? [])
        bytesByType[item.resourceType] = item.transferSize;
      runs.push({
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
        failing: Object.values(audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "notApplicable",
          )
          .map((a) => a.id),
      });
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    const mid = runs.slice().sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)];
    rows.push({
      page,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcpMs: Math.round(pick("lcp")),
      fcpMs: Math.round(pick("fcp")),
      tbtMs: Math.round(pick("tbt")),
      cls: Number(pick("cls").toFixed(3)),
      speedIndexMs: Math.round(pick("si")),
      bytesByType: mid.bytesByType,
      failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
    });
    console.error(`measured ${page}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const kb = (n) => (n === undefined ? "-" : (n / 1024).toFixed(1));
console.log(`\nLighthouse 12, mobile preset, median of ${RUNS} runs — ${new Date().toISOString()} — ${machine()}\n`);
console.log(
  "| page | perf | a11y | best pr. | SEO | LCP ms | FCP ms | TBT ms | CLS | SI ms | total KB | JS KB | CSS KB | img KB | font KB | doc KB |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const b = r.bytesByType;
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.fcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} | ${kb(b.total)} | ${kb(b.script)} | ${kb(b.stylesheet)} | ${kb(b.image)} | ${kb(b.font)} | ${kb(b.document)} |`,
  );
}
for (const r of rows)
  if (r.failingAudits.length) console.log(`\n${r.page}: audits below 0.9: ${r.failingAudits.join(", ")}`);
mkdirSync("bench/reports", { recursive: true });
const file = `bench/reports/lighthouse-${new Date().toISOString().slice(0, 19).replace(/:/g, "")}.json`;
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs: RUNS, rows }, null, 2));
console.log(`\nreport: ${file}`);
