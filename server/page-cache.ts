import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import type { AppServices } from "~/context";
import { REVALIDATE } from "~/infra/cache-control";

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
