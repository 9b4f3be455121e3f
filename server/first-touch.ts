import type { RequestHandler } from "express";
import {
  FIRST_TOUCH_COOKIE,
  FIRST_TOUCH_MAX_AGE_S,
  cookieValue,
  firstTouchOf,
  parseFirstTouch,
  serializeFirstTouch,
} from "~/infra/first-touch";

/** Files, APIs, feeds and the back office are not a visitor's first page. */
const NOT_A_LANDING = /^\/(assets|media|api|admin|healthz|\.well-known)(\/|$)|\.[a-z0-9]+$/i;

/**
 * Remembers what brought a visitor the first time (app/features/leads/first-touch.ts) in a
 * first-party cookie set on their first page, server-side so it works without JavaScript and on
 * prerendered pages. An existing cookie is never overwritten: the first touch stays the first.
 */
export function firstTouchCookie(siteUrl: string): RequestHandler {
  const site = new URL(siteUrl);
  return (req, res, next) => {
    if (req.method !== "GET" || NOT_A_LANDING.test(req.path)) return next();
    // A prefetch is not a visit (yet): the real navigation that may follow sets the cookie.
    if (/prefetch|prerender/i.test(String(req.headers["sec-purpose"] ?? req.headers.purpose ?? ""))) return next();
    if (parseFirstTouch(cookieValue(req.headers.cookie, FIRST_TOUCH_COOKIE))) return next();
    const touch = firstTouchOf({
      url: new URL(req.originalUrl, site),
      referer: req.headers.referer,
      now: new Date(),
    });
    res.cookie(FIRST_TOUCH_COOKIE, serializeFirstTouch(touch), {
      maxAge: FIRST_TOUCH_MAX_AGE_S * 1000,
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      path: "/",
      // Already URL-encoded by serializeFirstTouch.
      encode: (v) => v,
    });
    next();
  };
}
