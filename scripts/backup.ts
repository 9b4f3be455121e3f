// `npm run backup`: one backup of the database, the outbox and the uploaded media now, into
// BACKUP_DIR, and off-site when BACKUP_S3_BUCKET is set (see README "Backups"). PGlite allows one
// process per data directory, so while the site runs on PGlite this asks the running server (by
// signal) to make the backup and waits for it. Exits 1 when the backup or its off-site copy failed.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { EnvError, parseEnv } from "~/infra/env.server";
import { openDatabase, pgliteLockHolder } from "~/infra/db.server";
import { createBackup, readBackupStatus, type BackupStatus } from "~/infra/backup.server";
import { backupSettings } from "~/infra/backup-schedule.server";
import { offsiteWhere } from "~/infra/backup-offsite.server";
import { keepNewFilesPrivate } from "~/infra/private-files.server";

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function reportOffsite(outcome: { ok: boolean; error?: string; where?: string }) {
  if (outcome.ok) {
    console.log(`backup: copied off-site${outcome.where ? ` to ${outcome.where}` : ""}`);
    return;
  }
  console.error(`backup: the backup is written here, but copying it off-site failed: ${outcome.error ?? ""}`);
  process.exitCode = 1;
}

async function main() {
  keepNewFilesPrivate();
  const env = parseEnv(process.env);
  const settings = backupSettings(env);
  const holder = env.DATABASE_URL ? undefined : pgliteLockHolder(path.resolve(env.DATA_DIR, "pglite"));
  if (holder !== undefined) {
    const before = (await readBackupStatus(settings.backupDir)).lastAttempt?.at;
    console.log(`backup: the site (process ${holder}) has the database open; asking it to make the backup`);
    process.kill(holder, "SIGUSR2");
    const deadline = Date.now() + 30 * 60_000;
    // With off-site storage the server's status says the copy's outcome after the backup's.
    const finished = (status: BackupStatus) =>
      status.lastAttempt !== undefined &&
      status.lastAttempt.at !== before &&
      (!status.lastAttempt.ok || !settings.offsite || status.offsite?.lastAttempt?.file === status.lastGood?.file);
    while (Date.now() < deadline) {
      await sleep(500);
      const status = await readBackupStatus(settings.backupDir);
      if (finished(status)) {
        if (!status.lastAttempt?.ok) throw new Error(`the server's backup failed: ${status.lastAttempt?.error ?? ""}`);
        const good = status.lastGood;
        console.log(`backup: ${path.join(settings.backupDir, good?.file ?? "")} (${megabytes(good?.size ?? 0)})`);
        if (settings.offsite && status.offsite?.lastAttempt) {
          reportOffsite({ ...status.offsite.lastAttempt, where: offsiteWhere(settings.offsite) });
        }
        return;
      }
    }
    throw new Error("the server did not finish a backup within 30 minutes");
  }
  if (!settings.authSecret) {
    // A backup job with fewer settings than the site: its restore would need AUTH_SECRET by hand.
    console.warn(
      "backup: AUTH_SECRET is not set here (and DATA_DIR has no auth-secret), so this backup cannot carry the sign-in secret; run it with the site's settings",
    );
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false });
  try {
    const result = await createBackup(database, settings);
    console.log(
      `backup: ${result.file} (${megabytes(result.size)}, ${Object.keys(result.manifest.tables).length} tables, ` +
        `${result.manifest.files.length} files, ${(result.durationMs / 1000).toFixed(1)} s)`,
    );
    if (result.offsite) reportOffsite(result.offsite);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `backup failed: ${error instanceof EnvError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
