import path from "node:path";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "#db/schema";

/** PGlite and PostgreSQL sit behind this one Drizzle type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** Cheap round trip for /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: closes the embedded database if open and opens its files again (outage drills). */
  reopen?(): Promise<void>;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** PostgreSQL only: the connection string (backups run pg_dump against it). */
  url?: string;
  /** PGlite only: a gzip'd tar of the data directory, taken between two queries. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * PGlite allows one process per data directory: a second one would corrupt it. The first
 * process writes its pid beside the directory; a later one that finds a live pid there refuses.
 */
export function pgliteLockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(`${dataDir}.lock`, "utf8").trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

function lockPglite(dataDir: string): () => void {
  const holder = pgliteLockHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(
      `The embedded database ${dataDir} is in use by process ${holder}. PGlite allows one process per data directory: ` +
        `stop that process first (or run several instances on PostgreSQL with DATABASE_URL).`,
    );
  }
  writeFileSync(`${dataDir}.lock`, `${process.pid}\n`);
  return () => {
    if (pgliteLockHolder(dataDir) === undefined) rmSync(`${dataDir}.lock`, { force: true });
  };
}

export const migrationsFolder = () => path.resolve(process.cwd(), "db/migrations");

/** Arbitrary constant: serialises migrations when several instances start together. */
const MIGRATION_LOCK_ID = 7_413_902;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** For tests: an in-memory PGlite instead of files under dataDir. */
  memory?: boolean;
  migrate?: boolean;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.memory ? "memory://" : path.resolve(options.dataDir, "pglite"));
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const lock = () => (inMemory ? () => undefined : lockPglite(dataDir));
  let unlock = lock();
  let client = await PGlite.create(dataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // Drizzle talks to this handle, so reopen() can swap the instance under a `db` others already hold.
  const handle = new Proxy(client, {
    get: (_target, key) => {
      const value: unknown = Reflect.get(client, key, client);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
  const db = drizzle({ client: handle, schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) {
        // A checkpoint first: the next start then has no write-ahead log to replay.
        await client.query("checkpoint").catch(() => undefined);
        await client.close();
      }
      unlock();
    },
    dumpDataDir: async () => {
      await client.query("checkpoint");
      return client.dumpDataDir("gzip");
    },
    reopen: async () => {
      if (!client.closed) await client.close();
      unlock();
      unlock = lock();
      client = await PGlite.create(dataDir);
    },
    migrate: async () => {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      // Drizzle's migrator wants the concrete driver type; ours is the shared base type.
      await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: migrationsFolder() });
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => undefined);
  // Nor may a checked-out client (a transaction between two statements): without a listener its
  // "error" event would be uncaught. Its next statement fails instead, and the caller falls back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    url,
    ping: async () => {
      await pool.query("select 1");
    },
    // A client whose connection died mid-transaction may never be released; shutdown must not wait on it.
    close: () => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]),
    migrate: async () => {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // The lock is held on one dedicated connection, so lock and unlock meet the same session.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: migrationsFolder() });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lockClient.release();
      }
    },
  };
}

/** Migrations in db/migrations that this database has not applied (0 when it is up to date). */
export async function pendingMigrations(database: Database): Promise<number> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const { sql } = await import("drizzle-orm");
  const known = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const result = await database.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
  const applied = new Set((result as unknown as { rows: { hash: string }[] }).rows.map((row) => row.hash));
  return known.filter((migration) => !applied.has(migration.hash)).length;
}

export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}
