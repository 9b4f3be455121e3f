import { createHmac } from "node:crypto";
import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import { MAX_REPORT_BYTES } from "./report-rules";
import { vitalsReportSchema } from "./report-schema.server";
import { recordVitals } from "./store.server";

/** The part of the request context the endpoint needs. */
export interface VitalsContext {
  services: {
    env: Pick<Env, "SITE_URL" | "RATE_LIMIT_VITALS_PER_MINUTE">;
    secret: string;
    database: { db: Db };
    rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  };
  clientIp: string;
}

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * The endpoint behind POST /api/vitals. Refuses anything that is not one small JSON report from
 * this site (403 from another origin, 400 malformed or invalid, 413 over 1 KB, 429 too many) and
 * answers 204 with no body and no cookie. The address only keys the rate limit, as a keyed hash;
 * nothing about the visitor is stored or logged.
 */
export async function handleVitalsReport(request: Request, ctx: VitalsContext): Promise<Response> {
  const { services } = ctx;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(services.env.SITE_URL).origin) return answer(403);
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) return answer(400);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REPORT_BYTES) return answer(413);
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_REPORT_BYTES) return answer(413);

  const addressKey = createHmac("sha256", services.secret).update(ctx.clientIp).digest("base64url").slice(0, 22);
  const limit = await services.rateLimit(`vitals:${addressKey}`, services.env.RATE_LIMIT_VITALS_PER_MINUTE, 60);
  if (!limit.allowed) return answer(429, { "Retry-After": String(limit.retryAfter) });

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return answer(400);
  }
  const parsed = vitalsReportSchema.safeParse(json);
  if (!parsed.success) return answer(400);
  await recordVitals(services.database.db, parsed.data);
  return answer(204);
}
