// Backup and restore times for a database of 10,000 leads (with the fixture's subscribers, orders,
// payments, consent records and timeline entries), on PGlite and, when TEST_DATABASE_URL is set,
// on PostgreSQL. `npx tsx bench/backup.ts [runs]`; figures go to bench/RESULTS.md by hand.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, migrationsFolder } from "~/infra/db.server";
import { createBackup, restoreBackup } from "~/infra/backup.server";
import { fillDatabase } from "../tests/support/backup-fixtures";
import { createPostgresDatabase, dropPostgresDatabase } from "../tests/support/database";

const LEADS = 10_000;
const runs = Number(process.argv[2] ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(engine: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-backup-"));
  const url = engine === "postgres" ? await createPostgresDatabase() : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir });
  await fillDatabase(database.db, LEADS);
  const backups: number[] = [];
  const restores: number[] = [];
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const backupDir = mkdtempSync(path.join(tmpdir(), "bench-backups-"));
    const result = await createBackup(database, { backupDir, dataDir, migrationsFolder: migrationsFolder() });
    backups.push(result.durationMs);
    size = result.size;
    const target = url ? await createPostgresDatabase() : undefined;
    const targetDir = mkdtempSync(path.join(tmpdir(), "bench-restore-"));
    const restored = await restoreBackup({ file: result.file, dataDir: targetDir, databaseUrl: target });
    restores.push(restored.durationMs);
    if (target) await dropPostgresDatabase(target);
    rmSync(targetDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
  await database.close();
  if (url) await dropPostgresDatabase(url);
  console.log(
    `${engine}: ${LEADS} leads, archive ${(size / 1_048_576).toFixed(1)} MB; backup median ${(median(backups) / 1000).toFixed(1)} s ` +
      `(${backups.map((ms) => (ms / 1000).toFixed(1)).join(", ")}); restore median ${(median(restores) / 1000).toFixed(1)} s ` +
      `(${restores.map((ms) => (ms / 1000).toFixed(1)).join(", ")})`,
  );
}

await measure("pglite");
if (process.env.TEST_DATABASE_URL) await measure("postgres");
