import pino from "pino";
import type { Db } from "~/infra/db.server";
import type { Mailer } from "~/infra/mail.server";
import type { TrainerPush } from "~/infra/push.server";
import { runOnce, type RunResult } from "~/features/messages/engine.server";
import { createTransport } from "~/features/messages/transport.server";

/**
 * Hands over every message that is due now, as an instance's worker would: tests whose services
 * start no worker (startOutbox: false) call it after the request that queued the messages, so
 * "exactly one" and "none" need no waiting.
 */
export async function deliverQueued(
  services: { database: { db: Db }; mailer: Mailer | null; push?: Pick<TrainerPush, "send"> | null },
  now = new Date(),
): Promise<RunResult> {
  const total: RunResult = { claimed: 0, sent: 0, waiting: 0, failed: 0 };
  for (;;) {
    const round = await runOnce({
      db: services.database.db,
      deliver: createTransport({ mailer: services.mailer, push: services.push ?? null }),
      logger: pino({ level: "silent" }),
      instance: "test-worker",
      now: () => now,
      retryBaseMs: 60_000,
    });
    if (round.claimed === 0) return total;
    for (const key of ["claimed", "sent", "waiting", "failed"] as const) total[key] += round[key];
  }
}
