import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, migrationsFolder, type Database } from "~/infra/db.server";
import { fileSha256 } from "~/infra/backup-archive.server";
import {
  createBackup,
  listBackups,
  pgliteSqlClient,
  pgSqlClient,
  restoreBackup,
  RestoreRefused,
} from "~/infra/backup.server";
import { tableStats, type TableStat } from "~/infra/sql-dump.server";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { fillDatabase } from "../support/backup-fixtures";
import { migratedDataDir } from "../support/data-dir";
import { openToOthers } from "../support/file-modes";

/**
 * The restore drill: a database full of made-up leads, subscribers, orders, consent records and
 * the rest is backed up, restored into an empty database, and every table (whatever tables the
 * schema has) must come back with the same row count and the same checksum of its rows.
 */
const LEADS = 300;
/** Several database copies per test on a shared machine: generous, as no timing is asserted. */
const DRILL_TIMEOUT = 300_000;
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

async function pgliteStats(dataDir: string): Promise<Record<string, TableStat>> {
  const instance = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    const client = pgliteSqlClient(instance);
    await client.exec("set timezone = 'UTC'");
    return await tableStats(client);
  } finally {
    await instance.close();
  }
}

async function postgresStats(url: string): Promise<Record<string, TableStat>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'");
    return await tableStats(pgSqlClient(client));
  } finally {
    await client.end();
  }
}

