import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The built files of each island entry (`<name>.island.tsx`), the entry first, then every chunk it
 * imports, read from Vite's manifest of the client build (docs/decisions/017-islands-and-per-request-pages.md).
 * Empty without a build (development: the application starts islands itself).
 */
export function islandModules(clientDir: string): Record<string, string[]> {
  const file = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const islands: Record<string, string[]> = {};
  for (const key of Object.keys(manifest)) {
    const name = /\/([\w-]+)\.island\.tsx$/.exec(key)?.[1];
    if (!name) continue;
    const files = new Set<string>();
    const walk = (chunkKey: string) => {
      const chunk = manifest[chunkKey];
      if (!chunk || files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(key);
    islands[name] = [...files];
  }
  return islands;
}
