import type { Mailer } from "~/infra/mail.server";
import type { TrainerPush } from "~/infra/push.server";
import type { Envelope } from "./engine.server";
import { classifyHttpStatus, classifySmtpError, unreachable, type Outcome } from "./rules";

/**
 * The one module that hands messages to the mail relay, the push service and web hooks. Every
 * other file queues a message with enqueue() instead (eslint.config.js refuses a direct call), so
 * every message gets the engine's key, retries and at-most-once hand-over.
 */
export interface TransportDeps {
  mailer: Mailer | null;
  push: Pick<TrainerPush, "send"> | null;
  timeoutMs?: number;
}

export function createTransport(deps: TransportDeps): (message: Envelope) => Promise<Outcome> {
  return async (message) => {
    if (message.channel === "email") {
      if (!deps.mailer) return { ok: false, permanent: true, reason: "refused", detail: "No mail server is set up." };
      try {
        await deps.mailer.send(message.payload);
        return { ok: true };
      } catch (error) {
        return classifySmtpError(error);
      }
    }
    if (message.channel === "push") {
      if (!deps.push) return { ok: true, detail: "no push service" };
      const outcome = await deps.push.send(message.payload);
      // Her devices are one recipient: one that took it is enough; none that took it is worth another try.
      if (outcome.sent > 0 || outcome.failed === 0)
        return { ok: true, detail: outcome.sent ? `${outcome.sent} device(s)` : "no device subscribed" };
      return {
        ok: false,
        permanent: false,
        reason: "deferred",
        detail: `${outcome.failed} device(s) did not take it`,
      };
    }
    try {
      const response = await fetch(message.payload.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(message.payload.fields).toString(),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        redirect: "follow",
      });
      await response.body?.cancel();
      return classifyHttpStatus(response.status);
    } catch (error) {
      return unreachable(error);
    }
  };
}

/**
 * Whether the mail relay takes a connection now: null when it does (or no relay is set up), else why
 * not. The engine asks once per round before handing e-mails over, so while the relay is away no
 * message is marked `sending` (a process killed then leaves none "unknown") and a round makes one
 * connection attempt instead of one per message.
 */
export function createEmailProbe(mailer: Mailer | null): () => Promise<Extract<Outcome, { ok: false }> | null> {
  return async () => {
    if (!mailer?.reachable) return null;
    try {
      await mailer.reachable();
      return null;
    } catch (error) {
      return classifySmtpError(error);
    }
  };
}
