// The weight of each page's document before any script runs: HTML bytes (raw and gzip), the CSS it
// carries inline and the CSS it links for screens (raw and gzip), the number of CSS rules that apply
// to screens, and the number of elements the browser parses. Production server, system Chromium;
// the page is loaded as its no-JS twin (the same HTML with its <script> elements removed), so the
// browser parses it as a script-running browser does (<noscript> content is text) and no script
// adds anything.
//   npm run bench:document
//   BENCH_PAGES=/,/pricing,/admin/login npm run bench:document
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { benchPages, CHROMIUM, machine, paidSession, PAGES, requireBuild, startServer, stripScripts } from "./lib.mjs";

const pages = benchPages([...PAGES, "/admin/login"]);
requireBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
const kb = (n) => (n / 1024).toFixed(1);
const gz = (text) => gzipSync(text).length;

async function measure(page) {
  const path = page === "/success" ? `/success?session_id=${await paidSession(server.url)}` : page;
  const html = await (await fetch(`${server.url}${path}`)).text();
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const tab = await context.newPage();
  const address = `${server.url}${path}`;
  await tab.route(address, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: stripScripts(html) }),
  );
  await tab.goto(address, { waitUntil: "load" });
  const { elements, rules, linked } = await tab.evaluate(() => {
    const count = (list) => [...list].reduce((n, rule) => n + 1 + (rule.cssRules ? count(rule.cssRules) : 0), 0);
    const sheets = [...document.styleSheets];
    return {
      elements: document.querySelectorAll("*").length,
      // Rules of every sheet that applies to the screen (a print-only link does not).
      rules: sheets
        .filter((s) => !s.disabled && s.media.mediaText !== "print")
        .reduce((n, s) => n + count(s.cssRules), 0),
      linked: sheets.filter((s) => s.href && s.media.mediaText !== "print").map((s) => s.href),
    };
  });
  await context.close();
  let linkedRaw = 0;
  let linkedGzip = 0;
  for (const href of linked) {
    const css = await (await fetch(href)).text();
    linkedRaw += css.length;
    linkedGzip += gz(css);
  }
  return {
    page,
    htmlRaw: html.length,
    htmlGzip: gz(html),
    inlineRaw: inline.length,
    inlineGzip: gz(inline),
    linkedRaw,
    linkedGzip,
    rules,
    elements,
  };
}

const rows = [];
try {
  for (const page of pages) rows.push(await measure(page));
} finally {
  await browser.close();
  await server.stop();
}

console.log(`Document weight per page (no-JS twin) — ${new Date().toISOString()} — ${machine()}\n`);
console.log(
  "| page | HTML KB | HTML gzip KB | inline CSS KB | inline CSS gzip KB | linked CSS KB | linked CSS gzip KB | CSS rules | elements |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const r of rows)
  console.log(
    `| ${r.page} | ${kb(r.htmlRaw)} | ${kb(r.htmlGzip)} | ${kb(r.inlineRaw)} | ${kb(r.inlineGzip)} | ${kb(r.linkedRaw)} | ${kb(r.linkedGzip)} | ${r.rules} | ${r.elements} |`,
  );
