import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase } from "~/infra/db.server";
import { templateKey } from "./template-key";

/**
 * Most of a test server's start is its embedded database being made: PGlite's initdb and every
 * migration, 20 to 50 s on a loaded 2-core machine against 1 to 3 s to copy and open one already
 * made. A test that needs a data directory of its own, but not the first start itself, gets a
 * copy of one database made and migrated once per set of migrations (and PGlite version). The
 * server still runs its migrations on start (none left to apply) and makes everything else a
 * first start makes (auth secret, push keys). The first start on an empty directory stays
 * tested: the shared e2e server, the migration tests and every test that makes its own
 * directory start from nothing.
 */
let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const final = path.join(tmpdir(), `coach-pglite-template-${templateKey(migrationsFolder())}`);
  if (existsSync(path.join(final, "PG_VERSION"))) return final;
  // Made beside it and renamed into place, so a parallel worker never copies half a database.
  const work = mkdtempSync(path.join(tmpdir(), "coach-pglite-making-"));
  const database = await openDatabase({ dataDir: work });
  await database.close();
  try {
    renameSync(path.join(work, "pglite"), final);
  } catch {
    // Another worker got there first: its copy is the same.
  }
  rmSync(work, { recursive: true, force: true });
  return final;
}

/** A new data directory (under the system temp directory) holding a migrated embedded database. */
export async function migratedDataDir(prefix = "coach-data-"): Promise<string> {
  template ??= makeTemplate();
  const source = await template;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(source, path.join(dir, "pglite"), { recursive: true });
  return dir;
}
