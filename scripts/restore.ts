// `npm run restore FILE [--force]`: loads a backup made by `npm run backup` into the database the
// environment names (DATABASE_URL, else the PGlite data directory under DATA_DIR) and puts the
// outbox and media back. Refuses a database that holds rows unless --force; stop the site first.
import { parseEnv } from "~/infra/env.server";
import { restoreBackup, RestoreRefused } from "~/infra/backup.server";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length !== 1) {
    console.error("usage: npm run restore -- FILE [--force]");
    process.exit(2);
  }
  const env = parseEnv(process.env);
  const result = await restoreBackup({
    file: files[0] ?? "",
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    key: env.BACKUP_ENCRYPTION_KEY,
    force,
    log: (message) => console.log(`restore: ${message}`),
  });
  const rows = Object.values(result.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `restore: done in ${(result.durationMs / 1000).toFixed(1)} s; ${rows} rows in ${Object.keys(result.tables).length} tables ` +
      `match the backup's counts and checksums (made ${result.manifest.createdAt})`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `restore ${error instanceof RestoreRefused ? "refused" : "failed"}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
