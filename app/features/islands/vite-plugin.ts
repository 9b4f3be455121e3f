import { readdirSync } from "node:fs";
import path from "node:path";

/** What rolldown's chunking functions may ask about a module. */
interface GraphInfo {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

const ISLAND_ENTRY = /[\\/]([\w-]+)\.island\.tsx$/;

/**
 * The islands that reach a module through static imports (an island's own entry reaches itself).
 * Dynamic imports do not count: what an island loads later (the phone input) is a chunk of its own.
 */
function islandsReaching(graph: GraphInfo, memo: Map<string, Set<string>>, id: string, path: Set<string>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  const own = ISLAND_ENTRY.exec(id)?.[1];
  if (own) found.add(own);
  path.add(id);
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
    if (path.has(importer)) continue;
    for (const island of islandsReaching(graph, memo, importer, path)) found.add(island);
  }
  path.delete(id);
  // A result cut short by a cycle is not remembered.
  if (path.size === 0) memo.set(id, found);
  return found;
}

/** Every `*.island.tsx` under app/, relative to the project root. */
export function islandEntries(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".island.tsx")) found.push(relative);
    }
  };
  walk("app");
  return found.sort();
}

/**
 * How the islands' browser build (vite.islands.config.ts) is cut into files: the UI library
 * (`vendor`: Preact, decision 034) in one file, what two islands share, and each island's own code.
 */
export function islandChunkGroups(vendor: RegExp, vendorName: string) {
  const memo = new Map<string, Set<string>>();
  const reached = (id: string, graph: GraphInfo) =>
    vendor.test(id) || id.includes("\0") ? [] : [...islandsReaching(graph, memo, id, new Set())].sort();
  return [
    // The UI library in one file, shared by the islands.
    { name: vendorName, test: vendor, priority: 20 },
    {
      // Code two islands share, in a file of its own (taken before either island's group
      // pulls it in with its own dependencies).
      name: (id: string, graph: GraphInfo) => (reached(id, graph).length > 1 ? "islands-shared" : null),
      priority: 15,
    },
    {
      // An island's own code in one file (its entry's chunk).
      name: (id: string, graph: GraphInfo) => {
        const islands = reached(id, graph);
        return islands.length === 1 ? `${islands[0]}.island` : null;
      },
      priority: 10,
    },
  ];
}
