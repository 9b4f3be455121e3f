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
import { ensureOffsiteCopy, pgliteSqlClient, pgSqlClient } from "~/infra/backup.server";
import { backupSettings } from "~/infra/backup-schedule.server";
import { parseEnv } from "~/infra/env.server";
import { tableStats, type TableStat } from "~/infra/sql-dump.server";
import { createPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";
import { fillDatabase } from "../support/backup-fixtures";
import { migratedDataDir } from "../support/data-dir";
import { cleanEnv, freePort } from "../support/server";
import { startS3, type LocalS3 } from "../support/s3";

/** `npm run backup` then `npm run restore` on a populated database, as an operator runs them. */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const LEADS = 20;
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

/**
 * Each thing only the commands show, once, on one engine: a backup whose off-site copy failed exits
 * 1 and says so; `restore FILE` restores; a populated database is refused with exit 1, `--force`
 * replaces it; `--list-offsite` lists; `--from-offsite` restores from there. What the commands call
 * is tested in-process on both engines (backup-restore.test.ts, backup-offsite.test.ts), and the
 * lost-disk and compose drills run the commands end to end on both engines, a backup that exits 0
 * with its off-site copy included (fault-lost-disk.test.ts, fault-compose-backup.test.ts).
 */
describe.each(engines)("npm run backup and npm run restore (%s)", (engine) => {
  it("backs up, restores, refuses a populated database unless --force, and lists and restores the off-site copies", async () => {
    const source = await site(engine, true);
    const database = await openDatabase({ databaseUrl: source.DATABASE_URL, dataDir: source.DATA_DIR ?? "" });
    await fillDatabase(database.db, LEADS);
    await database.close();
    // The secret a first start made, as on a real site.
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(path.join(source.DATA_DIR ?? "", "auth-secret"), secret);
    const offsite = {
      ...s3.env,
      BACKUP_S3_PREFIX: `cli-${engine}/`,
      BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };
    const backupDir = mkdtempSync(path.join(tmpdir(), "cli-backups-"));

    // The storage out of reach: the backup is still made here, and the command says the copy failed.
    const unreachable = { ...offsite, BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    const backup = await npm("backup", [], { ...source, ...unreachable, BACKUP_DIR: backupDir });
    expect(backup.code, backup.output).toBe(1);
    expect(backup.output).toMatch(/the backup is written here, but copying it off-site failed: could not reach/);
    const file = /backup: (\S+\.tar\.gz\.enc) \(/.exec(backup.output)?.[1];
    expect(file, backup.output).toBeDefined();
    const name = path.basename(file ?? "");
    // The site's next check copies it (the copy itself is backup-offsite.test.ts's).
    const settings = backupSettings(parseEnv({ ...source, ...offsite, BACKUP_DIR: backupDir }));
    expect(await ensureOffsiteCopy(settings)).toMatchObject({ ok: true });

    const target = await site(engine);
    const restore = await npm("restore", [file ?? ""], { ...target, ...offsite });
    expect(restore.code, restore.output).toBe(0);
    const before = await stats(source);
    expect(before["public.signups"]?.rows).toBe(LEADS);
    expect(await stats(target)).toEqual(before);
    expect(readFileSync(path.join(target.DATA_DIR ?? "", "auth-secret"), "utf8")).toBe(secret);

    const again = await npm("restore", [file ?? ""], { ...target, ...offsite });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      new RegExp(`restore refused: the target database is not empty: .*public\\.signups \\(${LEADS}\\)`),
    );

    const listed = await npm("restore", ["--list-offsite"], { ...target, ...offsite });
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toMatch(new RegExp(`^${name.replace(/\./g, "\\.")}  \\d+\\.\\d MB  made `, "m"));

    const forced = await npm("restore", ["--from-offsite", "--force"], { ...target, ...offsite });
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain(`restore: downloading ${name}`);
    expect(await stats(target)).toEqual(before);
  }, 300_000);
});
