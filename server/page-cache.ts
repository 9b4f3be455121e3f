import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import type { AppServices } from "~/context";
import { REVALIDATE } from "~/infra/cache-control";
import { collectWords, parseStylesheet, subsetStylesheet, type ParsedStylesheet, type Words } from "./css-subset";

/**
 * Returns a rewrite that puts the built stylesheets inside the HTML, so the first paint waits for
 * no other request, and carries only the rules the page can use (server/css-subset.ts): those
 * whose classes occur in the HTML or in a script file the page will run (an island, an enhancer,
 * and the files they import). What follows from that:
 * - A page that runs the application (React Router's context in the HTML) can render any part of
 *   the site once a visitor interacts, so it keeps the <link> (React hydrates <head> against it)
 *   as `media="print"`, which applies on no screen, and a one-line script makes it apply at the
 *   visitor's first interaction, before the application starts (the file, immutable, is fetched
 *   at low priority meanwhile).
 * - A page without the application (a document, kernel/documents.ts) renders nothing the
 *   cut has not seen: the <link> goes.
 * - A page that hydrates at load (the back office, decision 009) keeps its whole stylesheet inline,
 *   as before, with the <link> as `media="print"`.
 */
export function stylesheetInliner(clientDir: string): (html: string, nonce?: string) => string {
  const stylesheets = new Map<string, ParsedStylesheet & { text: string }>();
  const scripts = new Map<string, { words: Set<string>; imports: string[] } | null>();

  const stylesheet = (href: string) => {
    let sheet = stylesheets.get(href);
    if (!sheet) {
      const text = readFileSync(path.join(clientDir, href), "utf8").replaceAll("</style", "<\\/style");
      sheet = { ...parseStylesheet(text), text };
      stylesheets.set(href, sheet);
    }
    return sheet;
  };

  /** The word sets of a built script and of every built script it imports (statically or lazily). */
  const wordsOfScript = (file: string, into: Set<string>[], seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    let script = scripts.get(file);
    if (script === undefined) {
      const source = readAsset(clientDir, file);
      script = source === null ? null : { words: collectWords(source), imports: assetScripts(source) };
      scripts.set(file, script);
    }
    if (!script) return;
    into.push(script.words);
    for (const imported of script.imports) wordsOfScript(imported, into, seen);
  };

  return (html, nonce) => {
    const hydratesOnLoad = /<html\b[^>]*\bdata-hydrate-on-load\b/.test(html.slice(0, 1000));
    const runsApplication = html.includes("__reactRouterContext");
    let words: Words | null = null;
    const pageWords = (): Words => {
      if (words) return words;
      const sets = [collectWords(html)];
      if (!runsApplication) {
        const seen = new Set<string>();
        for (const file of assetScripts(html)) wordsOfScript(file, sets, seen);
      }
      words = { has: (word) => sets.some((set) => set.has(word)) };
      return words;
    };
    // A page's stylesheets are cut together: one may use another's variables (blog.css the theme's).
    const hrefs = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
    const firstCut = hydratesOnLoad ? [] : hrefs.map((href) => subsetStylesheet(stylesheet(href), pageWords()));
    let linkKept = false;
    let index = 0;
    const rewritten = html.replace(STYLESHEET_LINK, (tag, href: string) => {
      const sheet = stylesheet(href);
      if (hydratesOnLoad) return `<style>${sheet.text}</style>${tag.replace("/>", ' media="print"/>')}`;
      const others = firstCut.filter((_, i) => i !== index).join("");
      index += 1;
      const css = others ? subsetStylesheet(sheet, pageWords(), others) : firstCut[index - 1]!;
      if (!runsApplication) return `<style>${css}</style>`;
      linkKept = true;
      return `<style>${css}</style>${tag.replace("/>", ` media="print" ${LATER_ATTRIBUTE}/>`)}`;
    });
    if (!linkKept) return rewritten;
    const at = rewritten.indexOf("</head>");
    if (at < 0) return rewritten;
    const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
    return `${rewritten.slice(0, at)}<script${nonceAttribute}>${applyLaterScript}</script>${rewritten.slice(at)}`;
  };
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*\/>/g;
const LATER_ATTRIBUTE = "data-stylesheet-later";

/** At the first touch, key, hover, focus or scroll, every held stylesheet applies (same events as deferred hydration). */
const applyLaterScript = `(()=>{var E=["pointerdown","pointerover","touchstart","keydown","focusin","scroll","wheel"],o={capture:true,passive:true};function go(){E.forEach(function(e){removeEventListener(e,go,o)});document.querySelectorAll("link[${LATER_ATTRIBUTE}]").forEach(function(l){l.media="all"})}E.forEach(function(e){addEventListener(e,go,o)})})()`;

/** The built script files a text refers to: `/assets/x.js` in a page, `./x.js` or `assets/x.js` in a chunk. */
function assetScripts(text: string): string[] {
  const files = new Set<string>();
  for (const match of text.matchAll(/(?:\.\/|\/?assets\/)([\w.-]+\.js)\b/g)) files.add(`/assets/${match[1]}`);
  return [...files];
}

function readAsset(clientDir: string, file: string): string | null {
  try {
    return readFileSync(path.join(clientDir, file), "utf8");
  } catch {
    return null;
  }
}

/**
 * Public pages are rendered per request and revalidated against the content revision
 * (docs/decisions/017-islands-and-per-request-pages.md). For a page whose HTML depends only on its
 * address and the revision, the ETag is the revision (with the public settings, which a restart may
 * change); a browser that already holds that version gets 304 before anything is rendered. The 304
 * carries no Content-Security-Policy: the browser keeps the policy stored with the page, whose
 * nonce is the one in the cached HTML, instead of taking a fresh nonce that matches none of it.
 * The ETag found here goes to the renderer (`res.locals.etag`), which sends it with a 200.
 */
export function revisionValidator(
  services: Pick<AppServices, "contentRevision" | "logger">,
  cachedByRevision: (pathname: string) => boolean,
  settingsFingerprint: string,
): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !cachedByRevision(req.path)) return next();
    let etag: string;
    try {
      etag = pageEtag(await services.contentRevision(), settingsFingerprint);
    } catch (error) {
      // Without a revision the page is still served, only not validated.
      services.logger.warn({ err: error }, "content revision unavailable; page sent without an ETag");
      return next();
    }
    res.locals.etag = etag;
    if (matchesEtag(req.headers["if-none-match"], etag)) {
      res.removeHeader("Content-Security-Policy");
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", REVALIDATE);
      res.status(304).end();
      return;
    }
    next();
  };
}

export function pageEtag(revision: string, settingsFingerprint: string): string {
  const digest = createHash("sha256").update(`${revision}\n${settingsFingerprint}`).digest("base64url");
  return `W/"${digest.slice(0, 27)}"`;
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` name the same version. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
