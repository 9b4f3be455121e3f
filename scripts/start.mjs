// `npm start`: builds when the build is missing or older than its sources, then serves. A second start on a built tree
// skips straight to serving. package.json runs it with `exec`, so that npm's SIGTERM reaches this process rather
// than only the shell between them (dash does not pass it on: the server kept running); from here every
// SIGINT/SIGTERM goes to the child of the moment (the build, then the server), and this process exits as it does.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
const stampFile = path.join(buildDir, "start-stamp.json");
const SOURCES = [
  "app",
  "server",
  "content",
  "db",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newest(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stats.mtimeMs);
}

const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, "utf8")) : null;
const fresh =
  stamp &&
  existsSync(path.join(buildDir, "server/index.js")) &&
  existsSync(path.join(buildDir, "server-runtime/index.js")) &&
  SOURCES.filter((entry) => existsSync(entry)).every((entry) => newest(entry) <= stamp.builtAt);

let child;
let stopping;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    child?.kill(signal);
  });
}

/** Runs a child to its end; a signal that ended it ends this process the same way. */
function run(command, args) {
  child = spawn(command, args, { stdio: "inherit" });
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      resolve(code ?? 1);
    }),
  );
}

if (fresh) {
  console.log("start: the build is up to date; serving it");
} else {
  const builtAt = Date.now();
  const status = await run("npm", ["run", "-s", "build"]);
  if (status !== 0 || stopping) process.exit(status || 1);
  writeFileSync(stampFile, JSON.stringify({ builtAt }));
}

// The server compiled by the build (scripts/build-server.mjs): no TypeScript transpiling at start.
process.exit(await run(process.execPath, [path.join(buildDir, "server-runtime/index.js")]));