/** A populated source: the database plus an outbox, a dead letter and an uploaded image under dataDir. */
async function populated(engine: "pglite" | "postgres") {
  // An already migrated embedded database (making one is not what is tested; restoring into an empty one is).
  const dataDir = engine === "pglite" ? await migratedDataDir("backup-source-") : temp("backup-source-");
  const url = engine === "postgres" ? await createPostgresDatabase() : undefined;
  if (url) cleanup.push(() => dropPostgresDatabase(url));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await fillDatabase(database.db, LEADS);
  writeFileSync(path.join(dataDir, "outbox.jsonl"), `${JSON.stringify({ id: "a", kind: "intake", payload: {} })}\n`);
  writeFileSync(
    path.join(dataDir, "outbox-dead.jsonl"),
    `${JSON.stringify({ id: "b", kind: "event", payload: {} })}\n`,
  );
  mkdirSync(path.join(dataDir, "media", "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "media", "uploads", "portrait.webp"), randomBytes(4096));
  return { dataDir, url, database };
}

async function statsOf(database: Database, dataDir: string, url?: string) {
  if (url) return postgresStats(url);
  await database.close();
  const stats = await pgliteStats(dataDir);
  return stats;
}

function expectSameData(source: Record<string, TableStat>, target: Record<string, TableStat>) {
  expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
  for (const [table, stat] of Object.entries(source)) expect(target[table], table).toEqual(stat);
  // The fixture reached the tables that matter most.
  expect(source["public.signups"]?.rows).toBe(LEADS);
  for (const table of ["newsletter_subscribers", "orders", "payments", "consent_records", "lead_events"]) {
    expect(source[`public.${table}`]?.rows, table).toBeGreaterThan(0);
  }
}

function expectSameFiles(
  source: string,
  target: string,
  files = ["outbox.jsonl", "outbox-dead.jsonl", "media/uploads/portrait.webp"],
) {
  for (const file of files) {
    expect(readFileSync(path.join(target, file)).equals(readFileSync(path.join(source, file))), file).toBe(true);
  }
}

describe("restore drill", () => {
  it(
    "PGlite backup restores into an empty PGlite data directory with every table identical, and every instance's waiting forms",
    async () => {
      const source = await populated("pglite");
      // A backup job beside several instances: the other's data volume holds a form waiting in its
      // outbox, one its database refused, and a last line cut short.
      const other = temp("instance-2-");
      writeFileSync(
        path.join(other, "outbox.jsonl"),
        `${JSON.stringify({ id: "c", kind: "intake", payload: {} })}\n{"id":"d"`,
      );
      writeFileSync(
        path.join(other, "outbox-dead.jsonl"),
        `${JSON.stringify({ id: "e", kind: "event", payload: {} })}\n`,
      );
      const backupDir = temp("backups-");
      const backup = await createBackup(source.database, {
        backupDir,
        dataDir: source.dataDir,
        instanceDirs: [source.dataDir, other],
        migrationsFolder: migrationsFolder(),
      });
      expect(readFileSync(`${backup.file}.sha256`, "utf8")).toContain(backup.sha256);
      // Every lead is in there: readable by the site's own user only.
      for (const file of [backup.file, `${backup.file}.sha256`]) expect(statSync(file).mode & 0o777, file).toBe(0o600);
      const before = await statsOf(source.database, source.dataDir);
      expect(backup.manifest.tables).toEqual(before);

      const target = temp("backup-target-");
      await restoreBackup({ file: backup.file, dataDir: target });
      // The restored outbox, uploads and database are the site's alone, whatever the restoring shell's mask.
      expect(openToOthers(target)).toEqual([]);
      expectSameData(before, await pgliteStats(target));
      // Every instance's waiting forms, to be replayed when the site starts.
      const ids = (file: string) =>
        [...readFileSync(path.join(target, file), "utf8").matchAll(/"id":"(\w)"/g)].map((m) => m[1]);
      expect(ids("outbox.jsonl")).toEqual(["a", "c", "d"]);
      expect(ids("outbox-dead.jsonl")).toEqual(["b", "e"]);
      expectSameFiles(source.dataDir, target, ["media/uploads/portrait.webp"]);

      // A second restore into the now populated directory is refused, and --force replaces it.
      await expect(restoreBackup({ file: backup.file, dataDir: target })).rejects.toThrow(RestoreRefused);
      await restoreBackup({ file: backup.file, dataDir: target, force: true });
      expectSameData(before, await pgliteStats(target));

      if (postgres) {
        // The way a growing business moves up: the PGlite backup's SQL dump into PostgreSQL.
        const url = await createPostgresDatabase();
        cleanup.push(() => dropPostgresDatabase(url));
        await restoreBackup({ file: backup.file, dataDir: temp("backup-pg-files-"), databaseUrl: url });
        expectSameData(before, await postgresStats(url));
        // The site starts on the restored database: migrations are recorded as applied.
        const reopened = await openDatabase({ databaseUrl: url, dataDir: "" });
        await reopened.close();
      }
    },
    DRILL_TIMEOUT,
  );

  it.runIf(postgres).each([
    { format: "pg_dump custom format", pgDump: true },
    { format: "plain SQL dump written in Node", pgDump: false },
  ])(
    "PostgreSQL backup ($format) restores into an empty PostgreSQL database",
    async ({ pgDump }) => {
      const source = await populated("postgres");
      const backupDir = temp("backups-");
      const backup = await createBackup(source.database, {
        backupDir,
        dataDir: source.dataDir,
        migrationsFolder: migrationsFolder(),
        pgDump,
      });
      expect(backup.manifest.database.pgDump !== undefined).toBe(pgDump);
      const before = await statsOf(source.database, source.dataDir, source.url);
      await source.database.close();
      expect(backup.manifest.tables).toEqual(before);

      const url = await createPostgresDatabase();
      cleanup.push(() => dropPostgresDatabase(url));
      const target = temp("backup-target-");
      await restoreBackup({ file: backup.file, dataDir: target, databaseUrl: url });
      expectSameData(before, await postgresStats(url));
      expectSameFiles(source.dataDir, target);
      await expect(restoreBackup({ file: backup.file, dataDir: temp("x-"), databaseUrl: url })).rejects.toThrow(
        /not empty/,
      );
      await restoreBackup({ file: backup.file, dataDir: temp("x-"), databaseUrl: url, force: true });
      expectSameData(before, await postgresStats(url));
    },
    DRILL_TIMEOUT,
  );

  it(
    "an encrypted backup needs its key, and a damaged one is refused",
    async () => {
      const source = await populated("pglite");
      const key = randomBytes(32);
      const backupDir = temp("backups-");
      const backup = await createBackup(source.database, {
        backupDir,
        dataDir: source.dataDir,
        migrationsFolder: migrationsFolder(),
        key,
      });
      const before = await statsOf(source.database, source.dataDir);
      expect(backup.file.endsWith(".enc")).toBe(true);
      // Nothing readable inside: not even the gzip header.
      expect(
        readFileSync(backup.file)
          .subarray(0, 2)
          .equals(Buffer.from([0x1f, 0x8b])),
      ).toBe(false);
      await expect(restoreBackup({ file: backup.file, dataDir: temp("t-") })).rejects.toThrow(/encrypted/);
      await expect(restoreBackup({ file: backup.file, dataDir: temp("t-"), key: randomBytes(32) })).rejects.toThrow();
      const target = temp("t-");
      await restoreBackup({ file: backup.file, dataDir: target, key });
      expectSameData(before, await pgliteStats(target));

      const damaged = readFileSync(backup.file);
      const middle = Math.floor(damaged.length / 2);
      damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
      writeFileSync(backup.file, damaged);
      await expect(restoreBackup({ file: backup.file, dataDir: temp("t-"), key })).rejects.toThrow(/damaged/);
      expect(existsSync(path.join(backupDir, "status.json"))).toBe(true);
    },
    DRILL_TIMEOUT,
  );
});

describe("the sign-in secret travels with the data", () => {
  const SECRET = "the-old-site-secret-of-at-least-32-characters";

  /** A small site (restoring is what is tested here, not its size) backed up with the secret. */
  async function backedUp(key?: Buffer) {
    const dataDir = await migratedDataDir("secret-source-");
    const database = await openDatabase({ dataDir });
    await fillDatabase(database.db, 5);
    const backup = await createBackup(database, {
      backupDir: temp("backups-"),
      dataDir,
      migrationsFolder: migrationsFolder(),
      key,
      authSecret: SECRET,
    });
    await database.close();
    return backup;
  }

  it(
    "inside an encrypted backup: the restore writes it back, and refuses a different AUTH_SECRET before changing anything",
    async () => {
      const key = randomBytes(32);
      const backup = await backedUp(key);
      expect(backup.manifest.authSecret?.file).toBe("auth-secret");

      const target = temp("secret-target-");
      await expect(
        restoreBackup({
          file: backup.file,
          dataDir: target,
          key,
          authSecret: "a-new-secret-someone-typed-in-32-chars",
        }),
      ).rejects.toThrow(
        /AUTH_SECRET is set, but not to the sign-in secret this backup was made with .*Unset AUTH_SECRET/,
      );
      expect(existsSync(path.join(target, "pglite"))).toBe(false);

      // A site started on the new disk before the restore made a secret of its own: kept aside, replaced.
      writeFileSync(path.join(target, "auth-secret"), "made-by-a-first-start-on-the-new-disk");
      const said: string[] = [];
      await restoreBackup({ file: backup.file, dataDir: target, key, log: (line) => said.push(line) });
      expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe(SECRET);
      expect(statSync(path.join(target, "auth-secret")).mode & 0o777).toBe(0o600);
      expect(said.join("\n")).toMatch(/kept the sign-in secret that was there as .*auth-secret\.before-restore-/);
      // The same secret given as AUTH_SECRET is fine.
      await restoreBackup({ file: backup.file, dataDir: temp("secret-target-"), key, authSecret: SECRET });
    },
    DRILL_TIMEOUT,
  );

  it(
    "an unencrypted backup carries only a fingerprint: the restore asks for AUTH_SECRET with the old value",
    async () => {
      const backup = await backedUp();
      expect(backup.manifest.authSecret?.file).toBeUndefined();
      expect(gunzipSync(readFileSync(backup.file)).includes(SECRET)).toBe(false);

      const target = temp("secret-target-");
      await expect(restoreBackup({ file: backup.file, dataDir: target })).rejects.toThrow(
        /this backup is not encrypted, so it does not carry the site's sign-in secret .*Set AUTH_SECRET to the value the old site used/,
      );
      await expect(
        restoreBackup({ file: backup.file, dataDir: target, authSecret: "not-the-old-secret-but-32-characters" }),
      ).rejects.toThrow(/AUTH_SECRET is not the sign-in secret this backup was made with/);
      expect(existsSync(path.join(target, "pglite"))).toBe(false);

      await restoreBackup({ file: backup.file, dataDir: target, authSecret: SECRET });
      // Lost for good: the data still comes back when asked to.
      await restoreBackup({ file: backup.file, dataDir: temp("secret-target-"), newSecret: true });
    },
    DRILL_TIMEOUT,
  );
});

describe.runIf(postgres)("restoring into PostgreSQL", () => {
  it("says to create the database when it does not exist, without showing the password", async () => {
    const dataDir = await migratedDataDir("missing-db-");
    const database = await openDatabase({ dataDir });
    const backup = await createBackup(database, {
      backupDir: temp("backups-"),
      dataDir,
      migrationsFolder: migrationsFolder(),
      authSecret: "s",
    });
    await database.close();
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = "/coach_not_created_yet";
    url.password = "hunter2-password";
    const refused = await restoreBackup({
      file: backup.file,
      dataDir: temp("t-"),
      databaseUrl: url.toString(),
      authSecret: "s",
    }).catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `the database "coach_not_created_yet" does not exist on ${url.host}.*Create it first \\(createdb -h ${url.hostname} -p ${url.port} -U ${url.username} coach_not_created_yet`,
      ),
    );
    expect((refused as Error).message).not.toContain("hunter2");
  });
});

describe("two backups in the same second", () => {
  it("never share a file: each archive keeps the checksum written for it", async () => {
    const dataDir = await migratedDataDir("same-second-");
    const database = await openDatabase({ dataDir });
    await fillDatabase(database.db, 3);
    const backupDir = temp("backups-");
    const settings = { backupDir, dataDir, migrationsFolder: migrationsFolder() };
    // The clock stands still, so both runs fall in one second (the hourly backup and `npm run backup`).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T03:00:00.250Z") });
    try {
      const first = await createBackup(database, settings);
      const second = await createBackup(database, settings);
      expect(path.basename(second.file)).not.toBe(path.basename(first.file));
      // Retention keeps the newest of an hour; whatever it kept is whole and checks out.
      const kept = await listBackups(backupDir);
      expect(kept.map((backup) => backup.name)).toContain(path.basename(second.file));
      for (const { name } of kept) {
        const file = path.join(backupDir, name);
        const [sum, listed] = readFileSync(`${file}.sha256`, "utf8").trim().split(/\s+/);
        expect(listed).toBe(name);
        expect(sum).toBe(await fileSha256(file));
      }
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });
});
