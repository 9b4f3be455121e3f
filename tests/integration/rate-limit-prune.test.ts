import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rateLimits } from "#db/schema";
import { openDatabase, type Database } from "~/infra/db.server";
import { parseEnv } from "~/infra/env.server";
import { hitRateLimit, PRUNE_LOCK_ID, pruneRateLimitsExclusive } from "~/infra/rate-limit.server";
import { createServices } from "../../server/services";
import { createPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";

const DAY = 86_400_000;

/** A database on disk (PGlite) or a fresh PostgreSQL one, so a server can open it afterwards. */
async function openPersistent(engine: (typeof engines)[number]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "prune-"));
  const databaseUrl = engine === "postgres" ? await createPostgresDatabase() : undefined;
  const database = await openDatabase({ databaseUrl, dataDir });
  return { dataDir, databaseUrl, database };
}

async function keys(database: Database): Promise<string[]> {
  const rows = await database.db.select({ key: rateLimits.key }).from(rateLimits);
  return rows.map((r) => r.key).sort();
}

describe.each(engines)("rate_limits pruning on %s", (engine) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it("drops windows older than a day and keeps current ones", async () => {
    const { database, databaseUrl } = await openPersistent(engine);
    cleanup = async () => {
      await database.close();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    };
    const now = new Date();
    await hitRateLimit(database.db, "old", 10, 60, new Date(now.getTime() - 2 * DAY));
    await hitRateLimit(database.db, "fresh", 10, 60, now);
    expect(await pruneRateLimitsExclusive(database.db, now)).toBe(true);
    expect(await keys(database)).toEqual(["fresh"]);
  });

  it("is pruned by the running server on its own timer", async () => {
    const { database, databaseUrl, dataDir } = await openPersistent(engine);
    await hitRateLimit(database.db, "stale", 10, 60, new Date(Date.now() - 3 * DAY));
    await database.close();
    const services = await createServices(
      parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }),
      { startOutbox: false },
    );
    cleanup = async () => {
      await services.close();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    };
    await services.rateLimit("current", 10, 60);
    await vi.waitFor(async () => expect(await keys(services.database)).toEqual(["current"]), {
      timeout: 15_000,
      interval: 200,
    });
  });

  // Only PostgreSQL has a second instance to leave the work to: PGlite is one process per data
  // directory, so the test exists for that engine alone (not a skip that hides a failure).
  if (engine === "postgres")
    it("leaves the work to the instance that holds the lock", async () => {
      const { database, databaseUrl } = await openPersistent(engine);
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      cleanup = async () => {
        await other.end();
        await database.close();
        if (databaseUrl) await dropPostgresDatabase(databaseUrl);
      };
      await hitRateLimit(database.db, "old", 10, 60, new Date(Date.now() - 2 * DAY));
      await other.query("select pg_advisory_lock($1)", [PRUNE_LOCK_ID]);
      expect(await pruneRateLimitsExclusive(database.db)).toBe(false);
      expect(await keys(database)).toEqual(["old"]);
      await other.query("select pg_advisory_unlock($1)", [PRUNE_LOCK_ID]);
      expect(await pruneRateLimitsExclusive(database.db)).toBe(true);
      expect(await keys(database)).toEqual([]);
    });
});
