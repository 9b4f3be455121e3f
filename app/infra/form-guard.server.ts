import { data } from "react-router";
import type { RequestContext } from "./context";

/** Name of the hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = "website";
/** Hidden field with the time (ms since epoch) the form was shown. */
export const STARTED_AT_FIELD = "startedAt";
/** Faster than any person can fill in a form. */
export const MIN_FILL_MS = 2_000;

/**
 * Why a submission looks automated, or null. A tripped check gets a normal-looking
 * success answer (so bots learn nothing) and is logged, never stored.
 */
export function spamReason(fields: { honeypot?: unknown; startedAt?: unknown }, now = Date.now()): string | null {
  if (typeof fields.honeypot === "string" && fields.honeypot.trim() !== "") return "honeypot";
  const started = Number(fields.startedAt);
  if (Number.isFinite(started) && started > 0 && now - started < MIN_FILL_MS) return "too-fast";
  return null;
}

/** Per-address, per-form limit; throws a 429 answer with a clear message when exceeded. */
export async function enforceFormRateLimit(ctx: RequestContext, form: string): Promise<void> {
  const { services, clientIp } = ctx;
  const result = await services.rateLimit(`form:${form}:${clientIp}`, services.env.RATE_LIMIT_FORMS_PER_MINUTE, 60);
  if (!result.allowed) {
    throw data(
      { ok: false as const, message: "Too many submissions from your connection. Please wait a minute and try again." },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
}
