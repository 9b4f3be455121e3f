import type { Route } from "./+types/api-auth";
import { requireServices } from "~/context";
import { authHeaders } from "~/features/auth/guard.server";

/**
 * The browser talks to better-auth for two things only: renewing the session (get-session)
 * and fetching a short-lived access token (token). Sign-in, factors and sign-out go through
 * the back office's own actions, which add rate limits, CSRF checks and the audit log.
 */
const ALLOWED = new Set(["/api/auth/get-session", "/api/auth/token"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientIp } = requireServices(context);
  const url = new URL(request.url);
  if (!ALLOWED.has(url.pathname)) return new Response("Not found", { status: 404 });
  const forwarded = new Request(url, { method: "GET", headers: authHeaders(request, clientIp) });
  const response = await services.auth.handler(forwarded);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export function action() {
  return new Response("Not found", { status: 404 });
}
