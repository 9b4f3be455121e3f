import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { delimiter } from "node:path";
import path from "node:path";
import { tmpdir } from "node:os";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { backupsToKeep } from "./backup-retention";
import { extractArchive, fileSha256, folderEntries, writeArchive, type ArchiveEntry } from "./backup-archive.server";
import type { Database } from "./db.server";
import { pgliteLockHolder } from "./db.server";
import {
  dumpSql,
  dumpStatements,
  listTables,
  rowsHeld,
  tableStats,
  type SqlClient,
  type TableStat,
} from "./sql-dump.server";

/**
 * Whole-site backups: the database (both engines), the outbox and its dead letters, and the
 * uploaded media, in one archive per run under BACKUP_DIR with a `.sha256` file beside it.
 * `restoreBackup` loads one into an empty database and checks every table against the
 * counts and checksums recorded when it was made.
 */

export const OUTBOX_FILES = ["outbox.jsonl", "outbox-dead.jsonl"] as const;
const NAME = /^backup-(\d{8}T\d{6}Z)\.tar\.gz(\.enc)?$/;
const STATUS_FILE = "status.json";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** Which database files the archive holds. */
  database: { sql?: string; pgliteDataDir?: string; pgDump?: string };
  tables: Record<string, TableStat>;
  files: string[];
}

export interface BackupSettings {
  backupDir: string;
  dataDir: string;
  migrationsFolder: string;
  key?: Buffer;
  /** PostgreSQL: use pg_dump when installed (default); false writes the plain SQL dump. */
  pgDump?: boolean;
}

export interface BackupResult {
  file: string;
  size: number;
  sha256: string;
  createdAt: string;
  durationMs: number;
  manifest: BackupManifest;
}

export interface BackupStatus {
  lastGood?: { file: string; size: number; createdAt: string; durationMs: number };
  lastAttempt?: { at: string; ok: boolean; error?: string };
}

export function pgliteSqlClient(instance: PGlite): SqlClient {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await instance.query<T>(text, params)).rows,
    exec: async (text) => {
      await instance.exec(text);
    },
  };
}

export function pgSqlClient(client: pg.ClientBase): SqlClient {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
}

/** A PostgreSQL client program (pg_dump, pg_restore) on PATH or in Debian's versioned folders. */
export function findPgTool(name: string): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((version) => path.join(debian, version, "bin")));
  }
  return dirs.map((dir) => path.join(dir, name)).find((candidate) => existsSync(candidate));
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
const fromStamp = (value: string) =>
  new Date(
    `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`,
  );

