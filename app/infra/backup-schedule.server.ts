import { stat } from "node:fs/promises";
import path from "node:path";
import {
  createBackup,
  listBackups,
  readBackupStatus,
  type BackupResult,
  type BackupSettings,
  type BackupStatus,
} from "./backup.server";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { every, runExclusive } from "./scheduled-job.server";
import { migrationsFolder } from "./db.server";

/** The back office and /healthz warn when the newest good backup is older than this. */
export const BACKUP_STALE_HOURS = 26;
/** Arbitrary constant: one instance at a time makes the scheduled backup. */
const BACKUP_LOCK_ID = 7_413_908;
const CHECK_EVERY_MS = 5 * 60_000;

export function backupSettings(env: Env): BackupSettings {
  return {
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")),
    dataDir: path.resolve(env.DATA_DIR),
    migrationsFolder: migrationsFolder(),
    key: env.BACKUP_ENCRYPTION_KEY,
  };
}

/** What the dashboard, /healthz and /metrics show of the newest good backup. */
export interface BackupSummary {
  lastGoodAt: string | null;
  ageHours: number | null;
  size: number | null;
  file: string | null;
  stale: boolean;
  lastAttemptFailed: boolean;
  /** When the last attempt failed (null when it succeeded or none was made yet). */
  lastFailureAt: string | null;
}

export function summarise(status: BackupStatus, now = Date.now()): BackupSummary {
  const good = status.lastGood;
  const ageHours = good ? (now - Date.parse(good.createdAt)) / 3_600_000 : null;
  return {
    lastGoodAt: good?.createdAt ?? null,
    ageHours: ageHours === null ? null : Math.round(ageHours * 10) / 10,
    size: good?.size ?? null,
    file: good?.file ?? null,
    stale: ageHours === null || ageHours > BACKUP_STALE_HOURS,
    lastAttemptFailed: status.lastAttempt?.ok === false,
    lastFailureAt: status.lastAttempt?.ok === false ? status.lastAttempt.at : null,
  };
}

export interface Backups {
  summary(): Promise<BackupSummary>;
  /** One of the backups in the folder, by its file name; null for any other name. */
  file(name: string): Promise<{ path: string; size: number } | null>;
  /** One backup now (npm run backup signals a running PGlite server to call this). */
  runNow(): Promise<BackupResult>;
  /** Whether the hourly check runs (false when BACKUP_INTERVAL_MINUTES is 0 or after stop). */
  readonly scheduled: boolean;
  /** 0 when scheduled backups are off by configuration (a separate job makes them). */
  readonly intervalMinutes: number;
  stop(): void;
}

/**
 * The server's own backups: every few minutes it checks whether the newest good backup is
 * older than the interval and makes one if so. On PostgreSQL an advisory lock lets one
 * instance at a time do it; PGlite has one process by construction.
 */
export function startBackups(database: Database, env: Env, logger: Logger): Backups {
  const settings = backupSettings(env);
  const intervalMs = env.BACKUP_INTERVAL_MINUTES * 60_000;
  let running: Promise<BackupResult> | undefined;
  const runNow = () => {
    running ??= createBackup(database, settings)
      .then((result) => {
        logger.info(
          { file: path.basename(result.file), bytes: result.size, durationMs: result.durationMs },
          "backup written",
        );
        return result;
      })
      .finally(() => (running = undefined));
    return running;
  };
  // A little slack: a check that lands just before the hour must not skip a whole interval.
  const due = async () => {
    const good = (await readBackupStatus(settings.backupDir)).lastGood;
    return !good || Date.now() - Date.parse(good.createdAt) >= intervalMs - CHECK_EVERY_MS / 2;
  };
  const tick = async () => {
    if (running || !(await due())) return;
    if (database.engine === "pglite") return runNow();
    await runExclusive(database.db, BACKUP_LOCK_ID, async () => {
      if (await due()) await runNow();
    });
  };
  let scheduled = intervalMs > 0;
  const stopTimer = scheduled
    ? every(CHECK_EVERY_MS, tick, (error) => logger.error({ err: error }, "scheduled backup failed"), 60_000)
    : () => undefined;
  return {
    summary: async () => summarise(await readBackupStatus(settings.backupDir)),
    // Only a name the folder's own listing holds: never a path made from what the request says.
    async file(name) {
      const found = (await listBackups(settings.backupDir)).find((backup) => backup.name === name);
      if (!found) return null;
      const file = path.join(settings.backupDir, found.name);
      return { path: file, size: (await stat(file)).size };
    },
    runNow,
    get scheduled() {
      return scheduled;
    },
    intervalMinutes: env.BACKUP_INTERVAL_MINUTES,
    stop: () => {
      scheduled = false;
      stopTimer();
    },
  };
}
