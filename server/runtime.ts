// The compiled server's entry, build/server-runtime/index.js (scripts/build-server.mjs), which `npm
// start`, the Docker image and the systemd units run. React and React Router choose their production
// or development build from process.env.NODE_ENV when first imported, before any of the server's own
// code runs; the server's settings take a missing NODE_ENV as production (app/infra/env.server.ts).
// So the default is set here, and the server (server/index.ts, compiled beside this as server.js) is
// imported after it: without this, a start with no NODE_ENV (the README's `npm start`) rendered with
// React's development build, 1.6 times the CPU per page (decision 093).
import * as nodeModule from "node:module";
import type { ServerBuild } from "react-router";
import type * as Server from "./index";

// Compiling the server's modules was about a fifth of a start's CPU (1.0-1.3 of 5.5 s on a 2-core
// machine). Node keeps the compiled code in a cache directory (NODE_COMPILE_CACHE, else
// node-compile-cache in the system's temporary directory), so a restart after a deploy or a crash
// reuses it. It is written once the server is up, not only at exit, so a start that is killed later
// still leaves it (decision 095). A cache that cannot be written is only not used; a Node.js without
// the cache (before 22.1) starts as before.
const compileCache = nodeModule as typeof nodeModule & {
  // Node.js 22.1 and later; the project's Node.js type definitions are of the 20 line's API.
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
};
compileCache.enableCompileCache?.();

const given = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";
const entry = "./server.js";
const server = (await import(entry)) as typeof Server & { build?: ServerBuild };
await server.main(given, server.build).then(() => compileCache.flushCompileCache?.(), server.failedStart);
