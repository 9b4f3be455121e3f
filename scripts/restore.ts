// `npm run restore -- FILE [--force] [--new-secret]`: loads a backup made by `npm run backup` into
// the database the environment names (DATABASE_URL, else the PGlite data directory under DATA_DIR),
// puts the outbox and media back, and the sign-in secret (DATA_DIR/auth-secret) when the backup
// carries it. Refuses a database that holds rows unless --force; stop the site first.
//
// `npm run restore -- --from-offsite [NAME]`: the same from the off-site storage (BACKUP_S3_*): the
// newest intact copy, or the one named. `npm run restore -- --list-offsite` lists what is there.
import { parseArgs } from "node:util";
import { parseEnv } from "~/infra/env.server";
import {
  checkRestoreTarget,
  downloadOffsiteBackup,
  listOffsiteBackups,
  restoreBackup,
  RestoreRefused,
} from "~/infra/backup.server";
import { offsiteSettings } from "~/infra/backup-schedule.server";
import { keepNewFilesPrivate } from "~/infra/private-files.server";

const USAGE =
  "usage: npm run restore -- FILE [--force] [--new-secret]\n" +
  "       npm run restore -- --from-offsite [NAME] [--force] [--new-secret]\n" +
  "       npm run restore -- --list-offsite";

const log = (message: string) => console.log(`restore: ${message}`);

async function main() {
  keepNewFilesPrivate();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: "boolean", default: false },
      "new-secret": { type: "boolean", default: false },
      "from-offsite": { type: "boolean", default: false },
      "list-offsite": { type: "boolean", default: false },
    },
  });
  const offsiteWanted = values["from-offsite"] || values["list-offsite"];
  if (
    positionals.length > 1 ||
    (!offsiteWanted && positionals.length !== 1) ||
    (values["list-offsite"] && positionals.length > 0)
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = parseEnv(process.env);
  const offsite = offsiteSettings(env);
  if (offsiteWanted && !offsite) {
    throw new RestoreRefused(
      "no off-site storage is configured: set BACKUP_S3_BUCKET and the other BACKUP_S3_* settings the site uses",
    );
  }

  if (values["list-offsite"] && offsite) {
    const { copies, incomplete } = await listOffsiteBackups(offsite);
    if (copies.length === 0) console.log("restore: no complete backup off-site");
    for (const copy of copies) {
      console.log(`${copy.name}  ${(copy.size / 1_048_576).toFixed(1)} MB  made ${copy.createdAt.toISOString()}`);
    }
    for (const name of incomplete) console.log(`${name}  (upload not finished: no .sha256)`);
    return;
  }

  await checkRestoreTarget(env.DATABASE_URL);
  const downloaded =
    values["from-offsite"] && offsite ? await downloadOffsiteBackup(offsite, positionals[0], log) : undefined;
  try {
    const result = await restoreBackup({
      file: downloaded?.file ?? positionals[0] ?? "",
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      key: env.BACKUP_ENCRYPTION_KEY,
      force: values.force,
      authSecret: env.AUTH_SECRET,
      newSecret: values["new-secret"],
      log,
    });
    const rows = Object.values(result.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `restore: done in ${(result.durationMs / 1000).toFixed(1)} s; ${rows} rows in ${Object.keys(result.tables).length} tables ` +
        `match the backup's counts and checksums (made ${result.manifest.createdAt})`,
    );
  } finally {
    await downloaded?.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(
    `restore ${error instanceof RestoreRefused ? "refused" : "failed"}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
