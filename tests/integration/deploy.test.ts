import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caddyBinary, startCaddy, type RunningCaddy } from "../support/caddy";
import { parse, stringify } from "yaml";
import { cleanEnv, freePort } from "../support/server";

/** What can be checked of the deployment recipe without pulling base images (README says what cannot). */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("deployment recipe", () => {
  it("the compose file parses, with two app instances, PostgreSQL, Caddy and the backup job", () => {
    const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; volumes?: string[]; command?: unknown }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(["app1", "app2", "backup", "caddy", "db"]);
    expect(String(compose.services.backup?.command)).toContain("npm run -s backup");
    // A stopping instance keeps serving until Caddy's health check has taken it out (Caddyfile).
    const healthInterval = Number(/health_interval (\d+)s/.exec(read("deploy/Caddyfile"))?.[1]);
    for (const app of ["app1", "app2"]) {
      const environment = compose.services[app]?.environment ?? {};
      expect(environment).toMatchObject({ BACKUP_INTERVAL_MINUTES: "0", TRUST_PROXY: "1" });
      expect(Number(environment.SHUTDOWN_DRAIN_SECONDS)).toBeGreaterThan(healthInterval);
    }
    // An outbox file belongs to one process: each instance has its own data volume.
    const dataOf = (app: string) => compose.services[app]?.volumes?.find((volume) => volume.endsWith(":/data"));
    expect(dataOf("app1")).not.toBe(dataOf("app2"));
    // Caddy's default upstreams are the two instances.
    expect(read("deploy/Caddyfile")).toContain("{$APP_UPSTREAMS:app1:3000 app2:3000}");
  });

  it("the Dockerfile builds in stages, runs as a non-root user and has a health check", () => {
    const dockerfile = read("deploy/Dockerfile");
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    // The image starts what `npm start` starts: the server the build compiled.
    expect(dockerfile).toMatch(/^CMD \["node", "build\/server-runtime\/index.js"\]$/m);
  });

  it("the image's PostgreSQL client is the compose database's major version, so pg_dump is not refused", () => {
    const server = /image:\s*postgres:(\d+)/.exec(read("deploy/compose.yaml"))?.[1];
    const client = /postgresql-client-(\d+)/.exec(read("deploy/Dockerfile"))?.[1];
    expect(server).toBeDefined();
    expect(client).toBe(server);
  });

  // Runs after the production build (integration stage): the entry is the compiled server.
  it("the systemd unit's ExecStart is the project's own Node.js 24 with the production server entry, which loads", () => {
    const unit = read("deploy/mila-coaching.service");
    const exec = /^ExecStart=(\S+) (.+)$/m.exec(unit);
    const workingDirectory = /^WorkingDirectory=(\S+)$/m.exec(unit)?.[1];
    // Not the system's node (Debian 12's is 18): the one `npm ci` put into the project.
    expect(exec?.[1]).toBe(`${workingDirectory}/node_modules/.bin/node`);
    const version = execFileSync(path.join(root, "node_modules/.bin/node"), ["--version"], { encoding: "utf8" });
    expect(version).toMatch(/^v24\./);
    expect(exec?.[2]).toBe("build/server-runtime/index.js");
    // The same arguments with the local node: a bad setting makes the entry exit naming it,
    // which proves the command starts the server code rather than failing to find it.
    const result = (() => {
      try {
        execFileSync(path.join(root, "node_modules/.bin/node"), (exec?.[2] ?? "").split(" "), {
          cwd: root,
          env: { ...process.env, PORT: "not-a-port", DATA_DIR: path.join(root, "data-unused") },
          stdio: "pipe",
        });
        return "";
      } catch (error) {
        return String((error as { stderr: Buffer }).stderr);
      }
    })();
    expect(result).toContain("PORT");
  }, 60_000);
});

