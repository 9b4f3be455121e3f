import express, { type CookieOptions, type RequestHandler, type Response } from "express";
import {
  FIRST_TOUCH_COOKIE,
  FIRST_TOUCH_MAX_AGE_S,
  acceptedAnalytics,
  cookieValue,
  firstTouchOf,
  parseFirstTouch,
  serializeFirstTouch,
  type FirstTouch,
} from "~/infra/first-touch";

/** Files, APIs, feeds and the back office are not a visitor's first page. */
const NOT_A_LANDING = /^\/(assets|media|api|admin|healthz|\.well-known)(\/|$)|\.[a-z0-9]+$/i;

const cookieOptions = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: "lax",
  secure,
  path: "/",
  // Already URL-encoded by serializeFirstTouch.
  encode: (v) => v,
});

function remember(res: Response, touch: FirstTouch, secure: boolean) {
  res.cookie(FIRST_TOUCH_COOKIE, serializeFirstTouch(touch), {
    ...cookieOptions(secure),
    maxAge: FIRST_TOUCH_MAX_AGE_S * 1000,
  });
}

/**
 * Remembers what brought a visitor who accepted analytics (app/infra/first-touch.ts says why only
 * them) in a first-party cookie, set server-side on a page view so it works without JavaScript.
 * An existing cookie is never overwritten: the first touch stays the first.
 */
export function firstTouchCookie(siteUrl: string): RequestHandler {
  const site = new URL(siteUrl);
  return (req, res, next) => {
    if (req.method !== "GET" || NOT_A_LANDING.test(req.path)) return next();
    if (!acceptedAnalytics(req.headers.cookie)) return next();
    // A prefetch is not a visit (yet): the real navigation that may follow sets the cookie.
    if (/prefetch|prerender/i.test(String(req.headers["sec-purpose"] ?? req.headers.purpose ?? ""))) return next();
    if (parseFirstTouch(cookieValue(req.headers.cookie, FIRST_TOUCH_COOKIE))) return next();
    remember(
      res,
      firstTouchOf({ url: new URL(req.originalUrl, site), referer: req.headers.referer, now: new Date() }),
      req.secure,
    );
    next();
  };
}

/**
 * POST /api/first-touch, sent by the page when the visitor makes their cookie choice. Accepted: the
 * page they are on (and the site that sent them there) becomes their first touch, unless one is
 * kept already. Rejected, or no choice: the cookie is removed.
 */
export function firstTouchChoice(siteUrl: string): RequestHandler[] {
  const site = new URL(siteUrl);
  const body = express.json({ limit: "4kb", type: "application/json" });
  return [
    body,
    (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      if (!acceptedAnalytics(req.headers.cookie)) {
        res.clearCookie(FIRST_TOUCH_COOKIE, cookieOptions(req.secure));
        return res.status(204).end();
      }
      if (parseFirstTouch(cookieValue(req.headers.cookie, FIRST_TOUCH_COOKIE))) return res.status(204).end();
      const { page, referrer } = (req.body ?? {}) as { page?: unknown; referrer?: unknown };
      if (typeof page !== "string" || !page.startsWith("/") || page.startsWith("//") || page.length > 2_000) {
        return res.status(400).json({ ok: false, message: "The page must be a path on this site." });
      }
      const url = new URL(page, site);
      remember(
        res,
        firstTouchOf({
          url,
          referer: typeof referrer === "string" ? referrer.slice(0, 2_000) : undefined,
          now: new Date(),
        }),
        req.secure,
      );
      res.status(204).end();
    },
  ];
}
