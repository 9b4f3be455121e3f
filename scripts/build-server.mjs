// Compiles the Express server (server/ and the app modules it wires) together with React Router's
// server build and the npm packages they import (scripts/server-bundle.mjs, decision 096) into one ES
// module, build/server-runtime/server.js, started by build/server-runtime/index.js. Production starts
// it with plain `node`: transpiling the TypeScript at every start (tsx) doubled the time to the first
// answer (3.4 s to about 2 s measured on this project's 2-core machine).
import path from "node:path";
import { build } from "esbuild";
import { NODE_MODULE, serverBundle } from "./server-bundle.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";
const outdir = path.join(buildDir, "server-runtime");

// index.js (server/runtime.ts) sets NODE_ENV's default, then imports server.js: the packages bundled
// into server.js read NODE_ENV as they load (React picks its production or development build).
await build({ ...NODE_MODULE, entryPoints: { index: "server/runtime.ts" }, outdir, packages: "external" });
await build(
  serverBundle(
    buildDir,
    ['export { main, failedStart } from "./server/index.ts";', "export { build };"],
    path.join(outdir, "server.js"),
  ),
);
