import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { routerContextOf, type AppServices, type RequestContext } from "~/context";
import { eventPage } from "~/features/events/event-signup.server";
import { cachedByRevision } from "~/kernel/route-meta";
import { freshReads, pageCache } from "./page-cache";
import { contentSecurityPolicy } from "./security";

/** The event page depends on the clock and its sign-ups too; its variant below names exactly what of them it shows. */
const EVENT_PAGE = "/nicaragua";

/**
 * Which public pages the page cache serves and what each is keyed on
 * (docs/decisions/074-public-pages-from-a-cache.md): the pages revalidated by revision alone, and
 * the event page by the event, its open or closed state by today's date and whether it is full.
 */
export function publicPageCache(
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  render: Pick<RequestContext, "inlineCss" | "islands">,
) {
  const { env, logger } = services;
  const handler = createRequestHandler(build, env.NODE_ENV);
  const cache = pageCache({
    siteUrl: env.SITE_URL,
    cacheable: (pathname) => pathname === EVENT_PAGE || cachedByRevision(pathname),
    revision: freshReads(() => services.contentRevision({ fresh: true })),
    variant: async (pathname) => {
      if (pathname !== EVENT_PAGE) return "";
      const page = await eventPage(services);
      return JSON.stringify(page ? [page.event.key, page.state, page.full] : null);
    },
    render: (request, nonce, clientIp) =>
      handler(request, routerContextOf({ services, cspNonce: nonce, clientIp, ...render })),
    policy: (hashes, secure) => contentSecurityPolicy(env, { hashes }, secure),
    logger,
  });
  // An arrival from a newsletter issue's link (utm_source=newsletter, no `via` yet) goes to the
  // router, whose public layout counts it on the issue (decision 078); the page it gets is the same.
  return ((req, res, next) =>
    req.query.utm_source === "newsletter" && req.query.via === undefined
      ? next()
      : cache(req, res, next)) satisfies RequestHandler;
}
