import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { delimiter } from "node:path";
import path from "node:path";
import { tmpdir } from "node:os";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { backupName, backupsToKeep, backupTime } from "./backup-retention";
import { extractArchive, fileSha256, folderEntries, writeArchive, type ArchiveEntry } from "./backup-archive.server";
import {
  authSecretFile,
  matchesFingerprint,
  secretFingerprint,
  storeAuthSecret,
  storedAuthSecret,
  type SecretFingerprint,
} from "./auth-secret.server";
import {
  copyOffsite,
  downloadNewestGood,
  openOffsiteStore,
  type OffsiteListing,
  type OffsiteSettings,
} from "./backup-offsite.server";
import { makePrivate } from "./private-files.server";
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
const STATUS_FILE = "status.json";
/** Where an encrypted archive carries the sign-in secret; never under files/, never copied as a file. */
const SECRET_ENTRY = "auth-secret";

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** Which database files the archive holds. */
  database: { sql?: string; pgliteDataDir?: string; pgDump?: string };
  tables: Record<string, TableStat>;
  files: string[];
  /**
   * The sign-in secret the data was made with: its fingerprint always, the secret itself (as
   * `file` inside the archive) only when the archive is encrypted. Absent in older backups.
   */
  authSecret?: { fingerprint: SecretFingerprint; file?: string };
}

export interface BackupSettings {
  backupDir: string;
  dataDir: string;
  /**
   * Other instances' data directories (read-only is enough): their outbox and dead letters are
   * added to this one's, so a restore replays every instance's waiting forms.
   */
  instanceDirs?: string[];
  migrationsFolder: string;
  key?: Buffer;
  /** PostgreSQL: use pg_dump when installed (default); false writes the plain SQL dump. */
  pgDump?: boolean;
  /** The site's sign-in secret; carried only in an encrypted archive, fingerprinted in every one. */
  authSecret?: string;
  /** Where each backup is copied after it is written (the key is then required). */
  offsite?: OffsiteSettings;
}

export interface BackupResult {
  file: string;
  size: number;
  sha256: string;
  createdAt: string;
  durationMs: number;
  manifest: BackupManifest;
  /** The off-site copy's outcome, when one is configured. A failed copy leaves the local backup good. */
  offsite?: OffsiteOutcome;
}

export type OffsiteOutcome = { ok: true; where: string; pruned: string[] } | { ok: false; error: string };

