import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What a made database depends on: every migration file, and the PGlite, Drizzle and Node
 * versions that made it. A copy kept under this key is the same as one made now; change any of
 * them and a new one is made.
 */
export function templateKey(migrationsFolder = path.resolve(process.cwd(), "db/migrations")): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  const version = (name: string) =>
    (JSON.parse(readFileSync(path.resolve("node_modules", name, "package.json"), "utf8")) as { version: string })
      .version;
  hash.update(
    `pglite ${version("@electric-sql/pglite")} drizzle ${version("drizzle-orm")} node ${process.versions.node}`,
  );
  return hash.digest("hex").slice(0, 16);
}
