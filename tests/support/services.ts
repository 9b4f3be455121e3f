import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { AppServices } from "~/context";
import { parseEnv } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import { createServices } from "../../server/services";
import { createMigratedPostgresDatabase, dropPostgresDatabase, type Engine } from "./database";

/**
 * The app's services for one describe block on one engine, made before its tests and closed after
 * them: a fresh data directory, silent logs, no outbox worker, and on PostgreSQL a database of its
 * own (dropped afterwards); on PGlite an in-memory database. `settings` are environment variables
 * on top of those (called in beforeAll, so they may use what an earlier hook started).
 * Returns a getter: the services exist only once the block's tests run.
 */
export function withTestServices(
  engine: Engine,
  settings: () => Record<string, string> = () => ({}),
): () => AppServices {
  let services: AppServices | undefined;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createMigratedPostgresDatabase() : undefined;
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coach-services-")),
      LOG_LEVEL: "silent",
      ...settings(),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    services = await createServices(env, {
      memoryDb: !databaseUrl,
      logger: createLogger("silent"),
      startOutbox: false,
    });
  });
  afterAll(async () => {
    await services?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });
  return () => {
    if (!services) throw new Error("the services are made in beforeAll: use them inside a test");
    return services;
  };
}
