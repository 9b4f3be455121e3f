import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { IslandRendererContext } from "./features/islands/island";
import { islandBoot } from "./features/islands/boot";
import { enhancerBoot } from "./features/enhancers/boot";
import { bootScript } from "./features/client-runtime/boot-script";
import { ENHANCE_ATTRIBUTE } from "./features/client-runtime/holds";
import enhancerUrls from "virtual:enhancer-urls";
import vitalsUrl from "virtual:vitals-url";
import { vitalsBoot } from "./features/vitals/vitals-boot";
import { deferHydration } from "./features/site/deferred-hydration.server";
import { NonceContext } from "./ui/nonce";
import { privateCacheControl, REVALIDATE } from "./infra/cache-control";
import { carriedTouchOf, viaScript } from "./infra/first-touch";
import { requestContext } from "./context";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerLoadContext: RouterContextProvider,
) {
  const loadContext = routerLoadContext.get(requestContext);
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Every visitor gets the complete document: its scripts are rewritten to wait for the visitor's
    // first interaction (deferHydration), which needs the whole HTML, and no page streams deferred data.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <IslandRendererContext.Provider value={renderIsland}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandRendererContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const cacheControl = responseHeaders.get("Cache-Control");
            // A visit from a campaign link or another site: the page carries its source on (first-touch.ts).
            // Such a page depends on the Referer, so the browser keeps no revalidatable copy of it.
            const via = isAdmin(request) ? null : carriedTouchOf(request);
            if (loadContext.etag && responseStatusCode === 200 && !via) {
              // Revalidated against the content revision on every visit (server/page-cache.ts).
              responseHeaders.set("ETag", loadContext.etag);
              responseHeaders.set("Cache-Control", REVALIDATE);
            } else {
              // Pages carry this request's nonce, so only the visitor's own browser may keep them.
              responseHeaders.set("Cache-Control", cacheControl ? privateCacheControl(cacheControl) : "no-cache");
            }
            const rendered = Buffer.concat(chunks).toString("utf8");
            const page = withVia(
              withBootScript(deferHydration(rendered, nonce), loadContext.islands ?? {}, nonce),
              via,
              nonce,
            );
            // Last, so the stylesheet cut sees every script file the page will run (server/page-cache.ts).
            const html = loadContext.inlineCss?.(page, nonce) ?? page;
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

const renderIsland = (element: React.ReactElement) => renderToString(element);

const isAdmin = (request: Request) => /^\/admin(\/|$)/.test(new URL(request.url).pathname);

/** A visit's source, carried on in the page's links and address (infra/first-touch.ts). */
function withVia(html: string, via: string | null, nonce: string | undefined): string {
  if (!via) return html;
  const at = html.lastIndexOf("</body>");
  if (at < 0) return html;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${nonceAttr}>${viaScript(via)}</script>${html.slice(at)}`;
}

/**
 * A public page gets one boot script (features/client-runtime/boot-script.ts) with a part for its
 * islands (features/islands/boot.ts) and a part for the enhancers of the parts it carries
 * (features/enhancers/boot.ts), and one that loads the page-speed reporter (features/vitals/vitals-boot.ts),
 * so a page sends the hold-and-replay runtime, `later` and its nonce once. A page
 * that still runs the application (the back office) leaves its parts to their React components.
 */
function withBootScript(html: string, islands: Record<string, string[]>, nonce: string | undefined): string {
  const parts: string[] = [];
  const presentIslands = Object.fromEntries(
    Object.entries(islands).filter(([name]) => html.includes(`data-island="${name}"`)),
  );
  if (Object.keys(presentIslands).length > 0) parts.push(islandBoot(presentIslands));
  if (!html.includes("__reactRouterContext")) {
    const presentEnhancers = Object.fromEntries(
      Object.entries(enhancerUrls).filter(([name]) =>
        new RegExp(`${ENHANCE_ATTRIBUTE}="(?:[\\w-]+ )*${name}(?: [\\w-]+)*"`).test(html),
      ),
    );
    if (Object.keys(presentEnhancers).length > 0) parts.push(enhancerBoot(presentEnhancers));
    if (vitalsUrl) parts.push(vitalsBoot(vitalsUrl));
  }
  const at = html.lastIndexOf("</body>");
  if (parts.length === 0 || at < 0) return html;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${nonceAttr}>${bootScript(parts)}</script>${html.slice(at)}`;
}
