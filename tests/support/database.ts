import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "~/infra/db.server";
import { templateKey } from "./template-key";

export type Engine = "pglite" | "postgres";

/**
 * The engine a behaviour is tested on: PostgreSQL, what production runs, when TEST_DATABASE_URL is set
 * (CI), else the embedded PGlite. Each behaviour runs once: the queries are the same Drizzle code on
 * both, and PGlite is walked end to end by the browser tests and the Node 22 smoke, whose servers run
 * on it (decision 083).
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["postgres"] : ["pglite"];

/**
 * Both engines, for the files whose code takes a different path on each: the backups' dumps, the
 * content store's revision, the held submissions and dead letters when the database is away.
 */
export const bothEngines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends Database {
  /** Connection string of the throw-away PostgreSQL database (postgres engine only). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the test PostgreSQL server. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = await openDatabase({ dataDir: "", memory: true });
    return { ...database, drop: () => database.close() };
  }
  const url = await createMigratedPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: "" });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(url);
    },
  };
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

export async function createPostgresDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Serialises making the migrated template across the test processes that share one server. */
const TEMPLATE_LOCK = 72_261_129;
let template: Promise<string> | undefined;

/**
 * A database on the test server that every migration has been applied to once, for copies: applying
 * them to each new database took 1.1-1.4 s of the server's time; a copy takes a tenth of it. Made
 * under another name and renamed when whole, so a run stopped half-way leaves no broken template.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `test_template_${templateKey()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!found.rowCount) {
        const making = `${name}_making`;
        await admin.query(`drop database if exists ${making} with (force)`);
        await admin.query(`create database ${making}`);
        const url = new URL(adminUrl());
        url.pathname = `/${making}`;
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
        await database.close();
        await admin.query(`alter database ${making} rename to ${name}`);
      }
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return template;
}

/** A new database on the test server with every migration applied (a copy of the template). */
export async function createMigratedPostgresDatabase(): Promise<string> {
  const source = await migratedTemplate();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${source}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
