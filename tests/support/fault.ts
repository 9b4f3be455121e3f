import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cleanEnv, freePort } from "./server";
import { migratedDataDir } from "./data-dir";
import type { FaultCommand, FaultCounts } from "./fault-server";

export interface FaultServer {
  url: string;
  pid: number;
  dataDir: string;
  send(type: FaultCommand["type"]): Promise<unknown>;
  counts(): Promise<FaultCounts>;
  output(): string;
  stop(): Promise<void>;
}

/** Starts tests/support/fault-server.ts (the production app with a fault-drill channel). */
export async function startFaultServer(env: Record<string, string> = {}): Promise<FaultServer> {
  const port = await freePort();
  // Its own data directory, with the embedded database already made (see migratedDataDir).
  const dataDir =
    env.DATA_DIR ??
    (env.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), "coach-fault-")) : await migratedDataDir("coach-fault-"));
  const child: ChildProcess = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "tests/support/fault-server.ts"],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...cleanEnv(),
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "fatal",
        SITE_URL: `http://127.0.0.1:${port}`,
        RATE_LIMIT_FORMS_PER_MINUTE: "100000",
        RATE_LIMIT_POSTS_PER_MINUTE: "100000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listening = new Promise<void>((resolve, reject) => {
    child.on("message", (message: { type?: string; id?: number; result?: unknown; error?: string }) => {
      if (message.type === "listening") return resolve();
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
    child.once("exit", (code) => reject(new Error(`fault server exited with ${code}:\n${output}`)));
  });
  await listening;
  const send = (type: FaultCommand["type"]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      child.send({ id, type } satisfies FaultCommand);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    dataDir,
    send,
    counts: () => send("counts") as Promise<FaultCounts>,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs `total` tasks with at most `limit` in flight. */
export async function pool<T>(total: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, total) }, worker));
  return results;
}

/** Resident memory of a process in kilobytes (Linux /proc). */
export async function rssKb(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}
