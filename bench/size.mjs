// First-load JavaScript and CSS per public page (gzip), and the bytes of each page's
// LCP image (the <img fetchpriority="high">), read from the production build.
import { readFileSync, existsSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { machine } from "./lib.mjs";

const dir = path.join(process.env.BUILD_DIR ?? "build", "client");
if (!existsSync(dir)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const PAGES = [
  "/",
  "/services",
  "/services/triathlon-coaching",
  "/services/get-fit",
  "/pricing",
  "/blog",
  "/blog/optimize-running-cadence",
  "/start",
  "/nicaragua",
  "/cancel",
  "/privacy-policy",
  "/sitemap",
];
const BUDGET = { js: 120 * 1024, css: 20 * 1024, image: 60 * 1024 };

const gz = (file) => gzipSync(readFileSync(path.join(dir, file))).length;
const kb = (n) => (n / 1024).toFixed(1);

console.log(`First-load size per page — ${new Date().toISOString()} — ${machine()}\n`);
console.log("| page | JS gzip KB | CSS gzip KB | LCP image | LCP image KB (AVIF 960w / WebP 960w) | within budget |");
console.log("|---|---|---|---|---|---|");
let allOk = true;
for (const page of PAGES) {
  const file = path.join(dir, page === "/" ? "" : page, "index.html");
  if (!existsSync(file)) {
    console.log(`| ${page} | not prerendered | | | | |`);
    continue;
  }
  const html = readFileSync(file, "utf8");
  const scripts = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map(
      (m) => m[1],
    ),
  );
  const styles = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]));
  const js = [...scripts].filter((s) => s.startsWith("/")).reduce((sum, s) => sum + gz(s), 0);
  const css = [...styles].filter((s) => s.startsWith("/")).reduce((sum, s) => sum + gz(s), 0);
  let imageNote = "none";
  let imageBytes = 0;
  const lcp =
    /<picture[^>]*>((?:(?!<\/picture>).)*fetchPriority="high"(?:(?!<\/picture>).)*)<\/picture>/s.exec(html) ??
    /<img[^>]*fetchPriority="high"[^>]*>/s.exec(html);
  if (lcp) {
    const candidates = [...lcp[0].matchAll(/(\/media\/[^\s",]+-(\d+)\.(avif|webp))/g)].map((m) => ({
      url: m[1],
      width: Number(m[2]),
      format: m[3],
    }));
    const pick = (format) =>
      candidates
        .filter((c) => c.format === format)
        .sort((a, b) => Math.abs(a.width - 960) - Math.abs(b.width - 960))[0];
    const sizeOf = (c) => (c && existsSync(path.join(dir, c.url)) ? statSync(path.join(dir, c.url)).size : 0);
    const avif = pick("avif");
    const webp = pick("webp");
    imageBytes = Math.max(sizeOf(avif), sizeOf(webp));
    imageNote = avif?.url.replace(/-\d+\.avif$/, "") ?? "?";
    imageNote += ` | ${kb(sizeOf(avif))} / ${kb(sizeOf(webp))}`;
  } else {
    imageNote += " | -";
  }
  const ok = js <= BUDGET.js && css <= BUDGET.css && imageBytes <= BUDGET.image;
  allOk &&= ok;
  console.log(`| ${page} | ${kb(js)} | ${kb(css)} | ${imageNote} | ${ok ? "yes" : "NO"} |`);
}
console.log(
  `\nBudgets: JS ≤ ${kb(BUDGET.js)} KB, CSS ≤ ${kb(BUDGET.css)} KB, LCP image ≤ ${kb(BUDGET.image)} KB. ${allOk ? "All pages within budget." : "Some pages over budget."}`,
);
