// Shared helpers for the benchmarks: start the production server on a free port.
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import os from "node:os";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function requireBuild() {
  const dir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(dir, "server/index.js"))) {
    console.error(`No production build in ${dir}/: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Starts `server/index.ts` with generous form limits (a benchmark is one address sending a lot). */
export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-data-")),
    LOG_LEVEL: "warn",
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_FORMS_PER_MINUTE: "100000",
    RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (extraEnv.DATABASE_URL) env.DATABASE_URL = extraEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function machine() {
  return `${process.platform} ${process.arch}, Node ${process.version}, ${os.cpus().length} cores`;
}
