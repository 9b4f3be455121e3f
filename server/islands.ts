import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ISLANDS_MANIFEST } from "~/features/islands/islands-manifest";
import { islandEntries } from "~/features/islands/vite-plugin";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The built files of each island entry (`<name>.island.tsx`), the entry first, then every chunk it
 * imports, read from the manifest of the islands' own browser build (Preact, vite.islands.config.ts;
 * docs/decisions/017-islands-and-per-request-pages.md, 034-preact-islands.md). Never the
 * application's client build, whose copies of the islands carry React DOM.
 * Empty without a build (development).
 */
export function islandModules(clientDir: string): Record<string, string[]> {
  const file = path.join(clientDir, ISLANDS_MANIFEST);
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

/** Where the development server serves the islands' own Vite server (Preact, as in the build). */
export const DEV_ISLANDS_BASE = "/@islands/";

/**
 * Development: each island's entry as a source file the islands' Vite server transforms (with the
 * islands' build config: Preact in place of React DOM), so `npm run dev` runs the same island code
 * as the build. Vite loads what it imports itself; nothing is preloaded.
 */
export function devIslandModules(root: string): Record<string, string[]> {
  const islands: Record<string, string[]> = {};
  for (const file of islandEntries(root)) {
    const name = /\/([\w-]+)\.island\.tsx$/.exec(file)?.[1];
    if (name) islands[name] = [`${DEV_ISLANDS_BASE}${file}`];
  }
  return islands;
}
