import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { expect } from "vitest";
import { serverBundle } from "../../scripts/server-bundle.mjs";
import { cleanEnv, freePort } from "./server";
import { migratedDataDir } from "./data-dir";
import { createPostgresDatabase, dropPostgresDatabase, type Engine } from "./database";
import { adminSql } from "./own-postgres";
import { totp } from "./trainer";
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

const root = path.resolve(import.meta.dirname, "../..");

/**
 * tests/support/fault-server.ts bundled with the build as the production server is (decision 096):
 * under tsx, with every package loaded from node_modules, a start took 4-4.8 s of CPU, bundled about
 * 1.5 s, and the drills start many. Made once per build directory, under node_modules (so it finds the
 * packages left out of it), and made again when a file it was made from or the bundling itself
 * (scripts/server-bundle.mjs) is newer: the drills run the source against the build. Each process
 * writes its own copy and renames it into place, so drills side by side never read a half-written file.
 */
async function faultServerBundle(): Promise<string> {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  const dir = path.join(
    root,
    "node_modules/.cache",
    `fault-server-${createHash("sha256").update(buildDir).digest("hex").slice(0, 12)}`,
  );
  const file = path.join(dir, "index.js");
  const inputs = path.join(dir, "inputs.json");
  if (existsSync(inputs) && existsSync(file)) {
    const made = statSync(file).mtimeMs;
    const sources = JSON.parse(readFileSync(inputs, "utf8")) as string[];
    if (sources.every((source) => existsSync(source) && statSync(source).mtimeMs <= made)) return file;
  }
  const options = serverBundle(
    buildDir,
    ['import { runFaultServer } from "./tests/support/fault-server.ts";', "await runFaultServer(build);"],
    file,
  );
  const result = await build({ ...options, write: false, metafile: true });
  mkdirSync(dir, { recursive: true });
  const put = (target: string, contents: string | Uint8Array) => {
    writeFileSync(`${target}.${process.pid}`, contents);
    renameSync(`${target}.${process.pid}`, target);
  };
  for (const output of result.outputFiles ?? []) put(output.path, output.contents);
  // Every file it was made from (the entry module is text, not a file), and how it is made.
  const sources = Object.keys(result.metafile?.inputs ?? {}).map((input) => path.resolve(root, input));
  sources.push(path.join(root, "scripts/server-bundle.mjs"));
  put(inputs, JSON.stringify(sources.filter((source) => existsSync(source))));
  return file;
}

/** Starts tests/support/fault-server.ts (the production app with a fault-drill channel), bundled. */
export async function startFaultServer(env: Record<string, string> = {}): Promise<FaultServer> {
  const entry = await faultServerBundle();
  const port = await freePort();
  // Its own data directory, with the embedded database already made (see migratedDataDir).
  const dataDir =
    env.DATA_DIR ??
    (env.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), "coach-fault-")) : await migratedDataDir("coach-fault-"));
  const child: ChildProcess = spawn(process.execPath, ["--expose-gc", entry], {
    cwd: root,
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
  });
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

/**
 * A PostgreSQL database stops answering as when its server stops or crashes: it refuses new
 * connections and loses the ones it had. `adminUrl` connects as its administrator to another database.
 */
export async function takeDatabaseAway(adminUrl: string, name: string): Promise<void> {
  await adminSql(adminUrl, [
    `alter database ${name} allow_connections false`,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  ]);
}

/** The database answers again after takeDatabaseAway. */
export async function bringDatabaseBack(adminUrl: string, name: string): Promise<void> {
  await adminSql(adminUrl, [`alter database ${name} allow_connections true`]);
}

/** A fault server whose database a drill takes away and brings back. */
export interface OutageServer {
  server: FaultServer;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Stops the server and drops its PostgreSQL database. */
  close(): Promise<void>;
}

/**
 * The drills' outage set-up: on PostgreSQL a database of its own (TEST_DATABASE_URL's server) that
 * refuses connections and loses the open ones, on PGlite the embedded database closed and opened
 * through the drill channel (tests/support/fault-server.ts). `env` adds to the server's settings.
 */
export async function startOutageServer(engine: Engine, env: Record<string, string> = {}): Promise<OutageServer> {
  if (engine === "pglite") {
    const server = await startFaultServer(env);
    return {
      server,
      down: async () => void (await server.send("db:down")),
      up: async () => void (await server.send("db:up")),
      close: () => server.stop(),
    };
  }
  const url = await createPostgresDatabase();
  const name = new URL(url).pathname.slice(1);
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let server: FaultServer;
  try {
    server = await startFaultServer({ DATABASE_URL: url, AUTH_SECRET: "fault-drill-secret-0123456789abcdef", ...env });
  } catch (error) {
    await dropPostgresDatabase(url).catch(() => undefined);
    throw error;
  }
  return {
    server,
    down: () => takeDatabaseAway(adminUrl, name),
    up: () => bringDatabaseBack(adminUrl, name),
    close: async () => {
      await server.stop();
      await dropPostgresDatabase(url).catch(() => undefined);
    },
  };
}

/** Reads until `done` says so or `timeoutMs` has passed, and returns the last value read (the caller checks it). */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `npm run -s <args>` in the repository with `env` (and no settings of this process): its exit code, output and time. */
export async function npmRun(args: string[], env: Record<string, string>) {
  const started = Date.now();
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "-s", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...cleanEnv(), ...env },
    });
    return { code: 0, output: stdout + stderr, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr, seconds: (Date.now() - started) / 1000 };
  }
}

/** A browser's cookie jar over real HTTP, posting forms as the pages do; `agent` names the drill. */
export class DrillBrowser {
  private cookies = new Map<string, string>();
  constructor(
    private site: string,
    private agent: string,
  ) {}
  async fetch(pathname: string, form?: Record<string, string>) {
    const headers = new Headers({ "user-agent": this.agent });
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", this.site);
    }
    const res = await fetch(`${this.site}${pathname}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
    return res;
  }
}

/** Signs the trainer in and enrols an authenticator at /admin/security, as at her first sign-in; returns its secret. */
export async function enrolAuthenticator(
  browser: DrillBrowser,
  trainer: { email: string; password: string },
): Promise<string> {
  expect((await browser.fetch("/admin/login", { email: trainer.email, password: trainer.password })).status).toBe(302);
  const page = await (await browser.fetch("/admin/security?enrol=1")).text();
  const factor = /data-testid="totp-secret"[^>]*>\s*([A-Z2-7]+=*)\s*</.exec(page)?.[1];
  expect(factor, page.slice(0, 500)).toBeDefined();
  const enrolled = await browser.fetch("/admin/security?enrol=1", { intent: "enrol-confirm", code: totp(factor!) });
  expect(enrolled.headers.get("location")).toBe("/admin?enrolled=1");
  return factor!;
}
