import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server";

/**
 * The shipped deploy/Caddyfile, run by the Caddy on this machine (Debian 12's package: 2.6.2,
 * `apt-get install caddy`) in front of the instances a test starts. Only what the file leaves to
 * the environment changes: SITE_HOST (plain HTTP on a free loopback port) and APP_UPSTREAMS; and
 * Caddy's admin endpoint is off, so that several can run at once.
 */
export const caddyBinary = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));

export interface RunningCaddy {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startCaddy(upstreams: string[]): Promise<RunningCaddy> {
  if (!caddyBinary) throw new Error("caddy is not installed (apt-get install -y caddy)");
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), "caddy-"));
  const env = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
    SITE_HOST: `http://127.0.0.1:${port}`,
    APP_UPSTREAMS: upstreams.join(" "),
  };
  const json = execFileSync(
    caddyBinary,
    ["adapt", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const config = { ...(JSON.parse(json) as Record<string, unknown>), admin: { disabled: true } };
  const file = path.join(home, "caddy.json");
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(caddyBinary, ["run", "--config", file], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`caddy did not listen on ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(home, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
