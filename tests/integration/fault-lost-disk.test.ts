import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendProvisionRequest } from "~/features/auth/provision";
import { bothEngines, createPostgresDatabase, dropPostgresDatabase, type Engine } from "../support/database";
import { migratedDataDir } from "../support/data-dir";
import { DrillBrowser, enrolAuthenticator, npmRun } from "../support/fault";
import { startS3, type LocalS3 } from "../support/s3";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { totp, TRAINER_PASSWORD } from "../support/trainer";

/**
 * The lost disk: a site takes leads and a newsletter signup through its public forms, the trainer
 * enrols her authenticator, `npm run backup` makes a backup with an off-site copy, and then the
 * whole data directory (the database on PGlite, the sign-in secret, the local backups) is gone,
 * and on PostgreSQL the database too. `npm run restore -- --from-offsite` on a new disk brings
 * back every lead; the unsubscribe link e-mailed before the loss still works, and the trainer
 * signs in with her authenticator code.
 */
const LEADS = 30;

let s3: LocalS3;
let smtp: LocalSmtp;
beforeAll(async () => {
  [s3, smtp] = await Promise.all([startS3(), startSmtpServer()]);
});
afterAll(async () => {
  await Promise.all([s3?.stop(), smtp?.stop()]);
});

function intake(site: string, index: number, tag: string) {
  return fetch(`${site}/api/intake`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
      contact: {
        firstName: "Lost",
        lastName: `Disk ${index}`,
        email: `lead-${index}-${tag}@example.nl`,
        phone: "+31612345678",
        message: "",
      },
      idempotencyKey: `lost-disk-${tag}-${index}`,
      sourceUrl: `${site}/start`,
      website: "",
      elapsedMs: 30_000,
    }),
  });
}

/** The unsubscribe address of the e-mail's List-Unsubscribe header (what a mail client's button posts to). */
function unsubscribeLink(raw: string): string {
  const header = /^List-Unsubscribe:\s*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, " ");
  const link = /<(https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(header ?? "")?.[1];
  if (!link) throw new Error(`no unsubscribe link in:\n${raw.slice(0, 2000)}`);
  return link;
}