/** Backups in the folder, newest first. */
export async function listBackups(backupDir: string): Promise<{ name: string; createdAt: Date }[]> {
  const names = existsSync(backupDir) ? await readdir(backupDir) : [];
  return names
    .map((name) => ({ name, match: NAME.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ name, createdAt: fromStamp(match[1] ?? "") }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export async function readBackupStatus(backupDir: string): Promise<BackupStatus> {
  try {
    return JSON.parse(await readFile(path.join(backupDir, STATUS_FILE), "utf8")) as BackupStatus;
  } catch {
    return {};
  }
}

async function writeStatus(backupDir: string, change: (status: BackupStatus) => BackupStatus) {
  const next = change(await readBackupStatus(backupDir));
  const temporary = path.join(backupDir, `.${STATUS_FILE}.${process.pid}`);
  await writeFile(temporary, JSON.stringify(next, null, 2));
  await rename(temporary, path.join(backupDir, STATUS_FILE));
}

/** Makes one backup of `database` (open, migrated) and the files under dataDir, then prunes old ones. */
export async function createBackup(database: Database, settings: BackupSettings): Promise<BackupResult> {
  const started = Date.now();
  const createdAt = new Date(started);
  await mkdir(settings.backupDir, { recursive: true });
  const staging = await mkdtemp(path.join(settings.backupDir, ".staging-"));
  try {
    const manifest: BackupManifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      engine: database.engine,
      database: {},
      tables: {},
      files: [],
    };
    const entries: ArchiveEntry[] = [];
    const add = (name: string, source: string) => entries.push({ name, source });

    if (database.engine === "pglite") {
      if (!database.dumpDataDir) throw new Error("this PGlite database cannot be copied");
      // A physical copy taken between two queries, then read back in memory: the SQL dump and the
      // checksums describe exactly that copy, and a copy that would not load fails here, not at restore.
      const blob = await database.dumpDataDir();
      await writeFile(path.join(staging, "pglite-datadir.tar.gz"), Buffer.from(await blob.arrayBuffer()));
      const { PGlite } = await import("@electric-sql/pglite");
      const copy = await PGlite.create({ loadDataDir: blob });
      try {
        const client = pgliteSqlClient(copy);
        await client.exec("set timezone = 'UTC'");
        await writeDump(client, settings.migrationsFolder, path.join(staging, "database.sql"));
        manifest.tables = await tableStats(client);
      } finally {
        await copy.close();
      }
      manifest.database = { sql: "database.sql", pgliteDataDir: "pglite-datadir.tar.gz" };
    } else {
      if (!database.url) throw new Error("the PostgreSQL connection string is unknown");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("begin isolation level repeatable read read only");
        await client.query("set local timezone = 'UTC'");
        const sqlClient = pgSqlClient(client);
        const pgDump = settings.pgDump === false ? undefined : findPgTool("pg_dump");
        let dumped = false;
        if (pgDump) {
          // pg_dump reads the same snapshot as the checksums below.
          const [{ snapshot }] = (await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot"))
            .rows as [{ snapshot: string }];
          try {
            await run(pgDump, [
              "--format=custom",
              "--no-owner",
              "--no-privileges",
              `--snapshot=${snapshot}`,
              `--file=${path.join(staging, "database.pgdump")}`,
              `--dbname=${database.url}`,
            ]);
            manifest.database = { pgDump: "database.pgdump" };
            dumped = true;
          } catch (error) {
            // An older pg_dump than the server refuses to run: the plain dump below still works.
            process.emitWarning(`pg_dump failed, writing a plain SQL dump instead: ${String(error)}`);
          }
        }
        if (!dumped) {
          await writeDump(sqlClient, settings.migrationsFolder, path.join(staging, "database.sql"));
          manifest.database = { sql: "database.sql" };
        }
        manifest.tables = await tableStats(sqlClient);
        await client.query("commit");
      } finally {
        await client.end();
      }
    }
    for (const file of Object.values(manifest.database)) add(file, path.join(staging, file));

    // Copied first: the outbox is appended to while the archive is written.
    for (const name of OUTBOX_FILES) {
      const source = path.join(settings.dataDir, name);
      if (!existsSync(source)) continue;
      await copyFile(source, path.join(staging, name));
      add(`files/${name}`, path.join(staging, name));
    }
    entries.push(...(await folderEntries(path.join(settings.dataDir, "media"), "files/media")));
    manifest.files = entries.filter((entry) => entry.name.startsWith("files/")).map((entry) => entry.name);
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    entries.unshift({ name: "manifest.json", source: path.join(staging, "manifest.json") });

    const name = `backup-${stamp(createdAt)}.tar.gz${settings.key ? ".enc" : ""}`;
    const partial = path.join(staging, name);
    const { size, sha256 } = await writeArchive(partial, entries, settings.key);
    const file = path.join(settings.backupDir, name);
    await rename(partial, file);
    // The format `sha256sum -c` reads.
    await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`);
    const durationMs = Date.now() - started;
    await writeStatus(settings.backupDir, () => ({
      lastGood: { file: name, size, createdAt: manifest.createdAt, durationMs },
      lastAttempt: { at: new Date().toISOString(), ok: true },
    }));
    await pruneBackups(settings.backupDir);
    return { file, size, sha256, createdAt: manifest.createdAt, durationMs, manifest };
  } catch (error) {
    await writeStatus(settings.backupDir, (status) => ({
      ...status,
      lastAttempt: {
        at: new Date().toISOString(),
        ok: false,
        error: error instanceof Error ? error.message : "failed",
      },
    })).catch(() => undefined);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function writeDump(client: SqlClient, migrationsFolder: string, file: string) {
  const parts: string[] = [];
  await dumpSql(client, migrationsFolder, (text) => void parts.push(text));
  await writeFile(file, parts.join(""));
}

export async function pruneBackups(backupDir: string): Promise<string[]> {
  const backups = await listBackups(backupDir);
  const keep = backupsToKeep(backups);
  const removed = backups.filter((backup) => !keep.has(backup.name)).map((backup) => backup.name);
  for (const name of removed) {
    await rm(path.join(backupDir, name), { force: true });
    await rm(path.join(backupDir, `${name}.sha256`), { force: true });
  }
  return removed;
}

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestoreSettings {
  file: string;
  /** PostgreSQL target; without it the PGlite database under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  key?: Buffer;
  /** Replace a database that holds rows (and a non-empty outbox). */
  force?: boolean;
  log?: (message: string) => void;
}

export interface RestoreResult {
  durationMs: number;
  manifest: BackupManifest;
  tables: Record<string, TableStat>;
}

/** Loads a backup into an empty database (or, with force, over one) and verifies every table. */
export async function restoreBackup(settings: RestoreSettings): Promise<RestoreResult> {
  const started = Date.now();
  const log = settings.log ?? (() => undefined);
  const expected = await readFile(`${settings.file}.sha256`, "utf8").catch(() => undefined);
  if (expected === undefined) {
    log("no .sha256 file beside the backup: its checksum is not checked");
  } else if (expected.split(/\s+/)[0] !== (await fileSha256(settings.file))) {
    throw new Error(`${path.basename(settings.file)} does not match its .sha256 file: the copy is damaged`);
  }
  const unpacked = await mkdtemp(path.join(tmpdir(), "restore-"));
  try {
    await extractArchive(settings.file, unpacked, settings.key);
    const manifest = JSON.parse(await readFile(path.join(unpacked, "manifest.json"), "utf8")) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
    await refuseNonEmptyOutbox(settings);

    const tables = settings.databaseUrl
      ? await restorePostgres(settings.databaseUrl, unpacked, manifest, settings, log)
      : await restorePglite(path.resolve(settings.dataDir, "pglite"), unpacked, manifest, settings, log);
    const wrong = Object.entries(manifest.tables).filter(
      ([name, stat]) => tables[name]?.rows !== stat.rows || tables[name]?.checksum !== stat.checksum,
    );
    if (wrong.length > 0) {
      throw new Error(`restored data differs from the backup in ${wrong.map(([name]) => name).join(", ")}`);
    }

    await mkdir(settings.dataDir, { recursive: true });
    for (const name of manifest.files) {
      const target = path.resolve(settings.dataDir, name.replace(/^files\//, ""));
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(unpacked, name), target);
    }
    log(`restored ${Object.keys(tables).length} tables and ${manifest.files.length} files`);
    return { durationMs: Date.now() - started, manifest, tables };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

async function refuseNonEmptyOutbox(settings: RestoreSettings) {
  if (settings.force) return;
  for (const name of OUTBOX_FILES) {
    const file = path.join(settings.dataDir, name);
    if (existsSync(file) && (await stat(file)).size > 0) {
      throw new RestoreRefused(
        `${file} holds submissions that are not in the database yet; run the site until the back office shows none waiting, or pass --force to replace them`,
      );
    }
  }
}

function refusal(held: [string, number][]): RestoreRefused {
  const list = held.map(([name, rows]) => `${name} (${rows})`).join(", ");
  return new RestoreRefused(`the target database is not empty: ${list}. Pass --force to replace it.`);
}

async function restorePostgres(
  url: string,
  unpacked: string,
  manifest: BackupManifest,
  settings: RestoreSettings,
  log: (message: string) => void,
): Promise<Record<string, TableStat>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sqlClient = pgSqlClient(client);
    const held = rowsHeld(await tableStats(sqlClient));
    if (held.length > 0 && !settings.force) throw refusal(held);
    if ((await listTables(sqlClient)).length > 0) {
      log("dropping the target's schemas public and drizzle");
      await client.query(
        "drop schema if exists drizzle cascade; drop schema public cascade; create schema public; grant usage on schema public to public",
      );
    }
    if (manifest.database.pgDump) {
      const pgRestore = findPgTool("pg_restore");
      if (!pgRestore) throw new Error("this backup was made with pg_dump: install the PostgreSQL client (pg_restore)");
      log("loading the pg_dump archive with pg_restore");
      await run(pgRestore, [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${url}`,
        path.join(unpacked, manifest.database.pgDump),
      ]);
    } else {
      log("loading the SQL dump");
      await loadSql(sqlClient, path.join(unpacked, requireSql(manifest)));
    }
    await client.query("set timezone = 'UTC'");
    return await tableStats(sqlClient);
  } finally {
    await client.end();
  }
}

