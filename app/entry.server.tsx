import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { deferHydration } from "./features/site/deferred-hydration.server";
import { NonceContext, PRERENDER_NONCE } from "./ui/nonce";
import { privateCacheControl } from "./infra/cache-control";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // During prerender there is no request nonce: a placeholder marks where the server puts one.
  const prerendering = loadContext.cspNonce === undefined;
  const nonce = loadContext.cspNonce ?? PRERENDER_NONCE;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Every visitor gets the complete document: its scripts are rewritten to wait for the visitor's
    // first interaction (deferHydration), which needs the whole HTML, and no page streams deferred data.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
            // Served pages carry this request's nonce, so only the visitor's own browser may keep them.
            if (!prerendering)
              responseHeaders.set("Cache-Control", cacheControl ? privateCacheControl(cacheControl) : "no-cache");
            else if (!cacheControl) responseHeaders.set("Cache-Control", "no-cache");
            const rendered = Buffer.concat(chunks).toString("utf8");
            const html = deferHydration(loadContext.inlineCss?.(rendered) ?? rendered, nonce);
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
