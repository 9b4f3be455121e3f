/**
 * Integration tests open dozens of in-memory databases, and each one costs PGlite's initdb plus
 * every migration: 5 to 13 s on a loaded 2-core machine. This setup file (vitest.config.ts,
 * integration project) makes one such database per test worker the ordinary way (a fresh
 * in-memory PGlite and Drizzle's migrator over db/migrations), keeps its files as a tarball, and
 * hands every later `PGlite.create("memory://")` a copy of it. The app still runs its migrations
 * on each (none left to apply), so a broken migration fails the template and with it every test,
 * and the migration tests still see the schema a fresh migration makes. Databases on disk and
 * any `create` given options of its own (backups, restores) are left alone.
 */
import path from "node:path";
import { vi } from "vitest";
import type * as PGliteModule from "@electric-sql/pglite";

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const actual = await importOriginal<typeof PGliteModule>();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // As app/infra/db.server.ts finds it (not imported here: that module imports this one).
  const migrationsFolder = () => path.resolve(process.cwd(), "db/migrations");
  const Original = actual.PGlite;
  let template: Promise<Blob> | undefined;

  async function makeTemplate(): Promise<Blob> {
    const fresh = await Original.create("memory://", {});
    try {
      await migrate(drizzle({ client: fresh }), { migrationsFolder: migrationsFolder() });
      await fresh.query("checkpoint");
      return await fresh.dumpDataDir("none");
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
