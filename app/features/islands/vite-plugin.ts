import { readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** What rolldown's chunking functions may ask about a module. */
interface GraphInfo {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ISLAND_ENTRY = /[\\/]([\w-]+)\.island\.tsx$/;
/** A page's small plain-script enhancers (decision 026) share modules with islands but never React. */
const ENHANCER_ENTRY = /[\\/]([\w-]+)\.enhancer\.ts$/;

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
  const enhancer = ENHANCER_ENTRY.exec(id)?.[1];
  if (enhancer) found.add(`enhancer:${enhancer}`);
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
 * How the client bundle is cut into files around the islands: the UI library (`vendor`: React and
 * React DOM in the application's build, Preact in the islands' own build, decision 034) in one file,
 * what enhancers share with an island, what two islands share, and each island's own code.
 */
export function islandChunkGroups(vendor: RegExp, vendorName: string) {
  const memo = new Map<string, Set<string>>();
  const entriesReaching = (id: string, graph: GraphInfo) =>
    vendor.test(id) || id.includes("\0") ? [] : [...islandsReaching(graph, memo, id, new Set())].sort();
  const byEnhancer = (entry: string) => entry.startsWith("enhancer:");
  const reached = (id: string, graph: GraphInfo) => entriesReaching(id, graph).filter((e) => !byEnhancer(e));
  return [
    // The UI library in one file, shared by the islands (and, in the application's build, the back office).
    { name: vendorName, test: vendor, priority: 20 },
    {
      // What a page's plain-script enhancers (decision 026) share with an island, in a file of its own
      // taken before the islands' groups: an island's group takes its modules'
      // dependencies with it, and a content page that loads only an enhancer must not
      // fetch an island's chunk, and React with it.
      name: (id: string, graph: GraphInfo) => {
        const entries = entriesReaching(id, graph);
        return entries.some(byEnhancer) && !entries.every(byEnhancer) ? "enhancers-shared" : null;
      },
      priority: 18,
    },
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

/**
 * Builds each island (`<name>.island.tsx`) as an entry of the client bundle of its own
 * (docs/decisions/027-island-budgets.md). As a mere dynamic import of the application's code the
 * bundler may assume its importer is already loaded and put the modules they share (React Router
 * among them) in a chunk the island then imports; a page that loads only the island would fetch
 * them all. As an entry, the island's chunks hold nothing but what its own imports reach.
 */
export function islandEntriesPlugin(): Plugin {
  return {
    name: "island-entries",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: { rolldownOptions: { output: { codeSplitting: { groups: islandChunkGroups(REACT, "react") } } } },
      };
    },
    buildStart() {
      if (this.environment.config.command !== "build" || this.environment.name !== "client") return;
      for (const id of islandEntries(this.environment.config.root))
        this.emitFile({ type: "chunk", id, preserveSignature: "strict" });
    },
  };
}
