import pino from "pino";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Db } from "~/infra/db.server";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { createMessages, type Messages } from "~/features/messages/messages.server";
import type { TrainerPush } from "~/infra/push.server";
import { runOnce, type RunResult } from "~/features/messages/engine.server";
import { createTransport } from "~/features/messages/transport.server";
import { createTestDatabase, type Engine, type TestDatabase } from "./database";
import { startSmtpServer, type LocalSmtp } from "./smtp";

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

export interface EngineOnClock {
  database: TestDatabase;
  smtp: LocalSmtp;
  mailer: Mailer;
  /** The engine on the test's clock, with no worker: the test hands messages over with deliverQueued. */
  messages: Messages;
}

/**
 * For one describe block (its hooks included): a database, a local SMTP server that forgets what it
 * got after each test, and the message engine on the test's clock. Filled in before the block's own
 * beforeAll hooks run.
 */
export function engineOnClock(engine: Engine, now: () => Date): EngineOnClock {
  const made = {} as EngineOnClock;
  beforeAll(async () => {
    made.database = await createTestDatabase(engine);
    made.smtp = await startSmtpServer();
    made.mailer = createMailer(made.smtp.url, "site@coach.example", pino({ level: "silent" }))!;
    made.messages = createMessages({
      db: made.database.db,
      mailer: made.mailer,
      push: null,
      logger: pino({ level: "silent" }),
      retryBaseMs: 60_000,
      startWorker: false,
      now,
    });
  });
  afterEach(() => {
    made.smtp.messages.length = 0;
  });
  afterAll(async () => {
    made.mailer.close();
    await made.smtp.stop();
    await made.database.drop();
  });
  return made;
}
