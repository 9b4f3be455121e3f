// `npm start`: builds when the build is missing or older than its sources, then serves. A second start on a built tree
// skips straight to serving.
import { spawn, spawnSync } from "node:child_process";
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

if (fresh) {
  console.log("start: the build is up to date; serving it");
} else {
  const builtAt = Date.now();
  const { status } = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(stampFile, JSON.stringify({ builtAt }));
}

// The server compiled by the build (scripts/build-server.mjs): no TypeScript transpiling at start.
const server = spawn(process.execPath, [path.join(buildDir, "server-runtime/index.js")], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
