import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

/** What can be checked of the deployment recipe without pulling base images (README says what cannot). */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("deployment recipe", () => {
  it("the compose file parses, with the app, PostgreSQL, Caddy and the backup job", () => {
    const compose = parse(read("deploy/compose.yaml")) as { services: Record<string, Record<string, unknown>> };
    expect(Object.keys(compose.services).sort()).toEqual(["app", "backup", "caddy", "db"]);
    expect(String(compose.services.backup?.command)).toContain("npm run -s backup");
    expect(compose.services.app?.environment).toMatchObject({ BACKUP_INTERVAL_MINUTES: "0" });
  });

  it("the Dockerfile builds in stages, runs as a non-root user and has a health check", () => {
    const dockerfile = read("deploy/Dockerfile");
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    // The image starts what `npm start` starts: the server the build compiled.
    expect(dockerfile).toMatch(/^CMD \["node", "build\/server-runtime\/index.js"\]$/m);
  });

  // Runs after the production build (integration stage): the entry is the compiled server.
  it("the systemd unit's ExecStart is the production server entry, which exists and loads", () => {
    const unit = read("deploy/mila-coaching.service");
    const exec = /^ExecStart=(\S+) (.+)$/m.exec(unit);
    expect(exec?.[2]).toBe("build/server-runtime/index.js");
    // The same arguments with the local node: a bad setting makes the entry exit naming it,
    // which proves the command starts the server code rather than failing to find it.
    const result = (() => {
      try {
        execFileSync(process.execPath, (exec?.[2] ?? "").split(" "), {
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
      "InstanceDown",
      "NotReady",
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
      values: `${value}+0x15`,
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
            series("mjc_outbox_dead_letters", "dead", 2),
            series("mjc_outbox_dead_letters", "clean", 0),
          ],
          alert_rule_test: [
            expected("InstanceDown", ["down"]),
            expected("NotReady", ["down"]),
            expected("BackupTooOld", ["no-backup", "two-half-hours", "job-late"]),
            expected("BackupFailed", ["failed"]),
            expected("OutboxDeadLetters", ["dead"]),
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
