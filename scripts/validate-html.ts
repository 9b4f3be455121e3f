// Validates the server HTML of every public page with the W3C Nu HTML checker (vnu.jar, one JVM
// run over all pages) and html-validate. Starts the built production server (run `npm run build`
// first) on an empty embedded database, reads the page list from /sitemap.xml plus the public
// pages the sitemap leaves out, and fails on any error, or on a page without a link to the RSS feed. The only errors let through are those
// named in VNU_NOT_YET_KNOWN: CSS features the checker's grammar does not know yet, and one attribute browsers read.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { HtmlValidate, type ConfigData, type Report } from "html-validate";
import { startServer } from "../tests/support/server";

/**
 * What the Nu checker reports as errors although browsers support it: CSS the site's Tailwind build
 * uses, and one attribute. Each entry matches one kind of message; keep the list short and say why
 * each is here.
 */
const VNU_NOT_YET_KNOWN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^Attribute “elementtiming” not allowed on element “(img|h1)”/,
    why: "Element Timing (a W3C incubator specification, in Chromium): the browser reports when the priority image, or /cancel's heading, was shown, which the pages' scripts wait for (decisions 054 and 097)",
  },
  { pattern: /^CSS: Unrecognized at-rule “@property”/, why: "typed custom properties (Tailwind's --tw-* variables)" },
  { pattern: /^CSS: Unrecognized at-rule “@starting-style”/, why: "entry transitions of appearing elements" },
  {
    pattern: /^CSS: “(animation-timeline|animation-range|view-timeline|timeline-scope)”: Property “\1” doesn't exist/,
    why: "scroll-driven animations (the questionnaire's and articles' progress bars)",
  },
  {
    pattern: /^CSS: “(anchor-name|position-anchor|position-try-fallbacks)”: Property “\1” doesn't exist/,
    why: "anchor positioning of the header's dropdown panels (decision 026)",
  },
  { pattern: /^CSS: Unrecognized at-rule “@position-try”/, why: "the dropdown panels' fallback position" },
  { pattern: /^CSS: “top”: “anchor\(bottom\)” is not a “top” value/, why: "a panel placed under its button" },
  {
    pattern: /^CSS: “justify-self”: “anchor-center” is not a “justify-self” value/,
    why: "a panel centred on its button",
  },
  { pattern: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/, why: "Tailwind's prose spacing" },
  {
    pattern:
      /^CSS: (“(anchor-name|position-anchor|position-try-fallbacks)”: Property “\2” doesn't exist|Unrecognized at-rule “@position-try”|“top”: “anchor\(bottom\)” is not a “top” value|“justify-self”: “anchor-center” is not a “justify-self” value)/,
    why: "anchor positioning (the header's Services and Blog dropdowns, placed under their buttons)",
  },
  {
    pattern: /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value/,
    why: "transitions of registered custom properties (@property)",
  },
  {
    pattern: /^CSS: “mask”: Too many values or values are not recognized/,
    why: "the mask shorthand with an image and a size",
  },
];

/** Public pages that /sitemap.xml does not list: checkout returns, e-mail link targets, errors. */
const UNLISTED_PAGES = [
  "/cancel",
  "/success?session_id=cs_test_unknown",
  "/newsletter/confirm?token=not-a-token",
  "/newsletter/unsubscribe?token=not-a-token",
  "/newsletter?status=subscribed",
  "/this-page-does-not-exist",
];

const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // React's serialisation style (self-closed void elements, required="") is valid HTML.
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // Components set computed values (widths, offsets) as style attributes; the CSP allows them.
    "no-inline-style": "off",
    // Counts character references undecoded ("&amp;" as five); fullTitle() in app/kernel/seo.ts
    // keeps every title within 70 characters, with a unit test over all posts and routes.
    "long-title": "off",
    // HTML attribute names are case-insensitive; React writes some in camel case (srcSet, dateTime).
    "attr-case": "off",
    // React's useId() ids start with an underscore, which HTML allows.
    "valid-id": ["error", { relaxed: true }],
    // role="list" on lists without bullets keeps them announced as lists in Safari and VoiceOver.
    "no-redundant-role": "off",
  },
};

async function pageList(base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (listed.length === 0) throw new Error("/sitemap.xml lists no pages");
  return [...new Set([...listed, ...UNLISTED_PAGES])];
}

function vnu(files: string[]): { file: string; message: string; extract?: string }[] {
  // The package exports the jar's path as a String object.
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  const run = spawnSync("java", ["-Xss1024k", "-jar", jar, "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(`could not run java (install a Java runtime, e.g. default-jre-headless): ${run.error.message}`);
  const parsed = JSON.parse(run.stderr) as {
    messages: { type: string; subType?: string; url: string; message: string; extract?: string; lastLine?: number }[];
  };
  return parsed.messages
    .filter((m) => m.type === "error")
    .filter((m) => !VNU_NOT_YET_KNOWN.some((known) => known.pattern.test(m.message)))
    .map((m) => ({ file: m.url, message: `${m.lastLine ?? "?"}: ${m.message}`, extract: m.extract }));
}

function htmlValidateErrors(report: Report): string[] {
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} [${m.selector ?? ""}]`),
  );
}

const server = await startServer();
const dir = mkdtempSync(path.join(tmpdir(), "validate-html-"));
let failures = 0;
try {
  const paths = await pageList(server.url);
  const files: { path: string; file: string }[] = [];
  for (const [index, pagePath] of paths.entries()) {
    const response = await fetch(server.url + pagePath);
    const html = await response.text();
    const file = path.join(dir, `page-${index}.html`);
    writeFileSync(file, html);
    files.push({ path: pagePath, file });
  }
  const name = (file: string) => files.find((f) => file.endsWith(path.basename(f.file)))?.path ?? file;

  // Every page points feed readers at the blog's RSS feed, and the feed answers. Checked before
  // the Nu checker runs: a connection left idle for its run may be closed as it is reused.
  const feedLink = /<link[^>]*rel="alternate"[^>]*type="application\/rss\+xml"[^>]*href="([^"]+)"/;
  const feeds = new Map<string, Promise<boolean>>();
  const feedWorks = (href: string) =>
    fetch(new URL(href, server.url)).then(
      async (feed) => feed.ok && (feed.headers.get("content-type") ?? "").includes("xml") && !!(await feed.text()),
    );
  for (const f of files) {
    const href = feedLink.exec(readFileSync(f.file, "utf8"))?.[1];
    if (href && !feeds.has(href)) feeds.set(href, feedWorks(href));
    if (!href || !(await feeds.get(href))) {
      console.error(`feed ${f.path}: no <link rel="alternate" type="application/rss+xml"> to a working feed`);
      failures++;
    }
  }

  const nu = vnu(files.map((f) => f.file));
  for (const m of nu) console.error(`vnu ${name(m.file)} ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ""}`);
  failures += nu.length;

  const validator = new HtmlValidate(htmlValidateConfig);
  for (const f of files) {
    const errors = htmlValidateErrors(await validator.validateFile(f.file));
    for (const e of errors) console.error(`html-validate ${f.path} ${e}`);
    failures += errors.length;
  }
  console.log(`validated ${files.length} pages: ${failures} error(s)`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failures === 0 ? 0 : 1);
