/**
 * Integration tests open dozens of in-memory databases, and each one costs PGlite's initdb plus
 * every migration: 5 to 13 s on a loaded 2-core machine. This setup file (vitest.config.ts,
 * integration project) hands every `PGlite.create("memory://")` a copy of one database made the
 * ordinary way (a fresh in-memory PGlite and Drizzle's migrator over db/migrations). Vitest runs
 * each test file in a fresh module graph, so the made database is kept as a tarball in the
 * system temp directory under a key of the migrations and versions (tests/support/template-key.ts):
 * the first file of a run makes it, the other files (and workers) load it. The app still runs
 * its migrations on each (none left to apply), so a broken migration fails every test, and the
 * migration tests still see the schema a fresh migration makes. Databases on disk and any
 * `create` given options of its own (backups, restores) are left alone.
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import type * as PGliteModule from "@electric-sql/pglite";
import { templateKey } from "./template-key";

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const actual = await importOriginal<typeof PGliteModule>();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // As app/infra/db.server.ts finds it (not imported here: that module imports this one).
  const migrationsFolder = path.resolve(process.cwd(), "db/migrations");
  const Original = actual.PGlite;
  let template: Promise<Blob> | undefined;

  async function makeTemplate(): Promise<Blob> {
    const file = path.join(tmpdir(), `coach-pglite-memory-${templateKey(migrationsFolder)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await Original.create("memory://", {});
    try {
      await migrate(drizzle({ client: fresh }), { migrationsFolder });
      await fresh.query("checkpoint");
      const made = await fresh.dumpDataDir("none");
      // Written beside it and renamed into place, so another file never reads half a tarball.
      const work = mkdtempSync(path.join(tmpdir(), "coach-pglite-making-"));
      writeFileSync(path.join(work, "template.tar"), Buffer.from(await made.arrayBuffer()));
      renameSync(path.join(work, "template.tar"), file);
      rmSync(work, { recursive: true, force: true });
      return made;
    } finally {
      await fresh.close();
    }
  }

  class PGlite extends Original {}
  const create = ((...args: Parameters<typeof Original.create>) => {
    if (args.length === 1 && args[0] === "memory://") {
      template ??= makeTemplate();
      return template.then((loadDataDir) => Original.create("memory://", { loadDataDir }));
    }
    return Original.create(...args);
  }) as typeof Original.create;
  Object.defineProperty(PGlite, "create", { value: create });
  return { ...actual, PGlite };
});
