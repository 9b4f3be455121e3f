// The compiled server's entry, build/server-runtime/index.js (scripts/build-server.mjs), which `npm
// start`, the Docker image and the systemd units run. React and React Router choose their production
// or development build from process.env.NODE_ENV when first imported, before any of the server's own
// code runs; the server's settings take a missing NODE_ENV as production (app/infra/env.server.ts).
// So the default is set here, and the server (server/index.ts, compiled beside this as server.js) is
// imported after it: without this, a start with no NODE_ENV (the README's `npm start`) rendered with
// React's development build, 1.6 times the CPU per page (decision 093).
import type * as Server from "./index";

const given = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";
const entry = "./server.js";
const server = (await import(entry)) as typeof Server;
await server.main(given).catch(server.failedStart);
