import type { MiddlewareFunction } from "react-router";
import { requireServices, routerContextOf, type RequestContext } from "~/context";
import { sameOriginWrites, signedInTrainer } from "~/features/auth/guard.server";

/** The middleware of the back office's layouts, outermost first (app/routes.ts). */
export const SIGNED_IN: MiddlewareFunction<Response>[] = [
  sameOriginWrites(requireServices),
  signedInTrainer(requireServices),
];

/**
 * Calls a route's loader or action in this process the way the router does: through the middleware
 * of its layouts and its own (`middleware`, outermost first), each seeing the same context, then the
 * handler. A middleware that throws (a redirect, a 403) ends it there, as it does in the server.
 */
export async function callRoute<Result>(
  handler: (args: never) => Result,
  ctx: RequestContext,
  request: Request,
  // A route's own `middleware` is typed with its params: any middleware function is taken.
  middleware: readonly ((args: never, next: never) => unknown)[] = [],
  params: Record<string, string> = {},
): Promise<Awaited<Result>> {
  const args = { request, url: new URL(request.url), pattern: "", params, context: routerContextOf(ctx) };
  const next = () => Promise.reject(new Error("The back office's middleware never calls next itself"));
  for (const step of middleware) await step(args as never, next as never);
  return await handler(args as never);
}
