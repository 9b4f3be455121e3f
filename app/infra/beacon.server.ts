import { createHmac } from "node:crypto";
import type { Env } from "./env.server";
import type { RateLimitResult } from "./rate-limit.server";

/** What an anonymous report endpoint (page speed, questionnaire steps) needs of the request's context. */
export interface BeaconContext {
  services: {
    env: Pick<Env, "SITE_URL" | "RATE_LIMIT_VITALS_PER_MINUTE">;
    secret: string;
    rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  };
  clientIp: string;
}

/** An empty answer that no cache keeps and that sets no cookie. */
export const beaconAnswer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * Reads one small JSON report a page of this site sends without a cookie: 403 from another origin,
 * 400 not JSON, 413 over `maxBytes`, 429 too many from one address (counted in `bucket` under a keyed
 * hash of the address, which is neither stored nor logged). Returns the parsed JSON, or the refusal.
 */
export async function readBeacon(
  request: Request,
  ctx: BeaconContext,
  options: { bucket: string; maxBytes: number },
): Promise<{ json: unknown } | { refused: Response }> {
  const { services } = ctx;
  const refuse = (status: number, headers?: Record<string, string>) => ({ refused: beaconAnswer(status, headers) });
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(services.env.SITE_URL).origin) return refuse(403);
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) return refuse(400);
  if (Number(request.headers.get("content-length") ?? 0) > options.maxBytes) return refuse(413);
  const body = await request.arrayBuffer();
  if (body.byteLength > options.maxBytes) return refuse(413);

  const addressKey = createHmac("sha256", services.secret).update(ctx.clientIp).digest("base64url").slice(0, 22);
  const limit = await services.rateLimit(
    `${options.bucket}:${addressKey}`,
    services.env.RATE_LIMIT_VITALS_PER_MINUTE,
    60,
  );
  if (!limit.allowed) return refuse(429, { "Retry-After": String(limit.retryAfter) });

  try {
    return { json: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body)) as unknown };
  } catch {
    return refuse(400);
  }
}