function requireSql(manifest: BackupManifest): string {
  if (!manifest.database.sql)
    throw new Error("this backup holds no SQL dump (a pg_dump archive loads into PostgreSQL)");
  return manifest.database.sql;
}

async function loadSql(client: SqlClient, file: string) {
  const statements = dumpStatements(await readFile(file, "utf8"));
  await client.exec("begin");
  try {
    for (const statement of statements) await client.exec(statement);
    await client.exec("commit");
  } catch (error) {
    await client.exec("rollback").catch(() => undefined);
    throw error;
  }
}

async function restorePglite(
  dir: string,
  unpacked: string,
  manifest: BackupManifest,
  settings: RestoreSettings,
  log: (message: string) => void,
): Promise<Record<string, TableStat>> {
  const holder = pgliteLockHolder(dir);
  if (holder) {
    throw new RestoreRefused(`the site (process ${holder}) has ${dir} open: stop it before restoring`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    const current = await PGlite.create(dir);
    try {
      const held = rowsHeld(await tableStats(pgliteSqlClient(current)));
      if (held.length > 0 && !settings.force) throw refusal(held);
    } finally {
      await current.close();
    }
    // Kept, not deleted: a mistaken --force can still be undone by hand.
    const aside = `${dir}.before-restore-${stamp(new Date())}`;
    await rename(dir, aside);
    log(`moved the previous database to ${aside}`);
  }
  await mkdir(dir, { recursive: true });
  let instance: PGlite;
  if (manifest.database.pgliteDataDir) {
    log("loading the PGlite data directory");
    const data = await readFile(path.join(unpacked, manifest.database.pgliteDataDir));
    instance = await PGlite.create(dir, { loadDataDir: new Blob([data]) });
  } else {
    log("loading the SQL dump");
    instance = await PGlite.create(dir);
    await loadSql(pgliteSqlClient(instance), path.join(unpacked, requireSql(manifest)));
  }
  try {
    const client = pgliteSqlClient(instance);
    await client.exec("set timezone = 'UTC'");
    await client.exec("checkpoint");
    return await tableStats(client);
  } finally {
    await instance.close();
  }
}
