import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendProvisionRequest } from "~/features/auth/provision";
import { DrillBrowser, enrolAuthenticator } from "../support/fault";
import { htmlReader, linksNamed, textOf } from "../support/html";
import { cleanEnv, startServer, type RunningServer } from "../support/server";
import { TRAINER_PASSWORD } from "../support/trainer";

/**
 * `npm run backup` while the site runs on PGlite: the command cannot open the database the server
 * holds, so it asks the server (by signal) to make the backup, and the dashboard then names it.
 * Both are processes here (decision 087): the signal and the database's lock are what is under test.
 * The command is run as npm runs it (`tsx scripts/backup.ts`), without npm's own start-up.
 */
const root = path.resolve(import.meta.dirname, "../..");
const reader = htmlReader();
let server: RunningServer;
let trainer: DrillBrowser;

beforeAll(async () => {
  server = await startServer();
  const account = { email: "backup-trainer@example.com", password: TRAINER_PASSWORD };
  const secret = readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
  const made = await sendProvisionRequest(server.url, secret, { ...account, name: "Mila Jansen" });
  expect(made.status, await made.clone().text()).toBe(201);
  trainer = new DrillBrowser(server.url, "backup-dashboard-test");
  await enrolAuthenticator(trainer, account);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  reader.close();
});

async function backupsCard() {
  const response = await trainer.fetch("/admin");
  expect(response.status).toBe(200);
  const card = reader.parse(await response.text()).querySelector('section[aria-labelledby="backup-heading"]');
  expect(card, "the dashboard has its Backups card").not.toBeNull();
  return card!;
}

describe("the dashboard's backups card", () => {
  it("says none was made yet, without a warning, then names the one `npm run backup` asked the server for", async () => {
    const before = await backupsCard();
    expect(textOf(before.querySelector("p"))).toMatch(/^No backup has been made yet\./);
    // None yet is one state of its own, not also "overdue".
    expect(before.querySelectorAll('[role="alert"]')).toHaveLength(0);

    const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/backup.ts"], {
      cwd: root,
      env: { ...cleanEnv(), DATA_DIR: server.dataDir },
    });
    expect(stdout).toMatch(/asking it to make the backup/);

    const after = await backupsCard();
    expect(textOf(after)).toMatch(/Last good backup: .* \(\d+ minutes? ago\), \d+(\.\d)? (KB|MB)\./);
    expect(after.querySelectorAll('[role="alert"]')).toHaveLength(0);
    const [link] = linksNamed(after, "Download this backup");
    expect(link?.getAttribute("href")).toMatch(/^\/admin\/backups\/backup-\d{8}T\d{6}Z\.tar\.gz$/);
  }, 120_000);
});