export interface BackupStatus {
  /**
   * When this folder's backups began (its first backup, or the oldest it held when this was
   * added): off-site copies older than this came from another disk and are not pruned from here.
   */
  since?: string;
  lastGood?: { file: string; size: number; createdAt: string; durationMs: number };
  lastAttempt?: { at: string; ok: boolean; error?: string };
  offsite?: {
    /** The newest backup known to be complete off-site; createdAt is the backup's own time. */
    lastGood?: { file: string; size: number; createdAt: string; copiedAt: string };
    lastAttempt?: { at: string; file: string; ok: boolean; error?: string };
    /** Kept after later successes, for a "last failure" time in /metrics. */
    lastFailure?: { at: string; file: string; error: string };
  };
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

/** Backups in the folder, newest first. */
export async function listBackups(backupDir: string): Promise<{ name: string; createdAt: Date }[]> {
  const names = existsSync(backupDir) ? await readdir(backupDir) : [];
  return names
    .map((name) => ({ name, createdAt: backupTime(name) }))
    .filter((entry): entry is { name: string; createdAt: Date } => entry.createdAt !== undefined)
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

/**
 * Moves a finished archive into the backup folder under the first free name for its second: `link`
 * fails on a name already there, so two backups made in the same second (the hourly one and
 * `npm run backup`) never replace each other's file or pair one's checksum with the other's archive.
 */
async function claimName(
  backupDir: string,
  archive: string,
  createdAt: Date,
  encrypted: boolean,
): Promise<{ name: string; file: string }> {
  for (let nth = 1; ; nth++) {
    const name = backupName(createdAt, encrypted, nth);
    const file = path.join(backupDir, name);
    try {
      await link(archive, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    await rm(archive);
    return { name, file };
  }
}

/** Makes one backup of `database` (open, migrated) and the files under dataDir, then prunes old ones. */
export async function createBackup(database: Database, settings: BackupSettings): Promise<BackupResult> {
  const started = Date.now();
  const createdAt = new Date(started);
  if (settings.offsite && !settings.key) throw new Error("off-site copies need BACKUP_ENCRYPTION_KEY");
  await mkdir(settings.backupDir, { recursive: true, mode: 0o700 });
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
      // Each folder once: the list of every instance may name this one's own.
      const sources = [...new Set([settings.dataDir, ...(settings.instanceDirs ?? [])].map((dir) => path.resolve(dir)))]
        .map((dir) => path.join(dir, name))
        .filter((file) => existsSync(file));
      if (sources.length === 0) continue;
      await gatherLines(sources, path.join(staging, name));
      add(`files/${name}`, path.join(staging, name));
    }
    entries.push(...(await folderEntries(path.join(settings.dataDir, "media"), "files/media")));
    manifest.files = entries.filter((entry) => entry.name.startsWith("files/")).map((entry) => entry.name);
    if (settings.authSecret) {
      manifest.authSecret = { fingerprint: await secretFingerprint(settings.authSecret) };
      // Only inside an encrypted archive: an unencrypted one would hand the secret to whoever reads it.
      if (settings.key) {
        await writeFile(path.join(staging, SECRET_ENTRY), settings.authSecret, { mode: 0o600 });
        add(SECRET_ENTRY, path.join(staging, SECRET_ENTRY));
        manifest.authSecret.file = SECRET_ENTRY;
      }
    }
    await writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    entries.unshift({ name: "manifest.json", source: path.join(staging, "manifest.json") });

    const partial = path.join(staging, "archive");
    const { size, sha256 } = await writeArchive(partial, entries, settings.key);
    const { name, file } = await claimName(settings.backupDir, partial, createdAt, Boolean(settings.key));
    // The format `sha256sum -c` reads.
    await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`, { mode: 0o600 });
    const durationMs = Date.now() - started;
    const oldest = (await listBackups(settings.backupDir)).at(-1)?.createdAt.toISOString();
    await writeStatus(settings.backupDir, (status) => ({
      ...status,
      since: status.since ?? oldest ?? manifest.createdAt,
      lastGood: { file: name, size, createdAt: manifest.createdAt, durationMs },
      lastAttempt: { at: new Date().toISOString(), ok: true },
    }));
    await pruneBackups(settings.backupDir);
    // The folder may have been made by hand or by an older version with wider modes.
    await makePrivate(settings.backupDir);
    const result: BackupResult = { file, size, sha256, createdAt: manifest.createdAt, durationMs, manifest };
    if (settings.offsite) result.offsite = await copyToOffsite(settings, result);
    return result;
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

/** One JSON-lines file of several (each instance's outbox): a last line cut short by a crash is not joined to the next file's first. */
async function gatherLines(sources: string[], target: string) {
  const parts: Buffer[] = [];
  for (const [index, source] of sources.entries()) {
    const text = await readFile(source);
    parts.push(text);
    const another = index < sources.length - 1;
    if (another && text.length > 0 && text[text.length - 1] !== 0x0a) parts.push(Buffer.from("\n"));
  }
  await writeFile(target, Buffer.concat(parts));
}

async function writeDump(client: SqlClient, migrationsFolder: string, file: string) {
  const parts: string[] = [];
  await dumpSql(client, migrationsFolder, (text) => void parts.push(text));
  await writeFile(file, parts.join(""));
}

/**
 * Copies one backup off-site and applies retention there, recording the outcome in the status
 * file (the back office and /metrics read it). Never throws: the local backup stays good.
 */
async function copyToOffsite(
  settings: BackupSettings,
  backup: Pick<BackupResult, "file" | "size" | "sha256" | "createdAt">,
): Promise<OffsiteOutcome> {
  const offsite = settings.offsite;
  if (!offsite) return { ok: false, error: "no off-site storage is configured" };
  const name = path.basename(backup.file);
  const at = new Date().toISOString();
  let outcome: OffsiteOutcome;
  try {
    const store = await openOffsiteStore(offsite);
    const since = (await readBackupStatus(settings.backupDir)).since;
    const pruned = await copyOffsite(store, backup.file, backup.sha256, since ? new Date(since) : undefined);
    outcome = { ok: true, where: store.where, pruned };
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  await writeStatus(settings.backupDir, (status) => ({
    ...status,
    offsite: {
      lastGood: outcome.ok
        ? { file: name, size: backup.size, createdAt: backup.createdAt, copiedAt: new Date().toISOString() }
        : status.offsite?.lastGood,
      lastAttempt: { at, file: name, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }) },
      lastFailure: outcome.ok ? status.offsite?.lastFailure : { at, file: name, error: outcome.error },
    },
  }));
  return outcome;
}

/**
 * The newest local backup goes off-site if it is not there yet (its copy failed, or the
 * off-site storage was set up later). The scheduled check calls this between backups.
 */
export async function ensureOffsiteCopy(settings: BackupSettings): Promise<OffsiteOutcome | undefined> {
  if (!settings.offsite || !settings.key) return undefined;
  const status = await readBackupStatus(settings.backupDir);
  const good = status.lastGood;
  if (!good || status.offsite?.lastGood?.file === good.file) return undefined;
  const file = path.join(settings.backupDir, good.file);
  if (!existsSync(file)) return undefined;
  const sha256 = (await readFile(`${file}.sha256`, "utf8")).split(/\s+/)[0] ?? (await fileSha256(file));
  return copyToOffsite(settings, { file, size: good.size, sha256, createdAt: good.createdAt });
}

export async function pruneBackups(backupDir: string): Promise<string[]> {
  const backups = await listBackups(backupDir);
  const keep = backupsToKeep(backups);
  const removed = backups.filter((backup) => !keep.has(backup.name)).map((backup) => backup.name);
  for (const name of removed) {
    await rm(path.join(backupDir, name), { force: true });
    await rm(path.join(backupDir, `${name}.sha256`), { force: true });
  }
  // Backups made before they were written owner-only (0644) are closed too.
  for (const { name } of backups.filter((backup) => keep.has(backup.name))) {
    for (const file of [name, `${name}.sha256`]) await chmod(path.join(backupDir, file), 0o600).catch(() => undefined);
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
  /** AUTH_SECRET as the restored site will have it; it must be the one the backup was made with. */
  authSecret?: string;
  /** Restore a backup that does not carry its sign-in secret without knowing that secret. */
  newSecret?: boolean;
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
    const secret = await secretToRestore(manifest, unpacked, settings, log);
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
    if (secret) {
      const kept = storeAuthSecret(settings.dataDir, secret, `restore-${stamp(new Date())}`);
      if (kept) log(`kept the sign-in secret that was there as ${kept}`);
      log(`wrote the site's sign-in secret to ${authSecretFile(settings.dataDir)}`);
      if (settings.databaseUrl && !settings.authSecret) {
        log(
          `on PostgreSQL in production every instance needs AUTH_SECRET: set it to the content of ${authSecretFile(settings.dataDir)}`,
        );
      }
    }
    // Whatever the restoring shell's mask, and PGlite's own 0666 for its files.
    await makePrivate(settings.dataDir);
    log(`restored ${Object.keys(tables).length} tables and ${manifest.files.length} files`);
    return { durationMs: Date.now() - started, manifest, tables };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

const WHY_SECRET =
  "old unsubscribe links, the trainer's authenticator and her backup codes only work with the secret the data was made with";

/**
 * Checks, before anything is replaced, that the restored site will sign in with the secret the
 * data was made with, and returns the secret to write to DATA_DIR/auth-secret when the backup
 * carries it. AUTH_SECRET, when set, wins at start-up, so it must be that same secret.
 */
async function secretToRestore(
  manifest: BackupManifest,
  unpacked: string,
  settings: RestoreSettings,
  log: (message: string) => void,
): Promise<string | undefined> {
  const recorded = manifest.authSecret;
  if (!recorded) {
    log("this backup predates sign-in secret checks: make sure the site keeps the AUTH_SECRET it had");
    return undefined;
  }
  if (recorded.file) {
    const carried = (await readFile(path.join(unpacked, recorded.file), "utf8")).trim();
    if (settings.authSecret !== undefined && settings.authSecret !== carried) {
      throw new RestoreRefused(
        `AUTH_SECRET is set, but not to the sign-in secret this backup was made with (${WHY_SECRET}). ` +
          `Unset AUTH_SECRET and run the restore again: it writes the backup's secret to ${authSecretFile(settings.dataDir)}, and AUTH_SECRET can then be set to that file's content.`,
      );
    }
    return carried;
  }
  const candidate = settings.authSecret ?? storedAuthSecret(settings.dataDir);
  const source = settings.authSecret !== undefined ? "AUTH_SECRET" : authSecretFile(settings.dataDir);
  if (candidate !== undefined && (await matchesFingerprint(candidate, recorded.fingerprint))) {
    log(`the sign-in secret (${source}) is the one this backup was made with`);
    return undefined;
  }
  if (settings.newSecret) {
    log(`restoring without the old sign-in secret (--new-secret): ${WHY_SECRET}, so they stop working`);
    return undefined;
  }
  const problem =
    candidate === undefined
      ? "this backup is not encrypted, so it does not carry the site's sign-in secret"
      : `${source} is not the sign-in secret this backup was made with`;
  throw new RestoreRefused(
    `${problem} (${WHY_SECRET}). Set AUTH_SECRET to the value the old site used (its AUTH_SECRET, or the content of its DATA_DIR/auth-secret) and run the restore again; ` +
      "if that secret is lost for good, pass --new-secret to restore the data anyway.",
  );
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
  await client.connect().catch((error: unknown) => {
    throw explainConnectError(error, url);
  });
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

/** Fails early (before a long download) when the PostgreSQL target cannot be reached or is missing. */
export async function checkRestoreTarget(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: unknown) => {
    throw explainConnectError(error, databaseUrl);
  });
  await client.end();
}

/** PostgreSQL's "database … does not exist" says what to do; the password never appears. */
export function explainConnectError(error: unknown, url: string): Error {
  if ((error as { code?: string }).code !== "3D000") return error as Error;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const options = [
    `-h ${target.hostname}`,
    target.port ? `-p ${target.port}` : "",
    target.username ? `-U ${decodeURIComponent(target.username)}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return new RestoreRefused(
    `the database "${name}" does not exist on ${target.host}: a restore loads into an existing, empty database. ` +
      `Create it first (createdb ${options} ${name}, or CREATE DATABASE "${name}"; in psql), then run the restore again.`,
  );
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

/** The copies in the off-site storage, newest first. */
export async function listOffsiteBackups(offsite: OffsiteSettings): Promise<OffsiteListing> {
  return (await openOffsiteStore(offsite)).list();
}

/**
 * Downloads a backup from the off-site storage into a new owner-only temporary folder, checked
 * against its `.sha256`: the named one, or else the newest intact one. `cleanup` removes it.
 */
export async function downloadOffsiteBackup(
  offsite: OffsiteSettings,
  name: string | undefined,
  log: (message: string) => void = () => undefined,
): Promise<{ file: string; cleanup: () => Promise<void> }> {
  const store = await openOffsiteStore(offsite);
  const dir = await mkdtemp(path.join(tmpdir(), "offsite-restore-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    if (name) log(`downloading ${name} from ${store.where}`);
    const file = name ? await store.download(name, dir) : await downloadNewestGood(store, dir, log);
    return { file, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
