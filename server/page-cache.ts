import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { RequestHandler } from "express";
import type { AppServices } from "~/context";
import { REVALIDATE } from "~/infra/cache-control";
import { CONSENT_COOKIE } from "~/infra/consent-cookie";
import { FIRST_TOUCH_COOKIE, carriedTouchOf, viaScript } from "~/infra/first-touch";
import type { Logger } from "~/infra/logger.server";
import { dropExactColorMixOverrides } from "./css-color-mix";
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
      const built = readFileSync(path.join(clientDir, href), "utf8");
      const text = dropExactColorMixOverrides(built).replaceAll("</style", "<\\/style");
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

/**
 * Reads that each begin after they are asked for: callers while none is under way share one;
 * callers while one is under way (it may have begun before a write they must see) share the next.
 * So a page is keyed on a revision read after its request arrived, with at most one read in flight.
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const reading = read();
    current = reading;
    const settle = () => {
      if (current === reading) current = undefined;
    };
    reading.then(settle, settle);
    return reading;
  };
  return () => {
    if (!current) return start();
    next ??= current.then(ignore, ignore).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}

const ignore = () => undefined;
const brotli = promisify(brotliCompress);
/**
 * A page's first Brotli answer under its key is compressed at quality 5: on a 150 KB page that takes
 * about 10 ms where quality 11 takes 300–800 ms, for 5–12 % more bytes. Quality 11 is made only once a
 * Brotli client asks for the page again under the same key (docs/decisions/092-a-cached-page-compressed-twice.md).
 */