describe("the shipped defaults and the systemd template for two instances", () => {
  const healthInterval = () => Number(/health_interval (\d+)s/.exec(read("deploy/Caddyfile"))?.[1]);

  it("the root .env.example drains a stopping server for longer than the proxy's health interval", () => {
    // A copy of the example is how most sites start: a drain of 0 lost 10 of 573 forms in a deploy.
    const drain = /^SHUTDOWN_DRAIN_SECONDS=(\d*)$/m.exec(read(".env.example"))?.[1];
    expect(Number(drain)).toBeGreaterThan(healthInterval());
  });

  it("mila-coaching@.service starts each instance on its own port and data directory, drains, and stops in time", async () => {
    const unit = read("deploy/mila-coaching@.service");
    const workingDirectory = /^WorkingDirectory=(\S+)$/m.exec(unit)?.[1] ?? "";
    const exec = /^ExecStart=(.+)$/m.exec(unit)?.[1] ?? "";
    const drain = Number(/SHUTDOWN_DRAIN_SECONDS=(\d+)/.exec(exec)?.[1]);
    expect(drain).toBeGreaterThan(healthInterval());
    // The server forces its exit 10 s after the drain; systemd must not SIGKILL it before.
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(drain + 10);
    expect(unit).toMatch(/^UMask=0077$/m);

    // The command as systemd runs it for instance <port>, with the server's folder here and the
    // shared settings file naming another port and data directory, as a copied .env.example does.
    const port = await freePort();
    const srv = mkdtempSync(path.join(tmpdir(), "srv-"));
    const [program = "", ...args] = exec
      .replaceAll("%i", String(port))
      .replaceAll(`${workingDirectory}/node_modules/`, `${root}/node_modules/`)
      .replaceAll(workingDirectory, srv)
      .split(" ");
    const child = spawn(program, args, {
      cwd: root,
      env: { ...cleanEnv(), NODE_ENV: "production", SITE_URL: "https://example.com", PORT: "3000", DATA_DIR: "./data" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      const deadline = Date.now() + 120_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`instance ${port} did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(existsSync(path.join(srv, "data", String(port), "auth-secret"))).toBe(true);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain(`"drainSeconds":${drain}`);
    } finally {
      child.kill("SIGKILL");
      rmSync(srv, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * Docker's reading of a .dockerignore (moby/patternmatcher): each pattern is matched from the
 * context's root (`*` within one path segment, `**` across any number), a pattern that matches a
 * folder leaves out everything in it, `!` takes a path back in, and the last matching line wins.
 */
function dockerIgnores(file: string, patterns: string[]): boolean {
  let ignored = false;
  for (const line of patterns) {
    const negated = line.startsWith("!");
    const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, "");
    const source = pattern
      .split("/")
      .map((part) =>
        part === "**"
          ? "(?:.*)"
          : part
              .replace(/[.+^${}()|[\]\\]/g, "\\$&")
              .replace(/\*/g, "[^/]*")
              .replace(/\?/g, "[^/]"),
      )
      .join("/")
      .replace(/\(\?:\.\*\)\//g, "(?:.*/)?");
    const regex = new RegExp(`^${source}(?:/.*)?$`);
    if (regex.test(file)) ignored = !negated;
  }
  return ignored;
}

describe("what goes into the image and the compose settings", () => {
  it("`COPY . .` leaves out secrets, installed packages, data, backups and build output, and keeps the sources", () => {
    const patterns = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    for (const file of [
      "deploy/.env",
      ".env",
      ".env.production",
      "node_modules/express/package.json",
      "node_modules/.bin/node",
      "data/pglite/PG_VERSION",
      "data/auth-secret",
      "data/outbox.jsonl",
      "backups/coach-20260101T000000Z.tar.gz",
      "build/server/index.js",
      ".git/config",
    ]) {
      expect(dockerIgnores(file, patterns), file).toBe(true);
    }
    for (const file of [
      "package.json",
      "package-lock.json",
      "server/index.ts",
      "app/routes.ts",
      "db/migrations/meta/_journal.json",
      "content/site.ts",
      "scripts/build-server.mjs",
      "deploy/.env.example",
      ".env.example",
    ]) {
      expect(dockerIgnores(file, patterns), file).toBe(false);
    }
  });

  it("deploy/.env.example lists every variable compose.yaml reads, with no secret filled in", () => {
    const example = read("deploy/.env.example");
    const listed = new Map(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!] as const),
    );
    const used = new Set([...read("deploy/compose.yaml").matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
    for (const [name, value] of listed) {
      if (/PASSWORD|SECRET|KEY|TOKEN|SMTP_URL/.test(name)) expect(value, name).toBe("");
    }
  });
});

/** Where Debian's `prometheus` package puts promtool; CI machines without it check the rules by parsing. */
const promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((file) => existsSync(file));

interface Rule {
  alert: string;
  expr: string;
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}
const rulesFile = "deploy/prometheus-rules.yml";
const rules = () => (parse(read(rulesFile)) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

describe("alert rules (deploy/prometheus-rules.yml)", () => {
  it("alert on an instance down, not ready, a backup too old or failed, and dead letters, over metrics the server has", () => {
    const byName = new Map(rules().map((rule) => [rule.alert, rule]));
    expect([...byName.keys()].sort()).toEqual([
      "BackupFailed",
      "BackupTooOld",
      "BackupsNotOffsite",
      "InstanceDown",
      "NotReady",
      "OffsiteCopyFailed",
      "OffsiteCopyTooOld",
      "OutboxDeadLetters",
    ]);
    const exposed = read("server/metrics.ts");
    for (const rule of byName.values()) {
      for (const [name] of rule.expr.matchAll(/\bmjc_[a-z_]+/g)) expect(exposed, rule.alert).toContain(`"${name}"`);
    }
  });

  it.runIf(promtool)("pass promtool check rules, and fire exactly when they should (promtool test rules)", () => {
    execFileSync(promtool!, ["check", "rules", path.join(root, rulesFile)], { stdio: "pipe" });
    const series = (name: string, instance: string, value: number | string) => ({
      series: `${name}{job="mila-coaching",instance="${instance}"}`,
      values: `${value}+0x90`,
    });
    const expected = (alert: string, instances: string[]) => {
      const rule = rules().find((r) => r.alert === alert)!;
      return {
        eval_time: "10m",
        alertname: alert,
        exp_alerts: instances.map((instance) => ({
          exp_labels: { ...rule.labels, job: "mila-coaching", instance },
          exp_annotations: rule.annotations ?? {},
        })),
      };
    };
    const ages: [string, number | string, number][] = [
      // instance, age of the newest good backup, the server's interval (0: a separate hourly job)
      ["no-backup", "Inf", 0],
      ["fresh", 1_800, 3_600],
      ["two-half-hours", 4_000, 1_800],
      ["job-recent", 5_000, 0],
      ["job-late", 7_300, 0],
    ];
    const unitTests = {
      rule_files: [path.join(root, rulesFile)],
      evaluation_interval: "1m",
      tests: [
        {
          interval: "1m",
          input_series: [
            series("up", "down", 0),
            series("up", "alive", 1),
            series("mjc_ready", "down", 0),
            series("mjc_ready", "alive", 1),
            ...ages.flatMap(([instance, age, interval]) => [
              series("mjc_backup_last_good_age_seconds", instance, age),
              series("mjc_backup_interval_seconds", instance, interval),
            ]),
            series("mjc_backup_last_failure_timestamp_seconds", "failed", 2_000),
            series("mjc_backup_last_good_timestamp_seconds", "failed", 1_000),
            series("mjc_backup_last_failure_timestamp_seconds", "recovered", 1_000),
            series("mjc_backup_last_good_timestamp_seconds", "recovered", 2_000),
            series("mjc_backup_last_failure_timestamp_seconds", "never", 0),
            series("mjc_backup_last_good_timestamp_seconds", "never", 0),
            // Off-site: a copy 3 hours old with hourly backups; a recent one; none set up (NaN, no age alert).
            series("mjc_backup_offsite_last_good_age_seconds", "offsite-late", 10_800),
            series("mjc_backup_interval_seconds", "offsite-late", 3_600),
            series("mjc_backup_offsite_last_good_age_seconds", "offsite-fresh", 600),
            series("mjc_backup_interval_seconds", "offsite-fresh", 3_600),
            series("mjc_backup_offsite_last_good_age_seconds", "offsite-none", "NaN"),
            series("mjc_backup_interval_seconds", "offsite-none", 3_600),
            series("mjc_backup_offsite_last_attempt_failed", "offsite-late", 1),
            series("mjc_backup_offsite_last_attempt_failed", "offsite-fresh", 0),
            series("mjc_backup_offsite_configured", "offsite-fresh", 1),
            series("mjc_backup_offsite_configured", "offsite-none", 0),
            series("mjc_outbox_dead_letters", "dead", 2),
            series("mjc_outbox_dead_letters", "clean", 0),
          ],
          alert_rule_test: [
            expected("InstanceDown", ["down"]),
            expected("NotReady", ["down"]),
            expected("BackupTooOld", ["no-backup", "two-half-hours", "job-late"]),
            expected("BackupFailed", ["failed"]),
            expected("OutboxDeadLetters", ["dead"]),
            expected("OffsiteCopyTooOld", ["offsite-late"]),
            expected("OffsiteCopyFailed", ["offsite-late"]),
            { ...expected("BackupsNotOffsite", ["offsite-none"]), eval_time: "75m" },
          ],
        },
      ],
    };
    const dir = mkdtempSync(path.join(tmpdir(), "rules-"));
    const file = path.join(dir, "tests.yml");
    writeFileSync(file, stringify(unitTests));
    try {
      execFileSync(promtool!, ["test", "rules", file], { stdio: "pipe" });
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
      throw new Error(`${String(stdout)}${String(stderr)}`, { cause: error });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(caddyBinary)("the shipped Caddyfile (run by Caddy)", () => {
  let upstream: Server;
  let caddy: RunningCaddy;
  beforeAll(async () => {
    // Stands in for the app: answers every path, as the app answers /metrics/ like /metrics.
    upstream = createServer((req, res) => res.end(`app: ${req.url}`));
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    caddy = await startCaddy([`127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
  });
  afterAll(async () => {
    await caddy?.stop();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it("keeps /metrics and every spelling of it inside, and passes the rest to the app", async () => {
    for (const target of ["/metrics", "/metrics/", "/metrics?format=text", "/METRICS", "/%6Detrics", "/metrics/x"]) {
      const res = await fetch(`${caddy.url}${target}`);
      expect(res.status, target).toBe(404);
      expect(await res.text(), target).not.toContain("app:");
    }
    expect(await (await fetch(`${caddy.url}/pricing`)).text()).toBe("app: /pricing");
  });
});
