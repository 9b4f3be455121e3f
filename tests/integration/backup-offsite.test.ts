import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, openDatabase } from "~/infra/db.server";
import {
  createBackup,
  downloadOffsiteBackup,
  ensureOffsiteCopy,
  listOffsiteBackups,
  pgliteSqlClient,
  readBackupStatus,
  restoreBackup,
  type BackupSettings,
} from "~/infra/backup.server";
import { backupName, backupsToKeep } from "~/infra/backup-retention";
import { offsiteWhere, openOffsiteStore, type OffsiteSettings, type S3Settings } from "~/infra/backup-offsite.server";
import { summarise } from "~/infra/backup-schedule.server";
import { tableStats } from "~/infra/sql-dump.server";
import { fillDatabase } from "../support/backup-fixtures";
import { migratedDataDir } from "../support/data-dir";
import { startS3, type LocalS3 } from "../support/s3";
import { freePort } from "../support/server";

/**
 * Off-site copies against a real S3-compatible server (s3rver) on loopback and a real rclone
 * remote (rclone's local backend; CI installs rclone): each backup goes up with its checksum,
 * retention applies there, a failed copy is recorded and made later, and the newest intact copy
 * comes back for a restore.
 */
const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
const rcloneInstalled = spawnSync("rclone", ["version"]).status === 0;
let s3: LocalS3;
let offsite: S3Settings;
beforeAll(async () => {
  // An rclone remote named "drill" of the local type, configured the way rclone reads settings from the environment.
  process.env.RCLONE_CONFIG_DRILL_TYPE = "local";
  s3 = await startS3();
  offsite = {
    kind: "s3",
    bucket: s3.bucket,
    prefix: `site-${randomBytes(4).toString("hex")}/`,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
});
afterAll(() => s3?.stop());

async function source(leads = 20, target: OffsiteSettings = offsite) {
  const dataDir = await migratedDataDir("offsite-source-");
  const database = await openDatabase({ dataDir });
  await fillDatabase(database.db, leads);
  const settings: BackupSettings = {
    backupDir: temp("offsite-backups-"),
    dataDir,
    migrationsFolder: migrationsFolder(),
    key: randomBytes(32),
    authSecret: "the-site-secret-of-at-least-32-characters",
    offsite: target,
  };
  return { database, settings };
}

async function pgliteStats(dataDir: string) {
  const instance = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await instance.exec("set timezone = 'UTC'");
    return await tableStats(pgliteSqlClient(instance));
  } finally {
    await instance.close();
  }
}

/**
 * `folder`: where an rclone remote of the local type keeps its files. The copies a site made
 * earlier are written there directly, as the store's upload leaves them (the file and its
 * `.sha256`), instead of by 60 runs of rclone; on S3 they go up through the store.
 */
const targets: { name: string; settings: () => OffsiteSettings; folder?: (settings: OffsiteSettings) => string }[] = [
  { name: "S3-compatible storage", settings: () => offsite },
  {
    name: "an rclone remote",
    settings: () => ({ kind: "rclone", remote: `drill:${temp("rclone-remote-")}/mila` }),
    folder: (settings) => (settings.kind === "rclone" ? settings.remote.slice("drill:".length) : ""),
  },
];

