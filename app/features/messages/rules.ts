/**
 * The engine's rules, pure (docs/decisions/056): how long to wait after a failure, and what an
 * answer from the mail relay, a push service or a web hook means.
 */

/** Temporary failures before a message counts as failed: with the default base, about a day of tries. */
export const MAX_ATTEMPTS = 12;
/** The longest wait between two tries. */
export const BACKOFF_CAP_MS = 4 * 60 * 60_000;

/** The wait after the n-th temporary failure: base, 2×base, 4×base, … capped at four hours. */
export function backoffMs(attempts: number, baseMs = 60_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

/**
 * Why a message waits or failed. `unreachable`: no answer at all (connection refused, cut, timed
 * out, name not found): the same cause for every message, so the Messages page says it once.
 * `deferred`: the other side answered "later" (4xx, 429, 5xx of a web hook). `refused`: it said
 * no for good (a 5xx from the mail relay, a 4xx from a web hook).
 */
export type FailureReason = "unreachable" | "deferred" | "refused";

export type Outcome =
  { ok: true; detail?: string } | { ok: false; permanent: boolean; reason: FailureReason; detail: string };

const clean = (words: string) => words.replace(/\s+/g, " ").trim().slice(0, 300);

/** What a failed hand-over to the mail relay means: 5xx is for good; 4xx and no answer are worth retrying. */
export function classifySmtpError(error: unknown): Extract<Outcome, { ok: false }> {
  const e = (error ?? {}) as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown };
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  const words = typeof e.response === "string" ? e.response : typeof e.message === "string" ? e.message : "";
  if (code !== null) {
    const detail = clean(words || String(code));
    if (code >= 500 && code < 600) return { ok: false, permanent: true, reason: "refused", detail };
    return { ok: false, permanent: false, reason: "deferred", detail };
  }
  const detail = clean(`${typeof e.code === "string" ? e.code : "error"}: ${words}`);
  return { ok: false, permanent: false, reason: "unreachable", detail };
}

/** A web hook's HTTP answer: 2xx and 3xx done; 429 and 5xx later; any other 4xx will not change by retrying. */
export function classifyHttpStatus(status: number): Outcome {
  if (status >= 200 && status < 400) return { ok: true, detail: String(status) };
  const detail = `HTTP ${status}`;
  if (status === 429 || status >= 500) return { ok: false, permanent: false, reason: "deferred", detail };
  return { ok: false, permanent: true, reason: "refused", detail };
}

/** A request that got no answer (refused, reset, timed out). */
export function unreachable(error: unknown): Extract<Outcome, { ok: false }> {
  const e = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === "string" ? e.cause.code : typeof e.name === "string" ? e.name : "error";
  return {
    ok: false,
    permanent: false,
    reason: "unreachable",
    detail: clean(`${code}: ${typeof e.message === "string" ? e.message : ""}`),
  };
}

/** After a failed try: failed for good, or back in the queue at a later time. */
export function afterFailure(
  outcome: Extract<Outcome, { ok: false }>,
  attempts: number,
  now: Date,
  baseMs: number,
  maxAttempts = MAX_ATTEMPTS,
): { state: "failed" } | { state: "queued"; notBefore: Date } {
  if (outcome.permanent || attempts >= maxAttempts) return { state: "failed" };
  return { state: "queued", notBefore: new Date(now.getTime() + backoffMs(attempts, baseMs)) };
}
