// How a server is bundled with React Router's server build (build/server/index.js) and the npm packages
// both import: the production server (scripts/build-server.mjs) and the fault drills' server
// (tests/support/fault.ts). Left as imports, a start loaded about 1,800 files from node_modules, and
// Node's resolving of each (finding its package.json, its format) was near half of a start's CPU:
// 3.8-4.4 s against 1.7-2.2 s bundled (decision 096). The server's modules and the routes import one
// copy of each package, as they did from node_modules (React Router checks that the request context
// is its own class).
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Left in node_modules: native code (sharp), PGlite (its WebAssembly and data files sit beside its
 * modules), pino (its transports start worker threads from their own files), pg (an optional native
 * binding it tries to require), the AWS SDK (large, loaded only when backups go off-site) and Vite
 * (development only).
 */
export const SERVER_EXTERNAL = ["sharp", "@electric-sql/pglite", "pino", "thread-stream", "pg", "@aws-sdk/*", "vite"];

/** esbuild's options for a module Node runs: one ES module for this project's Node.js lines. */
export const NODE_MODULE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.22",
  absWorkingDir: root,
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: "linked",
  logLevel: "warning",
};

/**
 * esbuild's options for one ES module made of `lines` (an entry module's statements, resolved from
 * the project's root) with `buildDir`'s React Router server build imported as `build`.
 */
export function serverBundle(buildDir, lines, outfile) {
  return {
    ...NODE_MODULE,
    stdin: {
      contents: [`import * as build from ${JSON.stringify(path.resolve(buildDir, "server/index.js"))};`, ...lines].join(
        "\n",
      ),
      resolveDir: root,
      sourcefile: "server-entry.js",
    },
    outfile,
    external: SERVER_EXTERNAL,
    // The CommonJS packages bundled into an ES module call `require` for Node's own modules.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  };
}