describe.each(targets)("off-site copies of the backups ($name)", ({ name: kind, settings: targetSettings, folder }) => {
  it.skipIf(kind.includes("rclone") && !rcloneInstalled)(
    "copies each backup with its checksum, prunes by the local rules, and restores the newest intact copy",
    async () => {
      const offsite = targetSettings();
      const { database, settings } = await source(20, offsite);
      const store = await openOffsiteStore(offsite);
      // Copies of earlier hours and days already there, as a site that ran for a while has.
      const old = path.join(temp("old-"), "x");
      writeFileSync(old, "old copy");
      const earlier = Array.from({ length: 30 }, (_, i) => new Date(Date.now() - (i + 1) * 5 * 3_600_000));
      const remoteFolder = folder?.(offsite);
      if (remoteFolder) mkdirSync(remoteFolder, { recursive: true });
      for (const at of earlier) {
        const name = backupName(at, true);
        const file = path.join(remoteFolder ?? path.dirname(old), name);
        writeFileSync(file, `copy made ${at.toISOString()}`);
        if (remoteFolder) writeFileSync(`${file}.sha256`, `${"0".repeat(64)}  ${name}\n`);
        else await store.upload(file, "0".repeat(64));
      }
      // Made by this site: its backups began before them (a restored site's begin after, and keep them).
      mkdirSync(settings.backupDir, { recursive: true });
      writeFileSync(
        path.join(settings.backupDir, "status.json"),
        JSON.stringify({ since: new Date(earlier.at(-1)!.getTime() - 60_000).toISOString() }),
      );

      const backup = await createBackup(database, settings);
      await database.close();
      const name = path.basename(backup.file);
      expect(backup.offsite).toMatchObject({ ok: true, where: offsiteWhere(offsite) });
      const status = await readBackupStatus(settings.backupDir);
      expect(status.offsite?.lastGood).toMatchObject({ file: name, size: backup.size, createdAt: backup.createdAt });
      expect(summarise(status, Date.now(), true).offsite).toMatchObject({ configured: true, stale: false });

      // The same retention as the local folder: what it keeps of all the copies, and nothing else.
      const expected = backupsToKeep([
        ...earlier.map((at) => ({ name: backupName(at, true), createdAt: at })),
        { name, createdAt: new Date(backup.createdAt) },
      ]);
      const { copies } = await listOffsiteBackups(offsite);
      expect(new Set(copies.map((copy) => copy.name))).toEqual(expected);
      expect(copies[0]).toMatchObject({ name, size: backup.size });
      expect(backup.offsite?.ok && backup.offsite.pruned.length).toBe(earlier.length + 1 - expected.size);

      // A newer copy that arrived damaged (its checksum does not match) is passed over.
      const damaged = path.join(path.dirname(old), backupName(new Date(Date.now() + 60_000), true));
      writeFileSync(damaged, "not what the checksum says");
      await store.upload(damaged, "f".repeat(64));
      const said: string[] = [];
      const fetched = await downloadOffsiteBackup(offsite, undefined, (line) => said.push(line));
      expect(path.basename(fetched.file)).toBe(name);
      expect(said.join("\n")).toMatch(
        /does not match its \.sha256 file: the copy is damaged; trying the next older copy/,
      );

      const target = temp("offsite-target-");
      await restoreBackup({ file: fetched.file, dataDir: target, key: settings.key });
      await fetched.cleanup();
      expect(await pgliteStats(target)).toEqual(backup.manifest.tables);
    },
  );
});

describe("a copy that fails", () => {
  it("keeps the local backup when the copy fails, says why, and makes the copy at the next check", async () => {
    const { database, settings } = await source(5);
    const unreachable = { ...offsite, endpoint: `http://127.0.0.1:${await freePort()}` };
    const backup = await createBackup(database, { ...settings, offsite: unreachable });
    await database.close();
    expect(backup.offsite).toMatchObject({ ok: false });
    expect(backup.offsite?.ok === false && backup.offsite.error).toMatch(
      /could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): check BACKUP_S3_ENDPOINT/,
    );
    const failed = await readBackupStatus(settings.backupDir);
    expect(failed.lastAttempt?.ok).toBe(true);
    expect(failed.offsite).toMatchObject({ lastAttempt: { ok: false, file: path.basename(backup.file) } });
    expect(summarise(failed, Date.now(), true)).toMatchObject({
      lastAttemptFailed: false,
      offsite: { lastAttemptFailed: true, stale: true },
    });

    const missingBucket = await ensureOffsiteCopy({ ...settings, offsite: { ...offsite, bucket: "no-such-bucket" } });
    expect(missingBucket).toMatchObject({
      ok: false,
      error: expect.stringMatching(/bucket "no-such-bucket" does not exist/),
    });

    expect(await ensureOffsiteCopy(settings)).toMatchObject({ ok: true });
    const caughtUp = await readBackupStatus(settings.backupDir);
    expect(caughtUp.offsite?.lastGood?.file).toBe(path.basename(backup.file));
    expect(summarise(caughtUp, Date.now(), true).offsite).toMatchObject({
      lastAttemptFailed: false,
      stale: false,
      // The earlier failures stay on record for /metrics.
      lastFailureAt: expect.any(String),
    });
    // Nothing more to do until the next backup.
    expect(await ensureOffsiteCopy(settings)).toBeUndefined();
  });

  it.skipIf(!rcloneInstalled)("says which rclone setting to check when the remote is unknown", async () => {
    const { database, settings } = await source(2, { kind: "rclone", remote: "not-configured:mila" });
    const backup = await createBackup(database, settings);
    await database.close();
    expect(backup.offsite).toMatchObject({ ok: false });
    expect(backup.offsite?.ok === false && backup.offsite.error).toMatch(
      /^rclone lsjson failed \(exit \d\): .+; check BACKUP_RCLONE_REMOTE \(not-configured:mila\) and the remote's configuration/,
    );
  });
});
