import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { listRules } from "../../server/css-subset";
import { expect, test } from "./fixtures";

/**
 * Visitor pages carry only the public stylesheet's rules that they can use, inlined; the back office
 * has its own stylesheet (docs/decisions/032-split-stylesheet.md). Checked on every page the HTML
 * sitemap lists, as served by the production build.
 */

/** Most CSS a visitor page may carry inline (gzip): the largest page, the home page, is about 8 KB. */
const INLINE_BUDGET_GZIP = 10 * 1024;

const assets = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
/** A built stylesheet: its file is named after the source entry (public.css, admin.css) plus a hash. */
function builtStylesheet(entry: "public" | "admin"): { href: string; css: string } {
  const names = readdirSync(assets).filter((name) => new RegExp(`^${entry}-[\\w-]+\\.css$`).test(name));
  expect(names, `one built ${entry} stylesheet`).toHaveLength(1);
  return { href: `/assets/${names[0]}`, css: readFileSync(path.join(assets, names[0]!), "utf8") };
}

async function publicPages(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get("/sitemap")).text();
  const paths = [...html.matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1]!);
  // Pages only: not the feeds, files or the back office.
  const pages = [...new Set(paths)].filter((p) => !/\.\w+$/.test(p) && !p.startsWith("/admin"));
  expect(pages.length, "pages listed on /sitemap").toBeGreaterThan(10);
  return pages;
}

const inlineCss = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

test("no visitor page carries the back office's rules, and each stays within its CSS budget", async ({ request }) => {
  test.setTimeout(120_000);
  const publicRules = new Set(listRules(builtStylesheet("public").css));
  const adminOnly = listRules(builtStylesheet("admin").css).filter((rule) => !publicRules.has(rule));
  // The back office has rules of its own; none would mean the two stylesheets are one again.
  expect(adminOnly.length, "rules only the back office's stylesheet has").toBeGreaterThan(20);
  const adminOnlySet = new Set(adminOnly);
  for (const page of await publicPages(request)) {
    const response = await request.get(page);
    expect(response.ok(), page).toBe(true);
    const css = inlineCss(await response.text());
    const leaked = listRules(css).filter((rule) => adminOnlySet.has(rule));
    expect(leaked, `back-office rules inlined on ${page}`).toEqual([]);
    expect(gzipSync(css).length, `inline CSS of ${page} (gzip bytes)`).toBeLessThanOrEqual(INLINE_BUDGET_GZIP);
  }
});

test("every rule a visitor page leaves out matches nothing on it", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const whole = builtStylesheet("public").css;
  // The page as the server sent it; with scripts off, what <noscript> holds is part of the page too.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  try {
    for (const page of await publicPages(request)) {
      await tab.goto(page, { waitUntil: "load" });
      const unmatchedLeftOut = await tab.evaluate((css) => {
        const styleRules = (rules: CSSRuleList): CSSStyleRule[] =>
          [...rules].flatMap((rule) =>
            rule instanceof CSSStyleRule ? [rule] : rule instanceof CSSGroupingRule ? styleRules(rule.cssRules) : [],
          );
        const inlined = new Set(
          [...document.styleSheets]
            .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
            .flatMap((sheet) => styleRules(sheet.cssRules).map((rule) => rule.cssText)),
        );
        const added = document.createElement("style");
        added.textContent = css;
        document.head.append(added);
        const leftOut = styleRules(added.sheet!.cssRules).filter((rule) => !inlined.has(rule.cssText));
        // A state (hover, focus, open…) may come later and a pseudo-element belongs to its element:
        // a left-out rule must not match even with those conditions taken away. Media conditions are
        // ignored the same way (another window width).
        const widen = (selector: string) =>
          selector
            .replace(
              /::?(?:before|after|marker|placeholder|backdrop|selection|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)/g,
              "",
            )
            .replace(
              /:(?:hover|focus-visible|focus-within|focus|active|visited|target|popover-open|open|checked|disabled|enabled|invalid|valid|placeholder-shown|user-invalid|user-valid|autofill|modal|indeterminate|default|required|optional|read-only|empty|first-child|last-child|only-child|first-of-type|last-of-type|nth-child\([^)]*\)|nth-last-child\([^)]*\)|nth-of-type\([^)]*\))/g,
              ":is(*)",
            );
        const servedText = [...document.querySelectorAll("style")]
          .filter((style) => style !== added)
          .map((style) => style.textContent)
          .join("");
        return leftOut.flatMap((rule) => {
          const properties = [...rule.style];
          // A rule of custom properties only (the theme): it is cut to the ones the page's rules use.
          if (properties.every((name) => name.startsWith("--"))) {
            return properties.filter(
              (name) => new RegExp(`var\\(${name}[,)]`).test(servedText) && !servedText.includes(`${name}:`),
            );
          }
          try {
            return document.querySelector(widen(rule.selectorText)) ? [rule.selectorText] : [];
          } catch {
            return [];
          }
        });
      }, whole);
      expect(unmatchedLeftOut, `left-out rules that match an element on ${page}`).toEqual([]);
    }
  } finally {
    await context.close();
  }
});
