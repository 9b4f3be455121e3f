/**
 * Keeps the back-office session alive while the trainer works: checks (and thereby renews)
 * the session on a fixed tick while the tab is visible, pauses while hidden, checks at once
 * when the tab comes back, retries network failures with back-off from 200 ms doubling, and
 * signs out cleanly when the server rejects the session.
 */
export type SessionCheck = "valid" | "rejected";

export interface KeeperDeps {
  /** Resolves "valid" or "rejected"; throws on a network or server failure (retryable). */
  check(): Promise<SessionCheck>;
  onRejected(): void;
  isVisible(): boolean;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  intervalMs: number;
  /** First retry delay; doubles on each consecutive failure. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export const RETRY_START_MS = 200;

export function createSessionKeeper(deps: KeeperDeps) {
  const start = deps.backoffMs ?? RETRY_START_MS;
  const max = deps.maxBackoffMs ?? 60_000;
  let timer: unknown = null;
  let retryDelay = start;
  let stopped = false;
  let running = false;

  const schedule = (ms: number) => {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => void tick(), ms);
  };

  async function tick() {
    timer = null;
    if (stopped || running) return;
    if (!deps.isVisible()) return; // paused; visibilityChanged() resumes
    running = true;
    try {
      const result = await deps.check();
      if (stopped) return;
      if (result === "rejected") {
        stopped = true;
        deps.onRejected();
        return;
      }
      retryDelay = start;
      schedule(deps.intervalMs);
    } catch {
      if (stopped) return;
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, max);
    } finally {
      running = false;
    }
  }

  return {
    start() {
      schedule(deps.intervalMs);
    },
    visibilityChanged() {
      if (stopped) return;
      if (deps.isVisible()) schedule(0);
      else if (timer !== null) {
        deps.clearTimer(timer);
        timer = null;
      }
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}

/** Reads better-auth's get-session answer: a body with a session means the session is alive. */
export async function checkSessionOverHttp(fetchImpl: typeof fetch = fetch): Promise<SessionCheck> {
  const response = await fetchImpl("/api/auth/get-session", {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (response.status >= 500) throw new Error(`session check failed with ${response.status}`);
  if (response.status === 401 || response.status === 403) return "rejected";
  if (!response.ok) throw new Error(`session check failed with ${response.status}`);
  const body = (await response.json()) as { session?: unknown } | null;
  return body && body.session ? "valid" : "rejected";
}
