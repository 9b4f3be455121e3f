import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postcss, { type Container, type Rule } from "postcss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropExactColorMixOverrides } from "../../server/css-color-mix";
import { listRules } from "../../server/css-subset";
import { htmlReader } from "../support/html";
import { startBuiltSite, type BuiltSite } from "../support/built-site";

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

interface NeededClass {
  /** As the selector writes it, escapes and all (`hover\:underline`). */
  raw: string;
  /** As an element's class attribute holds it (`hover:underline`). */
  name: string;
}

/**
 * The classes each selector of a list needs on some element of the page: those its compound
 * selectors name outside parentheses and brackets (`:not(.x)`, `:where(.group)` and `[class~=x]`
 * need none). A selector needing a class no element of the page has matches nothing there, so
 * happy-dom's querySelector, which walks the whole page, is asked only about the others: asking
 * it about each of the 11,584 left-out rules of 28 pages took 47 of this test's 56 s (loaded machine).
 * Whether happy-dom reads each name the same way is checked once per stylesheet (see the test).
 */
function neededClasses(selector: string): NeededClass[][] {
  const branches: NeededClass[][] = [[]];
  let depth = 0;
  let quote = "";
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === "\\") {
      i += 1;
    } else if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === "(" || char === "[") {
      depth += 1;
    } else if (char === ")" || char === "]") {
      depth -= 1;
    } else if (depth === 0 && char === ",") {
      branches.push([]);
    } else if (depth === 0 && char === ".") {
      let end = i + 1;
      let name = "";
      while (end < selector.length) {
        const next = selector[end]!;
        if (next === "\\") {
          // A code point in hex (`\32 `, ending at a space it swallows) or the character itself.
          const hex = /^[\da-f]{1,6}\s?/i.exec(selector.slice(end + 1, end + 8))?.[0];
          name += hex ? String.fromCodePoint(parseInt(hex, 16)) : (selector[end + 1] ?? "");
          end += 1 + (hex?.length ?? 1);
        } else if (/[\w-]/.test(next) || next.charCodeAt(0) > 0x7f) {
          name += next;
          end += 1;
        } else break;
      }
      branches.at(-1)!.push({ raw: selector.slice(i + 1, end), name });
      i = end - 1;
    }
  }
  return branches;
}

describe("the visitor pages' inlined stylesheet", () => {
  let built: BuiltSite;
  const reader = htmlReader();
  /** Every page /sitemap lists, with its HTML. */
  const pages = new Map<string, string>();

  beforeAll(async () => {
    built = await startBuiltSite("stylesheet");
    const sitemap = await (await fetch(`${built.site}/sitemap`)).text();
    const paths = [...sitemap.matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1]!);
    // Pages only: not the feeds, files or the back office.
    for (const page of new Set(paths)) {
      if (/\.\w+$/.test(page) || page.startsWith("/admin")) continue;
      const response = await fetch(`${built.site}${page}`);
      expect(response.ok, page).toBe(true);
      pages.set(page, await response.text());
    }
  }, 180_000);

  afterAll(async () => {
    await built?.close();
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
    // What the server inlines from: the built stylesheet less the colour rules that repeat another exactly.
    const whole = styleRules(dropExactColorMixOverrides(builtStylesheet("public").css)).map((style) => {
      const selector = widen(style.rule.selector);
      return { ...style, selector, needs: neededClasses(selector) };
    });
    expect(whole.length, "style rules in the public stylesheet").toBeGreaterThan(100);
    // happy-dom reads every class name the way neededClasses does: an element with it matches `.raw`.
    const probe = reader.parse("<!doctype html><p>");
    const element = probe.createElement("p");
    const misread = whole.flatMap(({ needs }) =>
      needs.flat().flatMap(({ raw, name }) => {
        element.className = name;
        return element.matches(`.${raw}`) ? [] : [`${raw} read as ${name}`];
      }),
    );
    expect(misread, "class names happy-dom reads otherwise").toEqual([]);
    // A selector happy-dom cannot read fails the test (it names the selector) instead of passing unseen.
    const read = new Set<string>();
    const readOnce = (selector: string) => {
      if (!read.has(selector)) probe.querySelector(selector);
      read.add(selector);
    };
    let checked = 0;
    for (const [page, html] of pages) {
      const document = reader.parse(html);
      const servedText = [...document.querySelectorAll("style")].map((style) => style.textContent).join("");
      const inlined = new Set(styleRules(servedText).map((rule) => rule.key));
      const classes = new Set([...document.querySelectorAll("[class]")].flatMap((node) => [...node.classList]));
      const unmatchedLeftOut = whole
        .filter(({ key }) => !inlined.has(key))
        .flatMap(({ rule, selector, needs }) => {
          const properties = rule.nodes.flatMap((node) => (node.type === "decl" ? [node.prop] : []));
          // A rule of custom properties only (the theme): it is cut to the ones the page's rules use.
          if (properties.every((name) => name.startsWith("--"))) {
            return properties.filter(
              (name) => new RegExp(`var\\(${name}[,)]`).test(servedText) && !servedText.includes(`${name}:`),
            );
          }
          checked += 1;
          const absent = needs.every((branch) => branch.some(({ name }) => !classes.has(name)));
          if (absent) {
            readOnce(selector);
            return [];
          }
          return document.querySelector(selector) ? [rule.selector] : [];
        });
      expect(unmatchedLeftOut, `left-out rules that match an element on ${page}`).toEqual([]);
    }
    expect(checked, "left-out rules looked for on the pages").toBeGreaterThan(pages.size * 100);
  });
});