const FIRST_QUALITY = 5;
const brotliAt = (quality: number, plain: Buffer) =>
  brotli(plain, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
const gzipped = promisify(gzip);

/** Inline scripts a browser runs (JSON and structured data are not run, so not checked by the CSP). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_SCRIPT = /\btype="application\/(?:ld\+)?json"/i;

/** The `'sha256-…'` source of each distinct inline script of a page, or null when one loads a file. */
export function inlineScriptHashes(html: string): string[] | null {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    // A file named in the HTML would need a nonce (strict-dynamic trusts only what scripts add).
    if (/\bsrc=/i.test(attributes)) return null;
    if (DATA_SCRIPT.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  if (/<link\b[^>]*\brel="modulepreload"/i.test(html)) return null;
  return [...hashes];
}

export interface PageCacheOptions {
  /** The site's own origin: a page is kept only as answered there (a made-up Host is rendered per request). */
  siteUrl: string;
  /** Whether a pathname's HTML is the same for every visitor, given its key. */
  cacheable(pathname: string): boolean;
  /** The content revision, read after the request arrived (freshReads): the key's main part. */
  revision(): Promise<string>;
  /** The rest of a page's key: what else changes it (the event's places, the minute). */
  variant(pathname: string): Promise<string>;
  /** The router's answer to a request with no cookies, query or Referer, with `nonce` on its scripts. */
  render(request: Request, nonce: string, clientIp: string): Promise<Response>;
  /** The CSP for a page whose inline scripts have these hashes. */
  policy(hashes: readonly string[], secure: boolean): string;
  logger: Pick<Logger, "warn">;
  /** The bytes kept at most, plain and compressed together (the least recently used go first). */
  maxBytes?: number;
}

interface CachedPage {
  key: string;
  etag: string;
  /** The router's own headers (type, links), without cookies, validators or caching. */
  headers: [string, string][];
  hashes: string[];
  html: Buffer;
  /**
   * Each compressed form is made when a client first asks for it: Brotli at quality 5, then at 11 once
   * a Brotli client asks again (`upgrade`); gzip for clients without Brotli (some bots, and browsers
   * on plain HTTP, which do not offer Brotli).
   */
  encoded: Partial<Record<Compressed, Promise<Buffer>>>;
  /** The length of each form once made, for the cache's byte count. */
  lengths: Partial<Record<Compressed, number>>;
  /** Set once the smallest Brotli is made or under way. */
  upgrading?: true;
}

type Compressed = "br" | "gzip";

/** An answer other than a 200 HTML page with inline scripts only (a feed, a 404): rendered per request, as before. */
interface Passed {
  key: string;
  pass: true;
}

/** Cookies a public page's HTML does not depend on: the consent choice and the first touch. */
const VISITOR_COOKIES = new Set([CONSENT_COOKIE, FIRST_TOUCH_COOKIE]);
/** Query parameters that only carry a visit's source on (first-touch.ts); any other is rendered per request. */
const CAMPAIGN_PARAMETERS = /^(utm_(source|medium|campaign|term|content)|via)$/;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Public pages from a cache of finished answers (docs/decisions/074-public-pages-from-a-cache.md):
 * an anonymous GET of a page whose HTML is the same for every visitor is rendered once per key
 * (address, content revision read for this request, and the page's variant), with its inline
 * scripts trusted by hash instead of a nonce, and kept Brotli- and gzip-compressed with an ETag of
 * its bytes. The per-request headers (security, the first-touch cookie) are set before this, per
 * request; a visit that carries its source gets the cached HTML with the source's script added.
 * Anything else (a session, another query, the database unable to give a revision) goes on to the
 * router as before.
 */
export function pageCache(options: PageCacheOptions): RequestHandler {
  const site = new URL(options.siteUrl).origin;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const pages = new Map<string, CachedPage | Passed>();
  const rendering = new Map<string, Promise<CachedPage | Passed>>();
  let bytes = 0;

  const sizeOf = (page: CachedPage | Passed) =>
    "pass" in page ? 0 : page.html.length + (page.lengths.br ?? 0) + (page.lengths.gzip ?? 0);
  /** Changes a page's bytes, in the count too while it is kept. */
  const resize = (pathname: string, page: CachedPage, change: () => void) => {
    const kept = pages.get(pathname) === page;
    if (kept) bytes -= sizeOf(page);
    change();
    if (kept) bytes += sizeOf(page);
  };
  const keep = (pathname: string, page: CachedPage | Passed) => {
    const old = pages.get(pathname);
    if (old) bytes -= sizeOf(old);
    pages.delete(pathname);
    pages.set(pathname, page);
    bytes += sizeOf(page);
    for (const [oldest, kept] of pages) {
      if (bytes <= maxBytes || oldest === pathname) break;
      pages.delete(oldest);
      bytes -= sizeOf(kept);
    }
  };

  const renderPage = async (key: string, pathname: string, clientIp: string): Promise<CachedPage | Passed> => {
    const nonce = randomBytes(16).toString("base64");
    const response = await options.render(new Request(`${site}${pathname}`), nonce, clientIp);
    const text = await response.text();
    const html = text.replaceAll(` nonce="${nonce}"`, "");
    const stored =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      (response.headers.get("content-type") ?? "").startsWith("text/html");
    const hashes = stored ? inlineScriptHashes(html) : null;
    // The nonce left anywhere else (a script that reads it) would be a constant in every answer.
    if (!hashes || html.includes(nonce)) return { key, pass: true };
    const plain = Buffer.from(html, "utf8");
    const headers = [...response.headers].filter(([name]) => !ROUTER_HEADERS_NOT_KEPT.has(name));
    const etag = `W/"${createHash("sha256").update(plain).digest("base64url").slice(0, 27)}"`;
    return { key, etag, headers, hashes, html: plain, encoded: {}, lengths: {} };
  };

  /** A Brotli client asked again for the page under its key: its smallest Brotli is made aside and sent from then on. */
  const upgrade = (pathname: string, page: CachedPage, quick: Promise<Buffer>) => {
    if (page.upgrading) return;
    page.upgrading = true;
    quick
      .then(async (first) => {
        const smallest = await brotliAt(zlib.BROTLI_MAX_QUALITY, page.html);
        if (smallest.length < first.length) {
          resize(pathname, page, () => {
            page.encoded.br = Promise.resolve(smallest);
            page.lengths.br = smallest.length;
          });
        }
      })
      .catch(ignore);
  };

  const compressed = (pathname: string, page: CachedPage, encoding: Compressed): Promise<Buffer> => {
    const made = page.encoded[encoding];
    if (made) {
      if (encoding === "br") upgrade(pathname, page, made);
      return made;
    }
    const making = (
      encoding === "br" ? brotliAt(FIRST_QUALITY, page.html) : gzipped(page.html, { level: zlib.Z_BEST_COMPRESSION })
    ).then(
      (body) => {
        resize(pathname, page, () => (page.lengths[encoding] = body.length));
        return body;
      },
      (error: unknown) => {
        page.encoded[encoding] = undefined;
        throw error;
      },
    );
    page.encoded[encoding] = making;
    return making;
  };

  const pageFor = async (key: string, pathname: string, clientIp: string) => {
    const kept = pages.get(pathname);
    if (kept?.key === key) {
      keep(pathname, kept);
      return kept;
    }
    // One render per page and key: two pages asked for at once under the same revision are two renders.
    const renderKey = `${pathname}\n${key}`;
    let pending = rendering.get(renderKey);
    if (!pending) {
      pending = renderPage(key, pathname, clientIp).finally(() => rendering.delete(renderKey));
      rendering.set(renderKey, pending);
      void pending.then((page) => keep(pathname, page), ignore);
    }
    return pending;
  };

  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !options.cacheable(req.path)) return next();
    if (`${req.protocol}://${req.host}` !== site || !onlyVisitorCookies(req.headers.cookie)) return next();
    const query = req.url.indexOf("?");
    const parameters = new URLSearchParams(query < 0 ? "" : req.url.slice(query + 1));
    if ([...parameters.keys()].some((name) => !CAMPAIGN_PARAMETERS.test(name))) return next();
    let page: CachedPage | Passed;
    try {
      const key = `${await options.revision()}\n${await options.variant(req.path)}`;
      page = await pageFor(key, req.path, req.ip ?? "unknown");
    } catch (error) {
      options.logger.warn({ err: error }, "page cache unavailable; page rendered for this request");
      return next();
    }
    if ("pass" in page) return next();

    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    const via =
      parameters.size > 0 || fromElsewhere(req.headers.referer, site) ? carriedTouchOf(asRequest(req, site)) : null;
    if (via) {
      // Carries the visitor's source in a script of its own: this answer alone is compressed for the request.
      const script = viaScript(via);
      const html = page.html.toString("utf8");
      const at = html.lastIndexOf("</body>") < 0 ? html.length : html.lastIndexOf("</body>");
      const hash = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
      res.setHeader("Content-Security-Policy", options.policy([...page.hashes, hash], req.secure));
      res.setHeader("Cache-Control", "private, no-cache");
      const body = Buffer.from(`${html.slice(0, at)}<script>${script}</script>${html.slice(at)}`, "utf8");
      return send(req, res, await encodedNow(req, body));
    }
    res.setHeader("Content-Security-Policy", options.policy(page.hashes, req.secure));
    res.setHeader("ETag", page.etag);
    res.setHeader("Cache-Control", REVALIDATE);
    if (matchesEtag(req.headers["if-none-match"], page.etag)) {
      // As for a page revalidated by revision: the browser keeps the policy stored with its copy.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    const encoding = encodingFor(req);
    send(req, res, {
      encoding,
      body: encoding === "identity" ? page.html : await compressed(req.path, page, encoding),
    });
  };
}

/** Headers of the router's answer that are per request or set here. */
const ROUTER_HEADERS_NOT_KEPT = new Set(["set-cookie", "etag", "cache-control", "content-length", "vary"]);

function onlyVisitorCookies(header: string | undefined): boolean {
  if (!header) return true;
  return header.split(";").every((pair) => {
    const name = pair.split("=")[0]?.trim() ?? "";
    return name === "" || VISITOR_COOKIES.has(name);
  });
}

function fromElsewhere(referer: string | undefined, site: string): boolean {
  if (!referer) return false;
  try {
    return new URL(referer).origin !== site;
  } catch {
    return true;
  }
}

/** The parts of the request carriedTouchOf reads: its address and its Referer. */
function asRequest(req: Parameters<RequestHandler>[0], site: string): Request {
  const referer = req.headers.referer;
  return new Request(`${site}${req.url}`, { headers: referer ? { referer } : {} });
}

async function encodedNow(req: Parameters<RequestHandler>[0], body: Buffer): Promise<Encoded> {
  const encoding = encodingFor(req);
  // Quality 6, as the compression middleware (decision 053): this answer is made for one request.
  if (encoding === "br") return { encoding, body: await brotliAt(6, body) };
  if (encoding === "gzip") return { encoding, body: await gzipped(body) };
  return { encoding: "identity", body };
}

/** Brotli whenever the browser takes it (browsers list it last), else gzip; nothing asked, nothing encoded. */
function encodingFor(req: Parameters<RequestHandler>[0]): Encoded["encoding"] {
  if (!req.headers["accept-encoding"]) return "identity";
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
}

interface Encoded {
  encoding: "br" | "gzip" | "identity";
  body: Buffer;
}

function send(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], { encoding, body }: Encoded) {
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
