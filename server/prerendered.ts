import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { PRERENDER_NONCE } from "~/ui/nonce";

/**
 * Returns a rewrite that puts each built stylesheet inside the HTML, so the first paint waits for
 * no other request. The <link> stays (React hydrates <head> against it) but no longer applies on
 * screens or blocks rendering; client-side navigations keep using the inline rules.
 */
export function stylesheetInliner(clientDir: string): (html: string) => string {
  const stylesheets = new Map<string, string>();
  return (html) =>
    html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*\/>/g, (tag, href: string) => {
      let css = stylesheets.get(href);
      if (css === undefined) {
        css = readFileSync(path.join(clientDir, href), "utf8").replaceAll("</style", "<\\/style");
        stylesheets.set(href, css);
      }
      return `<style>${css}</style>${tag.replace("/>", ' media="print"/>')}`;
    });
}

/**
 * Pages prerendered at build time are kept in memory and served with the
 * request's CSP nonce in place of the placeholder the application rendered them with,
 * so the policy can forbid scripts without a nonce while the HTML stays static.
 */
export function loadPrerendered(clientDir: string, inlineCss = stylesheetInliner(clientDir)): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== "assets" && name !== "media") walk(full);
      } else if (name === "index.html") {
        const rel = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        pages.set(rel ? `/${rel}` : "/", inlineCss(readFileSync(full, "utf8")));
      }
    }
  };
  walk(clientDir);
  return pages;
}

export function addNonce(html: string, nonce: string): string {
  return html.replaceAll(`nonce="${PRERENDER_NONCE}"`, `nonce="${nonce}"`);
}

export function servePrerendered(pages: Map<string, string>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const html = pages.get(pathname);
    if (html === undefined) return next();
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // HTML is revalidated on every visit, and never kept by a shared cache: it carries this
    // request's nonce. The hashed assets it points to are immutable.
    res.setHeader("Cache-Control", "private, no-cache");
    res.send(addNonce(html, String(res.locals.cspNonce)));
  };
}
