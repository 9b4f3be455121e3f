import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendProvisionRequest } from "~/features/auth/provision";
import { evaluateAlarms } from "~/infra/alarms.server";
import { readBackupStatus } from "~/infra/backup.server";
import { summarise } from "~/infra/backup-schedule.server";
import { composeEnvironment, composeMounts } from "../support/compose-env";
import { bringDatabaseBack, DrillBrowser, enrolAuthenticator, npmRun, takeDatabaseAway } from "../support/fault";
import { adminSql, ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from "../support/own-postgres";
import { startS3, type LocalS3 } from "../support/s3";
import { freePort, startServer, type RunningServer } from "../support/server";
import { totp, TRAINER_PASSWORD } from "../support/trainer";

/**
 * The compose recipe's backup, lost disk and all: deploy/compose.yaml's backup job run with
 * exactly the environment the compose file gives it (its settings from a deploy/.env, the image's
 * ENV, its volumes as folders here, the `db` host as a PostgreSQL server of the drill's own). Its
 * backup goes off-site; the server, its volumes and the database server are then lost; a new
 * PostgreSQL server and empty volumes are restored from the off-site copy alone with app1's
 * environment (as `docker compose run --rm app1 npm run -s restore -- --from-offsite`), and the
 * trainer signs in with her authenticator code. A run with the database away exits non-zero and
 * the instances' alarm reads it as a failed backup. No docker here: the contract is the environment.
 */
const root = path.resolve(import.meta.dirname, "../..");

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

/** A compose volume (and a container's own file system) as a folder on this machine. */
class Disk {
  readonly root = mkdtempSync(path.join(tmpdir(), "compose-disk-"));
  folder(name: string): string {
    const dir = path.join(this.root, name);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }
  /** A container's path: a mounted volume's folder, or else the container's own file system. */
  host(service: string, containerPath: string): string {
    const volume = composeMounts(service)[containerPath];
    return volume ? this.folder(`volume-${volume}`) : this.folder(`${service}${containerPath}`);
  }
  lose() {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** The service's environment, as its container sees it, on this machine. */
function serviceEnv(service: string, settings: Record<string, string>, disk: Disk, database: OwnPostgres) {
  const env = composeEnvironment(service, settings);
  const paths = (value: string) =>
    value
      .split(",")
      .map((part) => disk.host(service, part))
      .join(",");
  for (const name of ["DATA_DIR", "BACKUP_DIR", "BACKUP_INSTANCE_DIRS"]) if (env[name]) env[name] = paths(env[name]);
  env.DATABASE_URL = env.DATABASE_URL!.replace("@db:5432/", `@${database.host}:${database.port}/`);
  return env;
}

/** The database server as the postgres image makes it from POSTGRES_USER/PASSWORD/DB. */
async function composeDatabase(password: string): Promise<OwnPostgres> {
  const server = await startOwnPostgres();
  await adminSql(server.adminUrl, [
    `create role coach login password '${password}'`,
    "create database coach owner coach",
  ]);
  return server;
}

describe.runIf(ownPostgresAvailable)("the compose recipe's backup job, restored on a new server", () => {
  const running: { servers: RunningServer[]; databases: OwnPostgres[]; disks: Disk[] } = {
    servers: [],
    databases: [],
    disks: [],
  };
  afterAll(async () => {
    for (const server of running.servers) await server.stop();
    for (const database of running.databases) await database.stop().catch(() => undefined);
    for (const disk of running.disks) disk.lose();
  });

  it(
    "goes off-site with the sign-in secret, says when it fails, and brings back the authenticator",
    { timeout: 300_000 },
    async () => {
      const timings: Record<string, number> = {};
      const tag = randomBytes(4).toString("hex");
      // deploy/.env as the operator fills it in (and keeps a copy of in the password manager).
      const settings: Record<string, string> = {
        POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
        SITE_URL: "http://127.0.0.1",
        SITE_HOST: "127.0.0.1",
        AUTH_SECRET: randomBytes(32).toString("base64"),
        TRAINER_EMAIL: "trainer@example.com",
        BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        ...s3.env,
        BACKUP_S3_PREFIX: `compose-${tag}/`,
      };
      const job = (
        parse(readFileSync(path.join(root, "deploy/compose.yaml"), "utf8"), { merge: true }) as {
          services: { backup: { command: string[] } };
        }
      ).services.backup.command.join(" ");
      expect(job).toContain("npm run -s backup");

      const disk = new Disk();
      running.disks.push(disk);
      const database = await composeDatabase(settings.POSTGRES_PASSWORD!);
      running.databases.push(database);
      const port = await freePort();
      const app1 = await startServer({
        ...serviceEnv("app1", settings, disk, database),
        PORT: String(port),
        SITE_URL: `http://127.0.0.1:${port}`,
      });
      running.servers.push(app1);

      // The trainer's account and her authenticator.
      const trainer = { email: `mila-${tag}@example.com`, password: TRAINER_PASSWORD, name: "Mila Jansen" };
      expect((await sendProvisionRequest(app1.url, settings.AUTH_SECRET!, trainer)).status).toBe(201);
      const factor = await enrolAuthenticator(new DrillBrowser(app1.url, "compose-backup-drill"), trainer);

      // One run of the job's command, with the job's own environment.
      const jobEnv = serviceEnv("backup", settings, disk, database);
      let started = Date.now();
      const backup = await npmRun(["backup"], jobEnv);
      timings["backup job (off-site copy)"] = (Date.now() - started) / 1000;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`copied off-site to s3://${s3.bucket}/${settings.BACKUP_S3_PREFIX}`);
      expect(backup.output).not.toContain("cannot carry the sign-in secret");

      // The same job with the database away: a non-zero exit, and the instances' alarm goes off.
      await takeDatabaseAway(database.adminUrl, "coach");
      const failed = await npmRun(["backup"], jobEnv);
      await bringDatabaseBack(database.adminUrl, "coach");
      expect(failed.code, failed.output).not.toBe(0);
      const seen = summarise(await readBackupStatus(disk.host("app1", "/backups")), Date.now(), true);
      const alarms = evaluateAlarms(
        {
          lastGoodBackupAt: seen.lastGoodAt,
          lastBackupFailureAt: seen.lastFailureAt,
          deadLetters: 0,
          newestDeadLetter: null,
          offsite: null,
          formOutboxFailedAt: null,
        },
        // The compose backup job makes the backups, not the instance that judges them.
        { now: new Date(), intervalMs: 3_600_000, startedAt: new Date(), siteUrl: app1.url, scheduled: false },
      );
      expect(alarms.map((alarm) => alarm.title)).toContain("A backup failed");

      // The server is lost: its volumes and the database server with them.
      await app1.stop();
      running.servers.splice(0);
      disk.lose();
      await database.stop();
      running.databases.splice(0);

      // A new server: deploy/.env from the password manager, a new database server, empty volumes.
      const newDisk = new Disk();
      running.disks.push(newDisk);
      const newDatabase = await composeDatabase(settings.POSTGRES_PASSWORD!);
      running.databases.push(newDatabase);
      const restoreEnv = serviceEnv("app1", settings, newDisk, newDatabase);
      started = Date.now();
      const restore = await npmRun(["restore", "--", "--from-offsite"], restoreEnv);
      timings["restore --from-offsite"] = (Date.now() - started) / 1000;
      expect(restore.code, restore.output).toBe(0);

      started = Date.now();
      const newPort = await freePort();
      const restored = await startServer({
        ...restoreEnv,
        PORT: String(newPort),
        SITE_URL: `http://127.0.0.1:${newPort}`,
      });
      timings["app1 start"] = (Date.now() - started) / 1000;
      running.servers.push(restored);

      // The trainer signs in with her password and the code from her authenticator.
      const back = new DrillBrowser(restored.url, "compose-backup-drill");
      const password = await back.fetch("/admin/login", { email: trainer.email, password: trainer.password });
      expect(password.headers.get("location")).toBe("/admin/verify?redirectTo=%2Fadmin");
      const verified = await back.fetch("/admin/verify", { method: "totp", code: totp(factor), redirectTo: "/admin" });
      expect(verified.status, await verified.clone().text()).toBe(302);
      expect(verified.headers.get("location")).toBe("/admin");
      console.info(
        Object.entries(timings)
          .map(([label, seconds]) => `${label}: ${seconds.toFixed(1)} s`)
          .join("; "),
      );
    },
  );
});
