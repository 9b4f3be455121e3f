/**
 * The production server (same createServices + createApp + build as server/index.ts) with
 * an IPC control channel for fault drills: the parent can take the database away and bring
 * it back, and ask how much was stored. Bundled and started by tests/support/fault.ts, never deployed.
 */
import path from "node:path";
import { count } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { parseEnv } from "~/infra/env.server";
import { createServices } from "../../server/services";
import { createApp, setServerTimeouts } from "../../server/app";
import { fullDisk } from "~/features/leads/full-disk";
import { messages, newsletterSubscribers, orders, payments, processedEvents, session, signups, user } from "#db/schema";

export type FaultCommand = {
  id: number;
  type:
    | "db:down"
    | "db:up"
    | "counts"
    | "memory"
    | "backup"
    | "disk:full"
    | "disk:free"
    | "outbox:replay"
    | "alarms:check"
    | "messages";
};

/** Room left on the full disk of "disk:full": a few submissions fit, the next one is cut short. */
const FULL_DISK_ROOM = 3_000;
export interface FaultCounts {
  signups: number;
  subscribers: number;
  /** Orders, payments, processed webhook events, back-office users and sessions together. */
  other: number;
  outbox: number;
  /** Outbox entries that could never be stored (shown in the back office). */
  deadLetters: number;
}

/**
 * Starts the server on React Router's server build, which the bundle made by tests/support/fault.ts
 * (faultServerBundle) imports beside this module, as build/server-runtime/server.js does.
 */
export async function runFaultServer(build: ServerBuild): Promise<void> {
  const env = parseEnv(process.env);
  // The form outbox's disk can be filled from the drill (tests/integration/fault-full-disk.test.ts).
  const disk = fullDisk();
  const services = await createServices(env, { outboxFiles: disk });
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const app = createApp({ services, build, clientDir: path.join(buildDir, "client") });
  const server = app.listen(env.PORT, env.HOST, () => process.send?.({ type: "listening" }));
  setServerTimeouts(server);

  async function handle(command: FaultCommand): Promise<unknown> {
    const { database, outbox } = services;
    switch (command.type) {
      case "db:down":
        // PGlite: the embedded database is closed, every query fails until it is reopened.
        // PostgreSQL is taken away from outside (the test refuses connections to its database).
        if (database.engine === "pglite") await database.close();
        return null;
      case "db:up":
        if (database.engine === "pglite") await database.reopen?.();
        return null;
      case "disk:full":
        disk.fill(FULL_DISK_ROOM);
        return null;
      case "disk:free":
        disk.free();
        return null;
      case "outbox:replay":
        // The 5-second timer's work, at a moment the drill chooses.
        return services.outbox.replay();
      case "alarms:check":
        // The five-minute check's work, at a moment the drill chooses: the events it found.
        return (await services.alarms?.check())?.map((alarm) => alarm.event) ?? [];
      case "messages":
        // The engine's rows as the Messages page counts them: key and state.
        return database.db.select({ key: messages.key, state: messages.state }).from(messages);
      case "backup":
        // The hourly job's work, on demand (the soak runs it under load at known moments).
        return (await services.backups.runNow()).size;
      case "memory":
        // Started with --expose-gc: live memory after a full collection, not garbage not yet collected.
        (globalThis as { gc?: () => void }).gc?.();
        return process.memoryUsage();
      case "counts": {
        const [a] = await database.db.select({ n: count() }).from(signups);
        const [b] = await database.db.select({ n: count() }).from(newsletterSubscribers);
        let other = 0;
        for (const table of [orders, payments, processedEvents, user, session]) {
          const [row] = await database.db.select({ n: count() }).from(table);
          other += row?.n ?? 0;
        }
        const { depth, deadLetters } = await outbox.stats();
        return { signups: a?.n ?? 0, subscribers: b?.n ?? 0, other, outbox: depth, deadLetters } satisfies FaultCounts;
      }
    }
  }

  process.on("message", (command: FaultCommand) => {
    handle(command).then(
      (result) => process.send?.({ id: command.id, result }),
      (error: unknown) =>
        process.send?.({ id: command.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });

  process.on("SIGTERM", () => {
    server.close(() => {
      services.close().finally(() => process.exit(0));
    });
    server.closeAllConnections();
  });
}
