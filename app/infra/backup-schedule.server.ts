import { stat } from "node:fs/promises";
import path from "node:path";
import {
  createBackup,
  ensureOffsiteCopy,
  listBackups,
  readBackupStatus,
  type BackupResult,
  type BackupSettings,
  type BackupStatus,
  type OffsiteOutcome,
} from "./backup.server";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { every, runExclusive } from "./scheduled-job.server";
import { migrationsFolder } from "./db.server";
import { currentAuthSecret } from "./auth-secret.server";
import { normalisePrefix, type OffsiteSettings } from "./backup-offsite.server";

/** The back office and /healthz warn when the newest good backup is older than this. */
export const BACKUP_STALE_HOURS = 26;
/** Arbitrary constant: one instance at a time makes the scheduled backup. */
const BACKUP_LOCK_ID = 7_413_908;
const CHECK_EVERY_MS = 5 * 60_000;

/** The off-site storage the environment names (BACKUP_S3_* or BACKUP_RCLONE_REMOTE), if any. */
export function offsiteSettings(env: Env): OffsiteSettings | undefined {
  if (env.BACKUP_RCLONE_REMOTE) return { kind: "rclone", remote: env.BACKUP_RCLONE_REMOTE };
  if (!env.BACKUP_S3_BUCKET) return undefined;
  return {
    kind: "s3",
    bucket: env.BACKUP_S3_BUCKET,
    prefix: normalisePrefix(env.BACKUP_S3_PREFIX),
    region: env.BACKUP_S3_REGION,
    endpoint: env.BACKUP_S3_ENDPOINT,
    forcePathStyle: env.BACKUP_S3_PATH_STYLE ?? env.BACKUP_S3_ENDPOINT !== undefined,
    credentials:
      env.BACKUP_S3_ACCESS_KEY_ID && env.BACKUP_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID, secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function backupSettings(env: Env): BackupSettings {
  return {
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")),
    dataDir: path.resolve(env.DATA_DIR),
    instanceDirs: env.BACKUP_INSTANCE_DIRS.map((dir) => path.resolve(dir)),
    migrationsFolder: migrationsFolder(),
    key: env.BACKUP_ENCRYPTION_KEY,
    authSecret: currentAuthSecret(env),
    offsite: offsiteSettings(env),
  };
}

/** What the dashboard, /healthz and /metrics show of the newest good backup and its off-site copy. */
export interface BackupSummary {
  lastGoodAt: string | null;
  ageHours: number | null;
  size: number | null;
  file: string | null;
  stale: boolean;
  lastAttemptFailed: boolean;
  /** When the last attempt failed (null when it succeeded or none was made yet). */
  lastFailureAt: string | null;
  offsite: {
    /** False when no off-site storage is set up: the backups are on this machine only. */
    configured: boolean;
    /** When the newest backup that is complete off-site was made. */
    lastGoodAt: string | null;
    ageHours: number | null;
    stale: boolean;
    lastAttemptFailed: boolean;
    /** When a copy last failed, even if a later one worked. */
    lastFailureAt: string | null;
  };
}

const hoursSince = (iso: string | undefined, now: number) =>
  iso === undefined ? null : Math.round(((now - Date.parse(iso)) / 3_600_000) * 10) / 10;

export function summarise(status: BackupStatus, now = Date.now(), offsiteConfigured = false): BackupSummary {
  const good = status.lastGood;
  const ageHours = hoursSince(good?.createdAt, now);
  const offsiteGood = status.offsite?.lastGood;
  const offsiteAge = hoursSince(offsiteGood?.createdAt, now);
  return {
    lastGoodAt: good?.createdAt ?? null,
    ageHours,
    size: good?.size ?? null,
    file: good?.file ?? null,
    stale: ageHours === null || ageHours > BACKUP_STALE_HOURS,
    lastAttemptFailed: status.lastAttempt?.ok === false,
    lastFailureAt: status.lastAttempt?.ok === false ? status.lastAttempt.at : null,
    offsite: {
      configured: offsiteConfigured,
      lastGoodAt: offsiteGood?.createdAt ?? null,
      ageHours: offsiteAge,
      stale: offsiteConfigured && (offsiteAge === null || offsiteAge > BACKUP_STALE_HOURS),
      lastAttemptFailed: offsiteConfigured && status.offsite?.lastAttempt?.ok === false,
      lastFailureAt: status.offsite?.lastFailure?.at ?? null,
    },
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
  const logOffsite = (outcome: OffsiteOutcome | undefined, file: string) => {
    if (!outcome) return;
    if (outcome.ok) logger.info({ file, pruned: outcome.pruned.length }, "backup copied off-site");
    else logger.error({ file, reason: outcome.error }, "copying the backup off-site failed");
  };
  const runNow = () => {
    // The secret as it is now: a site's first start makes DATA_DIR/auth-secret after this module is set up.
    running ??= createBackup(database, { ...settings, authSecret: currentAuthSecret(env) })
      .then((result) => {
        logger.info(
          { file: path.basename(result.file), bytes: result.size, durationMs: result.durationMs },
          "backup written",
        );
        logOffsite(result.offsite, path.basename(result.file));
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
  // A copy that failed is tried again at the next check, not only with the next backup.
  const catchUp = async () => {
    const status = await readBackupStatus(settings.backupDir);
    const file = status.lastGood?.file ?? "";
    logOffsite(await ensureOffsiteCopy({ ...settings, authSecret: currentAuthSecret(env) }), file);
  };
  const tick = async () => {
    if (running) return;
    if (!(await due())) return catchUp();
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
    summary: async () => summarise(await readBackupStatus(settings.backupDir), Date.now(), Boolean(settings.offsite)),
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
