import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { caddyBinary, startCaddy, type RunningCaddy } from "../support/caddy";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * A deploy under load: two instances on PostgreSQL behind the shipped Caddyfile (Caddy 2.6.2),
 * restarted one after the other by the shipped deploy/rolling-restart.sh while visitors load pages
 * and send the questionnaire (JSON and the plain form). The test stands in for the supervisor
 * (systemd, Docker): an instance that exits is started again on its port. No request may fail, and
 * every acknowledged questionnaire must be stored.
 */
const VISITORS = 4;
const root = path.resolve(import.meta.dirname, "../..");

interface Failure {
  what: string;
  status: number;
  body: string;
}

describe.runIf(caddyBinary && process.env.TEST_DATABASE_URL)("a rolling deploy behind the shipped proxy", () => {
  let url = "";
  let caddy: RunningCaddy | undefined;
  const instances = new Map<number, RunningServer>();
  let stopping = false;
  afterAll(async () => {
    stopping = true;
    await caddy?.stop();
    await Promise.all([...instances.values()].map((instance) => instance.stop()));
    if (url) await dropPostgresDatabase(url);
  });

  it("restarts both instances in turn with no failed request", { timeout: 300_000 }, async () => {
    url = await createPostgresDatabase();
    const pids = mkdtempSync(path.join(tmpdir(), "deploy-pids-"));
    const env = {
      DATABASE_URL: url,
      AUTH_SECRET: "rolling-deploy-secret-0123456789abcdef",
      TRUST_PROXY: "1",
      // As compose.yaml sets it: Caddy's health check (every 5 s) sees a stopping instance before it closes.
      SHUTDOWN_DRAIN_SECONDS: "6",
      // Every visitor comes from one address here.
      RATE_LIMIT_FORMS_PER_MINUTE: "100000",
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    };
    const ports = [await freePort(), await freePort()];
    // Like systemd's Restart=always: an instance that stops is started again, with its own data.
    const supervise = async (port: number, dataDir: string) => {
      const instance = await startServer({ ...env, PORT: String(port), DATA_DIR: dataDir });
      instances.set(port, instance);
      writeFileSync(path.join(pids, `${port}.pid`), String(instance.process.pid));
      instance.process.once("exit", () => {
        if (!stopping) void supervise(port, dataDir);
      });
    };
    // The first start migrates; the second waits for it.
    for (const port of ports) await supervise(port, mkdtempSync(path.join(tmpdir(), `deploy-${port}-`)));
    caddy = await startCaddy(ports.map((port) => `127.0.0.1:${port}`));
    const site = caddy.url;

    const failures: Failure[] = [];
    let requests = 0;
    const acknowledged = new Set<string>();
    const tag = Date.now().toString(36);
    const record = (what: string, status: number, body: string) => {
      requests++;
      if (status !== 200) failures.push({ what, status, body: body.slice(0, 200) });
    };
    const load = async (page: string) => {
      const res = await fetch(`${site}${page}`);
      record(`GET ${page}`, res.status, await res.text());
    };
    const sendJson = async (id: string) => {
      const res = await fetch(`${site}/api/intake`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site },
        body: JSON.stringify({
          answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
          contact: { firstName: "Deploy", lastName: id, email: `${id}@example.nl`, phone: "+31612345678" },
          idempotencyKey: id,
          sourceUrl: `${site}/start`,
          website: "",
          elapsedMs: 30_000,
        }),
      });
      const body = await res.text();
      record("POST /api/intake", res.status, body);
      if (res.status === 200 && (JSON.parse(body) as { status?: string }).status === "ok") acknowledged.add(id);
    };
    const sendForm = async (id: string) => {
      const res = await fetch(`${site}/start`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        body: new URLSearchParams({
          "form-name": "fitness-form",
          "service-type": "weight-loss",
          "sports-event": "hardly-ever",
          gender: "male",
          "age-range": "25-30",
          "first-name": "Deploy",
          "last-name": id,
          email: `${id}@example.nl`,
          phone: "+31 6 11112222",
          message: "",
          "source-url": "/start",
          website: "",
        }),
      });
      const body = await res.text();
      record("POST /start", res.status, body);
      if (res.status === 200 && /data-lead-id="[0-9a-f-]{36}"/.test(body)) acknowledged.add(id);
    };

    let deploying = true;
    const visitor = async (v: number) => {
      for (let round = 0; deploying; round++) {
        const id = `deploy-${tag}-${v}-${round}`;
        await load(round % 2 === 0 ? "/" : "/pricing");
        await (round % 2 === 0 ? sendJson(id) : sendForm(id));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const visitors = Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(v)));

    const started = Date.now();
    const script = spawn("sh", [path.join(root, "deploy/rolling-restart.sh")], {
      env: {
        ...process.env,
        INSTANCES: ports.join(" "),
        RESTART: `pid=$(cat ${pids}/{}.pid); kill -TERM $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done`,
        READY: "curl -fsS -o /dev/null http://127.0.0.1:{}/readyz",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    script.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    script.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => script.once("exit", resolve));
    const took = (Date.now() - started) / 1000;
    // A little more load on the restarted pair, then the visitors leave.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    deploying = false;
    await visitors;

    expect(code, log).toBe(0);
    expect(log).toMatch(new RegExp(`${ports[1]} is ready`));
    expect(
      failures.slice(0, 5),
      caddy
        .output()
        .split("\n")
        .filter((line) => /"error"/.test(line))
        .slice(0, 3)
        .join("\n"),
    ).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ last_name: string }>(
      "select last_name from signups where last_name like $1",
      [`deploy-${tag}-%`],
    );
    await client.end();
    const stored = new Set(rows.map((row) => row.last_name));
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    console.info(
      `rolling deploy of 2 instances in ${took.toFixed(1)} s: ${requests} requests, 0 failed; ` +
        `${acknowledged.size} questionnaires acknowledged and stored\n${log.trim()}`,
    );
  });
});
