// `npm run backup`: one backup of the database, the outbox and the uploaded media now, into
// BACKUP_DIR (see README "Backups"). PGlite allows one process per data directory, so while the
// site runs on PGlite this asks the running server (by signal) to make the backup and waits for it.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { EnvError, parseEnv } from "~/infra/env.server";
import { openDatabase, pgliteLockHolder } from "~/infra/db.server";
import { createBackup, readBackupStatus } from "~/infra/backup.server";
import { backupSettings } from "~/infra/backup-schedule.server";

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main() {
  const env = parseEnv(process.env);
  const settings = backupSettings(env);
  const holder = env.DATABASE_URL ? undefined : pgliteLockHolder(path.resolve(env.DATA_DIR, "pglite"));
  if (holder !== undefined) {
    const before = (await readBackupStatus(settings.backupDir)).lastAttempt?.at;
    console.log(`backup: the site (process ${holder}) has the database open; asking it to make the backup`);
    process.kill(holder, "SIGUSR2");
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline) {
      await sleep(500);
      const status = await readBackupStatus(settings.backupDir);
      if (status.lastAttempt && status.lastAttempt.at !== before) {
        if (!status.lastAttempt.ok) throw new Error(`the server's backup failed: ${status.lastAttempt.error ?? ""}`);
        const good = status.lastGood;
        console.log(`backup: ${path.join(settings.backupDir, good?.file ?? "")} (${megabytes(good?.size ?? 0)})`);
        return;
      }
    }
    throw new Error("the server did not finish a backup within 30 minutes");
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false });
  try {
    const result = await createBackup(database, settings);
    console.log(
      `backup: ${result.file} (${megabytes(result.size)}, ${Object.keys(result.manifest.tables).length} tables, ` +
        `${result.manifest.files.length} files, ${(result.durationMs / 1000).toFixed(1)} s)`,
    );
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
