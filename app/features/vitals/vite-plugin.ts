import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** Imported by the server entry for vitals-boot.ts: the URL of the built field-measurement module. */
export const VITALS_URL_MODULE = "virtual:vitals-url";
const RESOLVED = `\0${VITALS_URL_MODULE}`;
const ENTRY = "app/features/vitals/start-vitals.ts";
/** Written into the client output (a dot file: the server's static files skip it). */
const NOTE = ".vitals-entry.json";

/**
 * Builds start-vitals.ts as its own small module next to the application (not part of any route's
 * bundle, so a page can load it without the app) and hands its hashed file name to the server
 * bundle, which React Router builds after the client bundle, in a separate Vite build (hence the
 * note file beside the client output). In development Vite serves the source file itself. The
 * client bundle does not need the URL: only the server renders it.
 */
export function vitalsEntry(): Plugin {
  return {
    name: "vitals-entry",
    resolveId(id) {
      return id === VITALS_URL_MODULE ? RESOLVED : undefined;
    },
    buildStart() {
      if (this.environment.config.command === "build" && this.environment.name === "client")
        this.emitFile({ type: "chunk", id: ENTRY, name: "vitals", preserveSignature: "strict" });
    },
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const chunk = Object.values(bundle).find(
        (file) => file.type === "chunk" && file.isEntry && file.facadeModuleId?.endsWith(ENTRY),
      );
      if (!chunk) this.error("the vitals module is missing from the client bundle");
      writeFileSync(path.join(options.dir, NOTE), JSON.stringify({ file: chunk.fileName }));
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (this.environment.config.command !== "build") return `export default ${JSON.stringify(`/${ENTRY}`)};`;
      if (this.environment.name === "client") return `export default "";`;
      const note = path.resolve(this.environment.config.build.outDir, "..", "client", NOTE);
      let file: string;
      try {
        file = (JSON.parse(readFileSync(note, "utf8")) as { file: string }).file;
      } catch {
        this.error(`no ${note}: the client bundle (with the vitals module) must be built before the server bundle`);
      }
      return `export default ${JSON.stringify(`/${file}`)};`;
    },
  };
}
