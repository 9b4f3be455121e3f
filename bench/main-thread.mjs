// Where a page's main-thread time goes while it loads, on a phone (375 x 812, touch, CPU slowed 4x
// by Chromium itself), next to its no-JS twin (the same HTML with its scripts removed). A trace runs
// from navigation until 4 s after `load`; the table gives the median of the runs per kind of work
// (HTML parse, style, layout, paint, script), the tasks over 50 ms, the time they block beyond
// 50 ms each (what Total Blocking Time adds up), the longest task that is mostly script, and how
// many SVG images the page made the browser build (each one a document of its own). Lighthouse
// simulates its throttling from one fast load and its blocking time swings by hundreds of ms on a
// busy machine; this measures the work itself, so a change to the document can be judged against
// the page before it on the same machine.
//   npm run bench:main-thread
//   BENCH_PAGES=/,/services/get-fit MAIN_THREAD_RUNS=5 npm run bench:main-thread
//   BUILD_DIR=<another build> npm run bench:main-thread   (the same figures for an earlier build)
import { chromium } from "@playwright/test";
import { benchPages, CHROMIUM, machine, median, paidSession, requireBuild, startServer, stripScripts } from "./lib.mjs";

const pages = benchPages();
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 3);
const KINDS = {
  parse: ["ParseHTML"],
  style: ["UpdateLayoutTree"],
  layout: ["Layout"],
  paint: ["PrePaint", "Paint", "Layerize", "Commit"],
  script: ["EvaluateScript", "v8.evaluateModule", "v8.compile", "FunctionCall", "RunMicrotasks", "TimerFire"],
};

if (!process.env.BUILD_DIR) requireBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });

async function trace(address, twin) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const tab = await context.newPage();
  if (twin) {
    const html = stripScripts(await (await fetch(address)).text());
    await tab.route(address, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
  }
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink",
    transferMode: "ReportEvents",
  });
  await tab.goto(address, { waitUntil: "load" });
  // A fixed wait belongs in a measurement, not a test: the scripts a page starts after `load` count.
  await tab.waitForTimeout(4000);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  // The page's main thread: of the renderer main threads (a blank tab has one too), the one that parsed most HTML.
  const on = (thread) => events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X");
  const parsed = (thread) => on(thread).reduce((ms, e) => ms + (e.name === "ParseHTML" ? e.dur : 0), 0);
  const main = events
    .filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain")
    .sort((a, b) => parsed(b) - parsed(a))[0];
  const work = on(main);
  const row = {};
  for (const [kind, names] of Object.entries(KINDS))
    row[kind] = work.filter((e) => names.includes(e.name)).reduce((ms, e) => ms + e.dur / 1000, 0);
  const long = work.filter((e) => e.name === "RunTask" && e.dur > 50_000);
  row.longTasks = long.length;
  row.blocking = long.reduce((ms, e) => ms + e.dur / 1000 - 50, 0);
  row.svgImages = work.filter((e) => e.name === "SVGImage::DataChanged").length;
  // The longest task that is mostly script (ours: the twin has none): what a tap may wait behind.
  const scripts = work.filter((e) => KINDS.script.includes(e.name));
  const scriptIn = (task) =>
    Math.max(0, ...scripts.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur).map((e) => e.dur));
  row.scriptTask = Math.max(
    0,
    ...work.filter((e) => e.name === "RunTask" && e.dur > 10_000 && scriptIn(e) >= e.dur / 2).map((e) => e.dur / 1000),
  );
  return row;
}

const rows = [];
for (const page of pages) {
  const path = page === "/success" ? `/success?session_id=${await paidSession(server.url)}` : page;
  const runs = { ours: [], twin: [] };
  // Interleaved, so both meet the same moment of the machine.
  for (let run = 0; run < RUNS; run++)
    for (const twin of [false, true]) runs[twin ? "twin" : "ours"].push(await trace(`${server.url}${path}`, twin));
  for (const [which, list] of Object.entries(runs)) {
    const row = { page: which === "twin" ? `${page} (twin)` : page };
    for (const key of Object.keys(list[0])) row[key] = Math.round(median(list.map((r) => r[key])));
    rows.push(row);
  }
  console.log(`measured ${page}`);
}
await browser.close();
await server.stop();

console.log(
  `\nMain thread while loading, phone (375 px, touch, CPU 4x), median of ${RUNS} — ${new Date().toISOString()} — ${machine()}\n`,
);
console.log(
  "| page | parse ms | style ms | layout ms | paint ms | script ms | tasks > 50 ms | blocking ms | longest script task ms | SVG images |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const r of rows)
  console.log(
    `| ${r.page} | ${r.parse} | ${r.style} | ${r.layout} | ${r.paint} | ${r.script} | ${r.longTasks} | ${r.blocking} | ${r.scriptTask} | ${r.svgImages} |`,
  );
process.exit(0);
