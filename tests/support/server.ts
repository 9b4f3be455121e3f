import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { migratedDataDir } from "./data-dir";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The server the build compiled (what `npm start` runs); BUILD_DIR picks another build. */
const serverEntry = () => path.join(process.env.BUILD_DIR ?? "build", "server-runtime/index.js");

export interface RunningServer {
  url: string;
  port: number;
  /** The server's data directory (its auth secret, uploads and, on PGlite, its database). */
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the production server (build/ must exist) as a child process and waits for /healthz.
 * A given PORT is kept (a restarted instance comes back where its proxy expects it).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // Its own data directory, with the embedded database already made (see migratedDataDir).
  const dataDir =
    env.DATA_DIR ?? (env.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), "coach-data-")) : await migratedDataDir());
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...cleanEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A directory made here is this server's alone (a restart gets a new one unless DATA_DIR is
  // given): removed when it exits, so test runs do not leave hundreds of them in /tmp.
  if (env.DATA_DIR === undefined) removeOnExit(child, dataDir);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates on first start, which is slow on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** The test process's environment without settings that would change the server under test. */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(DATABASE_URL|STRIPE_|SMTP_URL|GTM_ID|NODE_ENV|PORT|DATA_DIR|BACKUP_|METRICS_TOKEN)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/** Runs the server entry expecting it to exit (bad configuration). */
export async function runServerExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coach-data-"));
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...cleanEnv(), PORT: "0", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  removeOnExit(child, dataDir);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  // A limit for a server that never exits, not a wait: under a load of 20+ on 2 cores (several
  // suites at once) a start that stops at its configuration check took over 20 s.
  const timer = setTimeout(() => child.kill("SIGKILL"), 50_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}

function removeOnExit(child: ChildProcess, dir: string): void {
  child.once("exit", () => rmSync(dir, { recursive: true, force: true }));
}
