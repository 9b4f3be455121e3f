import type { RequestContext } from "~/infra/context";
import { enforceFormRateLimit, MIN_FILL_MS, spamReason } from "~/infra/form-guard.server";
import type { LeadDeps } from "./signups.server";

/** The shared front half of every lead form's action: body, rate limit, spam check, source. */
export type SubmittedBody = { type: "json"; value: unknown } | { type: "form"; value: FormData };

export async function readSubmission(request: Request): Promise<SubmittedBody | null> {
  const contentType = request.headers.get("content-type") ?? "";
  try {
    if (contentType.includes("application/json")) return { type: "json", value: await request.json() };
    if (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data")) {
      return { type: "form", value: await request.formData() };
    }
  } catch {
    return null;
  }
  return null;
}

/** Null when allowed, or the message of the 429 answer. */
export async function rateLimited(
  ctx: RequestContext,
  form: string,
): Promise<{ message: string; retryAfter: string } | null> {
  try {
    await enforceFormRateLimit(ctx, form);
    return null;
  } catch (error) {
    // enforceFormRateLimit throws React Router's data(): keep its message, answer it ourselves.
    if (error && typeof error === "object" && "data" in error && "init" in error) {
      const { data, init } = error as { data: { message?: string }; init: ResponseInit | null };
      const headers = new Headers(init?.headers);
      return { message: data.message ?? "Too many submissions.", retryAfter: headers.get("Retry-After") ?? "60" };
    }
    throw error;
  }
}

/**
 * The browser reports how long the form was open (elapsedMs), so the minimum fill time
 * does not depend on the visitor's clock agreeing with ours.
 */
export function spamCheck(fields: { website?: string; elapsedMs?: number }, now = Date.now()): string | null {
  const startedAt = fields.elapsedMs === undefined ? undefined : now - fields.elapsedMs;
  return spamReason({ honeypot: fields.website, startedAt }, now);
}
export { MIN_FILL_MS };

/** Full address of the page the form was on: a same-site path or URL, else the Referer. */
export function sourceUrlOf(claimed: string | undefined, request: Request, siteUrl: string): string | null {
  const candidates = [claimed, request.headers.get("referer") ?? undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, `${siteUrl}/`);
      if (url.protocol === "http:" || url.protocol === "https:") return url.toString().slice(0, 2000);
    } catch {
      // not a URL: try the next source
    }
  }
  return null;
}

export function leadDeps(ctx: RequestContext): LeadDeps {
  const { services } = ctx;
  return {
    db: services.database.db,
    outbox: services.outbox,
    mailer: services.mailer,
    logger: services.logger,
    trainerEmail: services.env.TRAINER_EMAIL,
  };
}
