// The project's modules an island can run in the browser: every file reachable from an
// `app/**/*.island.tsx` entry through its imports, static or dynamic (a part an island loads later
// is still rendered by Preact). eslint.config.js holds these files to the island rules of decision
// 034 (no `useId`): docs/decisions/049-one-client-runtime.md.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ALIASES = { "~/": "app/", "#content/": "content/", "#db/": "db/" };
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function entries(root, dir = "app") {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entries(root, relative);
    return entry.name.endsWith(".island.tsx") ? [relative] : [];
  });
}

/** The project file an import names, relative to the root, or null for a package. */
function resolve(root, from, specifier) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Every project file (relative to `root`, POSIX separators) an island reaches, its entries included. */
export function islandModules(root) {
  const seen = new Set();
  const queue = entries(root);
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolve(root, file, fileName);
      // A `.server.ts` file never reaches a browser (an island names one for its types only).
      if (target && /\.(ts|tsx)$/.test(target) && !target.endsWith(".server.ts")) queue.push(target);
    }
  }
  return [...seen].sort();
}
