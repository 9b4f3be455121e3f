import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/infra/db.server";
import { pgliteSqlClient, pgSqlClient } from "~/infra/backup.server";
import { tableStats, type TableStat } from "~/infra/sql-dump.server";
import { bothEngines, createPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";
import { fillDatabase } from "../support/backup-fixtures";
import { migratedDataDir } from "../support/data-dir";
import { cleanEnv, freePort } from "../support/server";
import { startS3, type LocalS3 } from "../support/s3";

/** `npm run backup` then `npm run restore` on a populated database, as an operator runs them. */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const LEADS = 200;
const cleanup: (() => Promise<void>)[] = [];
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3();
  cleanup.push(() => s3.stop());
});
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => undefined);
});

async function npm(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "-s", script, "--", ...args], {
      cwd: root,
      env: { ...cleanEnv(), ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function stats(env: Record<string, string>): Promise<Record<string, TableStat>> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query("set timezone = 'UTC'");
    const result = await tableStats(pgSqlClient(client));
    await client.end();
    return result;
  }
  const instance = await PGlite.create(path.join(env.DATA_DIR ?? "", "pglite"));
  const client = pgliteSqlClient(instance);
  await client.exec("set timezone = 'UTC'");
  const result = await tableStats(client);
  await instance.close();
  return result;
}

/** A site's settings; a `populated` one starts from an already migrated embedded database. */
async function site(engine: string, populated = false): Promise<Record<string, string>> {
  const dataDir =
    populated && engine === "pglite"
      ? await migratedDataDir("cli-data-")
      : mkdtempSync(path.join(tmpdir(), "cli-data-"));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === "postgres") {
    env.DATABASE_URL = await createPostgresDatabase();
    cleanup.push(() => dropPostgresDatabase(env.DATABASE_URL ?? ""));
  }
  return env;
}

describe.each(bothEngines)("npm run backup and npm run restore (%s)", (engine) => {
  it("restores a populated database with identical row counts and checksums, and refuses to overwrite it", async () => {
    const source = await site(engine, true);
    const database = await openDatabase({ databaseUrl: source.DATABASE_URL, dataDir: source.DATA_DIR ?? "" });
    await fillDatabase(database.db, LEADS);
    await database.close();
    const backupDir = mkdtempSync(path.join(tmpdir(), "cli-backups-"));

    const backup = await npm("backup", [], { ...source, BACKUP_DIR: backupDir });
    expect(backup.code, backup.output).toBe(0);
    const file = /backup: (\S+\.tar\.gz)/.exec(backup.output)?.[1];
    expect(file, backup.output).toBeDefined();

    const target = await site(engine);
    const restore = await npm("restore", [file ?? ""], target);
    expect(restore.code, restore.output).toBe(0);
    const before = await stats(source);
    expect(before["public.signups"]?.rows).toBe(LEADS);
    expect(await stats(target)).toEqual(before);

    const again = await npm("restore", [file ?? ""], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/refused: the target database is not empty: .*public\.signups \(200\)/);
    const forced = await npm("restore", [file ?? "", "--force"], target);
    expect(forced.code, forced.output).toBe(0);
    expect(await stats(target)).toEqual(before);
  }, 300_000);
});

/**
 * The off-site commands on one engine: the dump under them is the one tested on both above, and the
 * lost-disk drill restores from the off-site copy alone on both engines (fault-lost-disk.test.ts).
 */
describe.each(engines)("npm run backup and npm run restore off-site (%s)", (engine) => {
  it("copies the backup off-site, lists what is there, and restores the newest copy from there alone", async () => {
    const source = await site(engine, true);
    const database = await openDatabase({ databaseUrl: source.DATABASE_URL, dataDir: source.DATA_DIR ?? "" });
    await fillDatabase(database.db, 20);
    await database.close();
    // The secret a first start made, as on a real site.
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(path.join(source.DATA_DIR ?? "", "auth-secret"), secret);
    const offsite = {
      ...s3.env,
      BACKUP_S3_PREFIX: `cli-${engine}/`,
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };

    const backup = await npm("backup", [], {
      ...source,
      ...offsite,
      BACKUP_DIR: mkdtempSync(path.join(tmpdir(), "cli-b-")),
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`backup: copied off-site to s3://${s3.bucket}/cli-${engine}/`);
    const name = /backup: \S+\/(backup-\S+\.tar\.gz\.enc)/.exec(backup.output)?.[1];

    const target = await site(engine);
    const listed = await npm("restore", ["--list-offsite"], { ...target, ...offsite });
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toMatch(new RegExp(`^${name?.replace(/\./g, "\\.")}  \\d+\\.\\d MB  made `, "m"));

    const restore = await npm("restore", ["--from-offsite"], { ...target, ...offsite });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`restore: downloading ${name}`);
    expect(await stats(target)).toEqual(await stats(source));
    expect(readFileSync(path.join(target.DATA_DIR ?? "", "auth-secret"), "utf8")).toBe(secret);

    // The storage out of reach: the backup is still made here, and the command says the copy failed.
    const unreachable = { ...offsite, BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    const failed = await npm("backup", [], {
      ...source,
      ...unreachable,
      BACKUP_DIR: mkdtempSync(path.join(tmpdir(), "cli-b-")),
    });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/backup: \S+\.tar\.gz\.enc/);
    expect(failed.output).toMatch(/the backup is written here, but copying it off-site failed: could not reach/);
  }, 300_000);
});
