import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postcss, { type Container, type Rule } from "postcss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRules } from "../../server/css-subset";
import { htmlReader } from "../support/html";
import { startServer, type RunningServer } from "../support/server";

/**
 * Visitor pages carry only the public stylesheet's rules that they can use, inlined; the back office
 * has its own stylesheet (docs/decisions/032-split-stylesheet.md). Checked on every page the HTML
 * sitemap lists, as the production build serves it: the rules are read with PostCSS (not the
 * server's own cutter, for the second test), the pages with happy-dom, as a browser with scripts
 * off reads them (what a <noscript> holds is part of the page).
 */

/** Most CSS a visitor page may carry inline (gzip): the largest page, the home page, is about 8 KB. */
const INLINE_BUDGET_GZIP = 10 * 1024;

const assets = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client", "assets");
/** A built stylesheet: its file is named after the source entry (public.css, admin.css) plus a hash. */
function builtStylesheet(entry: "public" | "admin"): { href: string; css: string } {
  const names = readdirSync(assets).filter((name) => new RegExp(`^${entry}-[\\w-]+\\.css$`).test(name));
  expect(names, `one built ${entry} stylesheet`).toHaveLength(1);
  return { href: `/assets/${names[0]}`, css: readFileSync(path.join(assets, names[0]!), "utf8") };
}

const inlineCss = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

/** At-rules whose rules apply to the page as they stand (the browser's CSSGroupingRule). */
const GROUPING = new Set(["media", "supports", "layer", "container", "scope", "starting-style", "document"]);

interface StyleRule {
  /** The rule with the at-rules around it and its declarations, to tell one rule from another. */
  key: string;
  rule: Rule;
}

/** Every style rule of a stylesheet, inside @media, @supports, @layer… too (not keyframes or @property). */
function styleRules(css: string): StyleRule[] {
  const found: StyleRule[] = [];
  const walk = (container: Container, context: string) =>
    container.each((node) => {
      if (node.type === "rule") {
        const declarations = node.nodes.flatMap((child) =>
          child.type === "decl" ? [`${child.prop}:${child.value}${child.important ? "!important" : ""}`] : [],
        );
        found.push({ key: `${context}${node.selector}{${declarations.join(";")}}`, rule: node });
      } else if (node.type === "atrule" && GROUPING.has(node.name) && node.nodes) {
        walk(node, `${context}@${node.name} ${node.params}{`);
      }
    });
  walk(postcss.parse(css), "");
  return found;
}

/**
 * A state (hover, focus, open…) may come later and a pseudo-element belongs to its element: a
 * left-out rule must not match even with those taken away. Escaped characters belong to a class
 * name (`.hover\:underline`), so only an unescaped colon starts a pseudo-class.
 */
const widen = (selector: string) =>
  selector
    // Parts only some inputs have (the stylesheet cut keeps their rules where such an input is).
    .replace(
      /(?<!\\)::-webkit-(?:datetime-edit[\w-]*|date-and-time-value)/g,
      "input:is([type=date],[type=time],[type=datetime-local],[type=month],[type=week])",
    )
    .replace(
      /(?<!\\)::-webkit-(?:inner|outer)-spin-button/g,
      "input:is([type=number],[type=date],[type=time],[type=datetime-local],[type=month],[type=week])",
    )
    .replace(/(?<!\\)::-webkit-search-[\w-]+/g, "input[type=search]")
    .replace(/(?<!\\)::(?:file-selector-button|-webkit-file-upload-button)/g, "input[type=file]")
    .replace(
      /(?<!\\)::?(?:before|after|marker|placeholder|backdrop|selection|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)/g,
      "",
    )
    .replace(
      /(?<!\\):(?:hover|focus-visible|focus-within|focus|active|visited|target|popover-open|open|checked|disabled|enabled|invalid|valid|placeholder-shown|user-invalid|user-valid|autofill|modal|indeterminate|default|required|optional|read-only|empty|first-child|last-child|only-child|first-of-type|last-of-type|nth-child\([^)]*\)|nth-last-child\([^)]*\)|nth-of-type\([^)]*\))/g,
      ":is(*)",
    );

describe("the visitor pages' inlined stylesheet", () => {
  let server: RunningServer;
  const reader = htmlReader();
  /** Every page /sitemap lists, with its HTML. */
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer();
    const sitemap = await (await fetch(`${server.url}/sitemap`)).text();
    const paths = [...sitemap.matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1]!);
    // Pages only: not the feeds, files or the back office.
    for (const page of new Set(paths)) {
      if (/\.\w+$/.test(page) || page.startsWith("/admin")) continue;
      const response = await fetch(`${server.url}${page}`);
      expect(response.ok, page).toBe(true);
      pages.set(page, await response.text());
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await reader.close();
  });

  it("no visitor page carries the back office's rules, and each stays within its CSS budget", () => {
    expect(pages.size, "pages listed on /sitemap").toBeGreaterThan(10);
    const publicRules = new Set(listRules(builtStylesheet("public").css));
    const adminOnly = listRules(builtStylesheet("admin").css).filter((rule) => !publicRules.has(rule));
    // The back office has rules of its own; none would mean the two stylesheets are one again.
    expect(adminOnly.length, "rules only the back office's stylesheet has").toBeGreaterThan(20);
    const adminOnlySet = new Set(adminOnly);
    for (const [page, html] of pages) {
      const css = inlineCss(html);
      const leaked = listRules(css).filter((rule) => adminOnlySet.has(rule));
      expect(leaked, `back-office rules inlined on ${page}`).toEqual([]);
      expect(gzipSync(css).length, `inline CSS of ${page} (gzip bytes)`).toBeLessThanOrEqual(INLINE_BUDGET_GZIP);
    }
  });

  it("every rule a visitor page leaves out matches nothing on it", () => {
    const whole = styleRules(builtStylesheet("public").css);
    expect(whole.length, "style rules in the public stylesheet").toBeGreaterThan(100);
    let checked = 0;
    for (const [page, html] of pages) {
      const document = reader.parse(html);
      const servedText = [...document.querySelectorAll("style")].map((style) => style.textContent).join("");
      const inlined = new Set(styleRules(servedText).map((rule) => rule.key));
      const unmatchedLeftOut = whole
        .filter(({ key }) => !inlined.has(key))
        .flatMap(({ rule }) => {
          const properties = rule.nodes.flatMap((node) => (node.type === "decl" ? [node.prop] : []));
          // A rule of custom properties only (the theme): it is cut to the ones the page's rules use.
          if (properties.every((name) => name.startsWith("--"))) {
            return properties.filter(
              (name) => new RegExp(`var\\(${name}[,)]`).test(servedText) && !servedText.includes(`${name}:`),
            );
          }
          checked += 1;
          // A selector happy-dom cannot read fails the test (it names the selector) instead of passing unseen.
          return document.querySelector(widen(rule.selector)) ? [rule.selector] : [];
        });
      expect(unmatchedLeftOut, `left-out rules that match an element on ${page}`).toEqual([]);
    }
    expect(checked, "left-out rules looked for on the pages").toBeGreaterThan(pages.size * 100);
  });
});