describe.each(bothEngines)("a lost disk, restored from the off-site copy alone (%s)", (engine: Engine) => {
  const servers: RunningServer[] = [];
  const databases: string[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const url of databases.splice(0)) await dropPostgresDatabase(url).catch(() => undefined);
  });

  it(
    "brings back every lead, the old unsubscribe link and the trainer's authenticator",
    { timeout: 180_000 },
    async () => {
      const timings: Record<string, number> = {};
      const time = async <T>(label: string, step: () => Promise<T>) => {
        const started = Date.now();
        const result = await step();
        timings[label] = (Date.now() - started) / 1000;
        return result;
      };
      const tag = randomBytes(4).toString("hex");
      // What the operator keeps away from the server: the encryption key and the bucket's settings.
      const kept = {
        ...s3.env,
        BACKUP_S3_PREFIX: `lost-disk-${engine}-${tag}/`,
        BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      };
      const site = {
        ...kept,
        BACKUP_INTERVAL_MINUTES: "0",
        SMTP_URL: smtp.url,
        RATE_LIMIT_FORMS_PER_MINUTE: "1000",
        RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      };
      const oldDisk =
        engine === "postgres" ? mkdtempSync(path.join(tmpdir(), "lost-disk-")) : await migratedDataDir("lost-disk-");
      const oldDatabase = engine === "postgres" ? await createPostgresDatabase() : undefined;
      if (oldDatabase) databases.push(oldDatabase);
      const database = (url: string | undefined): Record<string, string> => (url ? { DATABASE_URL: url } : {});
      // PostgreSQL in production needs AUTH_SECRET; on PGlite the site makes DATA_DIR/auth-secret itself.
      const oldSecret = engine === "postgres" ? randomBytes(32).toString("base64url") : undefined;
      const oldSite = {
        ...site,
        DATA_DIR: oldDisk,
        ...database(oldDatabase),
        ...(oldSecret ? { AUTH_SECRET: oldSecret } : {}),
      };
      const before = await startServer(oldSite);
      servers.push(before);
      const secret = oldSecret ?? readFileSync(path.join(oldDisk, "auth-secret"), "utf8").trim();

      // The trainer's account, and her authenticator enrolled at her first sign-in.
      const trainer = { email: `mila-${tag}@example.com`, password: TRAINER_PASSWORD, name: "Mila Jansen" };
      expect((await sendProvisionRequest(before.url, secret, trainer)).status).toBe(201);
      const factor = await enrolAuthenticator(new DrillBrowser(before.url, "lost-disk-drill"), trainer);

      // Leads and a newsletter signup through the public forms; the signup's e-mail carries the unsubscribe link.
      const posted = await Promise.all(Array.from({ length: LEADS }, (_, i) => intake(before.url, i, tag)));
      expect(posted.map((res) => res.status)).toEqual(Array<number>(LEADS).fill(200));
      const reader = `reader-${tag}@example.nl`;
      const signup = await fetch(`${before.url}/api/newsletter`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          email: reader,
          source: "footer",
          variant: "footer",
          elapsedMs: "30000",
          website: "",
        }),
      });
      expect(signup.status).toBe(200);
      const mail = await (async () => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const found = smtp.messages.find((message) => message.to.includes(reader));
          if (found || Date.now() > deadline) return found;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      expect(mail, "the confirmation e-mail").toBeDefined();
      const leave = unsubscribeLink(mail!.raw);

      // The backup as the operator makes it, with its off-site copy.
      const backup = await time("npm run backup (with the off-site copy)", () => npmRun(["backup"], oldSite));
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`copied off-site to s3://${s3.bucket}/${kept.BACKUP_S3_PREFIX}`);

      // The disk is lost: the data directory with the local backups and the secret, and the database.
      await before.stop();
      servers.splice(0);
      rmSync(oldDisk, { recursive: true, force: true });
      if (oldDatabase) {
        await dropPostgresDatabase(oldDatabase);
        databases.splice(0);
      }

      // A new disk: an empty data directory and, on PostgreSQL, a new empty database. No AUTH_SECRET.
      const newDisk = mkdtempSync(path.join(tmpdir(), "new-disk-"));
      const newDatabase = engine === "postgres" ? await createPostgresDatabase() : undefined;
      if (newDatabase) databases.push(newDatabase);
      const listed = await time("npm run restore -- --list-offsite", () =>
        npmRun(["restore", "--", "--list-offsite"], { ...kept, DATA_DIR: newDisk, ...database(newDatabase) }),
      );
      expect(listed.code, listed.output).toBe(0);
      expect(listed.output).toMatch(/^backup-\d{8}T\d{6}Z\.tar\.gz\.enc {2}/m);
      const restore = await time("npm run restore -- --from-offsite", () =>
        npmRun(["restore", "--", "--from-offsite"], { ...kept, DATA_DIR: newDisk, ...database(newDatabase) }),
      );
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/restore: wrote the site's sign-in secret to /);
      const restoredSecret = readFileSync(path.join(newDisk, "auth-secret"), "utf8");
      expect(restoredSecret).toBe(secret);

      // On PostgreSQL the operator sets AUTH_SECRET to the restored file's content, as the restore says.
      const after = await time("start the site on the restored data", () =>
        startServer({
          ...site,
          DATA_DIR: newDisk,
          ...database(newDatabase),
          ...(engine === "postgres" ? { AUTH_SECRET: restoredSecret } : {}),
        }),
      );
      servers.push(after);

      // The trainer signs in with her password and the code from her authenticator.
      const back = new DrillBrowser(after.url, "lost-disk-drill");
      const password = await back.fetch("/admin/login", { email: trainer.email, password: trainer.password });
      expect(password.headers.get("location")).toBe("/admin/verify?redirectTo=%2Fadmin");
      const verified = await back.fetch("/admin/verify", { method: "totp", code: totp(factor!), redirectTo: "/admin" });
      expect(verified.status, await verified.clone().text()).toBe(302);
      expect(verified.headers.get("location")).toBe("/admin");

      // Every lead is there.
      const csv = await back.fetch("/admin/export/leads.csv");
      expect(csv.status).toBe(200);
      const leads = await csv.text();
      for (let i = 0; i < LEADS; i++) expect(leads, `lead ${i}`).toContain(`lead-${i}-${tag}@example.nl`);

      // The unsubscribe link from the e-mail sent before the loss, as a mail client's one-click posts it.
      const unsubscribed = await fetch(leave.replace(before.url, after.url), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(unsubscribed.status).toBe(200);
      expect(await unsubscribed.text()).toMatch(/role="status"/);

      const took = Object.entries(timings).map(([label, seconds]) => `${label}: ${seconds.toFixed(1)} s`);
      console.info(`${engine}: ${took.join("; ")}`);
    },
  );
});
