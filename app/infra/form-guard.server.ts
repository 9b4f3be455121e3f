import { createHash } from "node:crypto";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "./form-fields";
import type { Logger } from "./logger.server";
import type { RateLimitResult } from "./rate-limit.server";

/**
 * The one front half of every form endpoint: read the body, rate-limit the address, and
 * spot bots (honeypot, minimum fill time). It returns a result and throws nothing, so each
 * endpoint answers in its own shape (JSON, a redirect, a page) from one decision.
 */

/**
 * Faster than a person fills in a form, even one whose browser fills in the name and phone: such a
 * submission is held for the trainer to review (forms that hold) or refused like a bot (sign-in).
 * 2 s held back people using autofill on the event form; a bot posts in tens of milliseconds.
 */
export const MIN_FILL_MS = 1_000;
export const TOO_MANY_MESSAGE = "Too many submissions from your connection. Please wait a minute and try again.";

/** The part of the request context the guard needs (infra knows no feature, so no AppServices). */
export interface FormGuardContext {
  services: {
    env: { RATE_LIMIT_FORMS_PER_MINUTE: number };
    rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
    logger: Pick<Logger, "warn">;
  };
  clientIp: string;
}

export type BodyKind = "json" | "form";
export type FormBody = { type: "json"; value: unknown } | { type: "form"; value: FormData };
export type SpamReason = "honeypot" | "too-fast";
/** Why a submission is kept for the trainer's review instead of processed. */
export type HoldReason = "too-fast";

export type GuardResult<Body> =
  /** `held`: it looks automated but may be a person: keep it for review, do not process it. */
  | { ok: true; body: Body; held?: HoldReason }
  | { ok: false; problem: "bad-body"; status: 400 }
  | { ok: false; problem: "rate-limited"; status: 429; message: string; headers: { "Retry-After": string } }
  /** Answer as if it worked, so a bot learns nothing; store nothing. */
  | { ok: false; problem: "spam"; reason: SpamReason };

/** The body in one of the accepted kinds, by its Content-Type; null when missing, other or malformed. */
export async function readFormBody(request: Request, accept: readonly BodyKind[]): Promise<FormBody | null> {
  const contentType = request.headers.get("content-type") ?? "";
  try {
    if (accept.includes("json") && contentType.includes("application/json")) {
      return { type: "json", value: await request.json() };
    }
    if (
      accept.includes("form") &&
      (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data"))
    ) {
      return { type: "form", value: await request.formData() };
    }
  } catch {
    return null;
  }
  return null;
}

/** One field of a posted body, whichever kind it came in. */
export function fieldOf(input: unknown, name: string): unknown {
  if (input instanceof FormData) return input.get(name) ?? undefined;
  if (input && typeof input === "object" && !Array.isArray(input)) return (input as Record<string, unknown>)[name];
  return undefined;
}

/** Why a submission looks automated, or null. A form without a measured time (no JavaScript) skips that check. */
export function spamReason(input: unknown): SpamReason | null {
  const honeypot = fieldOf(input, HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot";
  const raw = fieldOf(input, ELAPSED_FIELD);
  const elapsed = typeof raw === "number" || (typeof raw === "string" && raw.trim() !== "") ? Number(raw) : NaN;
  if (Number.isFinite(elapsed) && elapsed < MIN_FILL_MS) return "too-fast";
  return null;
}

/**
 * Rate limit and bot checks for input already read (a loader's query, or a body another
 * route mapped). `form` names the per-address, per-form counter and the log line.
 */
export async function guardInput<Input>(
  ctx: FormGuardContext,
  form: string,
  input: Input,
  options: { holdTooFast?: boolean } = {},
): Promise<GuardResult<Input>> {
  const { services, clientIp } = ctx;
  const limit = await services.rateLimit(`form:${form}:${clientIp}`, services.env.RATE_LIMIT_FORMS_PER_MINUTE, 60);
  if (!limit.allowed) {
    return {
      ok: false,
      problem: "rate-limited",
      status: 429,
      message: TOO_MANY_MESSAGE,
      headers: { "Retry-After": String(limit.retryAfter) },
    };
  }
  const spam = spamReason(input);
  // Never silently dropped: a lead form keeps it for review (a filled honeypot is a bot's).
  if (spam === "too-fast" && options.holdTooFast) {
    services.logger.warn({ form, reason: spam }, "holding a submission for review");
    return { ok: true, body: input, held: spam };
  }
  if (spam) {
    services.logger.warn({ form, reason: spam }, "rejected spam submission");
    return { ok: false, problem: "spam", reason: spam };
  }
  return { ok: true, body: input };
}

/** The whole guard for a posted form: body, then rate limit, then bot checks. */
export async function guardForm(
  request: Request,
  ctx: FormGuardContext,
  options: { form: string; accept: readonly BodyKind[]; holdTooFast?: boolean },
): Promise<GuardResult<FormBody>> {
  const body = await readFormBody(request, options.accept);
  if (!body) return { ok: false, problem: "bad-body", status: 400 };
  const checked = await guardInput(ctx, options.form, body.value, options);
  return checked.ok ? { ok: true, body, ...(checked.held ? { held: checked.held } : {}) } : checked;
}

/**
 * The client's idempotency key, or one made from the content and the day: a form posted
 * without JavaScript cannot carry a per-visitor key, and an accidental second post of the
 * same content must still store one row.
 */
export function idempotencyKeyFor(claimed: string | undefined, content: unknown, now = new Date()): string {
  if (claimed) return claimed;
  const day = now.toISOString().slice(0, 10);
  return `form:${createHash("sha256")
    .update(JSON.stringify([content, day]))
    .digest("hex")}`;
}
