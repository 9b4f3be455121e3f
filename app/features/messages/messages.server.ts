import { hostname } from "node:os";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import type { TrainerPush } from "~/infra/push.server";
import { enqueue, startMessageWorker, type MessageWorker, type NewMessage } from "./engine.server";

export type { NewMessage };
import { createEmailProbe, createTransport } from "./transport.server";

/** What features get: queue a message; the worker of some instance hands it over. */
export interface Messages {
  /** False without SMTP_URL: the site then sends no e-mail, and e-mail messages are not queued. */
  readonly email: boolean;
  /**
   * Queues a message once per key (in `db`, which may be the transaction that stores its cause)
   * and wakes this instance's worker. Returns null for an e-mail when no mail server is set up.
   */
  send(message: NewMessage, db?: Db): Promise<{ id: string; created: boolean } | null>;
  /** Wakes this instance's worker (after a transaction that queued messages has committed). */
  kick(): void;
  /** Hands over no new message; waits for the one in hand. */
  stop(): Promise<void>;
}

export function createMessages(deps: {
  db: Db;
  mailer: Mailer | null;
  push: Pick<TrainerPush, "send"> | null;
  logger: Logger;
  /** MESSAGE_RETRY_BASE_MS: the first wait after a temporary failure, doubling after each. */
  retryBaseMs: number;
  /** MESSAGE_LEASE_MS: how long a claim holds before another instance may take or settle it. */
  leaseMs?: number;
  /** Scripts and tests that start no background work queue messages for a running instance. */
  startWorker: boolean;
  now?: () => Date;
}): Messages {
  const now = deps.now ?? (() => new Date());
  const worker: MessageWorker | null = deps.startWorker
    ? startMessageWorker({
        db: deps.db,
        deliver: createTransport({ mailer: deps.mailer, push: deps.push }),
        probeEmail: createEmailProbe(deps.mailer),
        logger: deps.logger,
        instance: `${hostname()}:${process.pid}`,
        now,
        retryBaseMs: deps.retryBaseMs,
        leaseMs: deps.leaseMs,
      })
    : null;
  return {
    email: deps.mailer !== null,
    async send(message, db = deps.db) {
      if (message.channel === "email" && !deps.mailer) return null;
      const queued = await enqueue(db, message, now());
      if (queued.created) worker?.kick();
      return queued;
    },
    kick: () => worker?.kick(),
    stop: async () => {
      await worker?.stop();
    },
  };
}
