import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** Imported by entry.server.tsx: the URL of each built enhancer module, by name. */
export const ENHANCER_URLS_MODULE = "virtual:enhancer-urls";
const RESOLVED = `\0${ENHANCER_URLS_MODULE}`;
const SUFFIX = ".enhancer.ts";
/** Written into the client output (a dot file: the server's static files skip it). */
const NOTE = ".enhancer-entries.json";

/** Every `<name>.enhancer.ts` under app/features, by name (the file name without the suffix). */
export function enhancerSources(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(SUFFIX)) {
        const name = entry.name.slice(0, -SUFFIX.length);
        if (found[name]) throw new Error(`two enhancers are called "${name}"`);
        found[name] = path.relative(root, full).split(path.sep).join("/");
      }
    }
  };
  walk(path.join(root, "app", "features"));
  return found;
}

/**
 * Builds each enhancer (a few lines of plain script for one part of a page, no framework; see
 * docs/decisions/026-public-pages-as-documents.md) as its own small module beside the application,
 * and hands the hashed file names to the server bundle, which React Router builds after the client
 * bundle in a separate Vite build (hence the note file beside the client output), like
 * features/vitals/vite-plugin.ts. In development Vite serves the source files themselves.
 */
export function enhancerEntries(): Plugin {
  let sources: Record<string, string> = {};
  return {
    name: "enhancer-entries",
    configResolved(config) {
      sources = enhancerSources(config.root);
    },
    resolveId(id) {
      return id === ENHANCER_URLS_MODULE ? RESOLVED : undefined;
    },
    buildStart() {
      if (this.environment.config.command !== "build" || this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(sources))
        this.emitFile({ type: "chunk", id: file, name: `enhance-${name}`, preserveSignature: "strict" });
    },
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const files: Record<string, string> = {};
      for (const [name, source] of Object.entries(sources)) {
        const chunk = Object.values(bundle).find(
          (file) => file.type === "chunk" && file.isEntry && file.facadeModuleId?.endsWith(source),
        );
        if (!chunk) this.error(`the ${name} enhancer is missing from the client bundle`);
        files[name] = `/${chunk.fileName}`;
      }
      writeFileSync(path.join(options.dir, NOTE), JSON.stringify(files));
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (this.environment.config.command !== "build")
        return `export default ${JSON.stringify(Object.fromEntries(Object.entries(sources).map(([name, file]) => [name, `/${file}`])))};`;
      if (this.environment.name === "client") return `export default {};`;
      const note = path.resolve(this.environment.config.build.outDir, "..", "client", NOTE);
      try {
        return `export default ${readFileSync(note, "utf8")};`;
      } catch {
        this.error(`no ${note}: the client bundle (with the enhancers) must be built before the server bundle`);
      }
    },
  };
}
