import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { SERVER_EXTERNAL } from "../../scripts/server-bundle.mjs";
import { migratedDataDir } from "../support/data-dir";
import { cleanEnv, freePort } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const made: string[] = [];
let group: ChildProcess | undefined;

afterEach(() => {
  // Whatever is left of the process group (on the old code: the server itself).
  if (group?.pid && alive(group.pid)) process.kill(-group.pid, "SIGKILL");
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Whether any process of the group led by `pid` is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A build folder that is the test build's parts and a start stamp newer than every source, so `npm start` serves at once. */
function startableBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "coach-build-"));
  made.push(dir);
  for (const part of ["server", "server-runtime", "client"])
    symlinkSync(path.join(root, "build", part), path.join(dir, part));
  writeFileSync(path.join(dir, "start-stamp.json"), JSON.stringify({ builtAt: Date.now() + 3_600_000 }));
  return dir;
}

async function until(condition: () => Promise<boolean> | boolean, what: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("the compiled server imports from node_modules only the packages left out of its bundle, so the server and its routes share one React Router", () => {
  const code = readFileSync(path.resolve(root, process.env.BUILD_DIR ?? "build", "server-runtime/server.js"), "utf8");
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm),
  ].map((match) => match[1] ?? match[2] ?? "");
  const packages = specifiers.filter((specifier) => !isBuiltin(specifier) && !specifier.startsWith("."));
  const left = (specifier: string) =>
    SERVER_EXTERNAL.some((name) =>
      name.endsWith("/*")
        ? specifier.startsWith(name.slice(0, -1))
        : specifier === name || specifier.startsWith(`${name}/`),
    );
  expect(packages.length).toBeGreaterThan(0);
  expect(packages.filter((specifier) => !left(specifier))).toEqual([]);
});

it("SIGTERM to `npm start` (as systemd or a terminal sends it) stops the server and every process it started", async () => {
  const port = await freePort();
  const dataDir = await migratedDataDir();
  made.push(dataDir);
  // Its own temporary directory, where the server keeps its compiled code for the next start.
  const tmp = mkdtempSync(path.join(tmpdir(), "coach-tmp-"));
  made.push(tmp);
  const { NODE_COMPILE_CACHE: _set, ...env } = cleanEnv();
  // Its own process group, as a service manager or a terminal gives it: the group's end is the test's end.
  group = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env: {
      ...env,
      TMPDIR: tmp,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: startableBuild(),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  group.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  group.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
  await until(healthy, "the server did not start", () => output);
  // Its modules' compiled code is kept once it is up, for the next start (a deploy, a crash): before npm
  // itself, which writes its own at exit.
  expect(readdirSync(path.join(tmp, "node-compile-cache"), { recursive: true }).length).toBeGreaterThan(1);
  // With no NODE_ENV set, React and React Router loaded their production builds, as the settings say.
  const listening = output.split("\n").find((line) => line.includes('"msg":"listening on'));
  expect(JSON.parse(listening ?? "{}")).toMatchObject({ mode: "production" });
  // Pages rendered through it, from the page cache and not (a query): CI's Node 22 leg runs this file.
  for (const target of ["/", "/pricing", "/blog?category=running"]) {
    const page = await fetch(`http://127.0.0.1:${port}${target}`);
    expect(page.status, target).toBe(200);
    expect(await page.text(), target).toMatch(/<main\b[\s\S]*<\/main>/);
  }

  process.kill(group.pid!, "SIGTERM");

  await until(
    () => !alive(group!.pid!),
    "processes of `npm start` still run after SIGTERM",
    () => output,
  );
  expect(await healthy()).toBe(false);
}, 150_000);
