import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultServer, type FaultServer } from "../support/fault";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";

/**
 * An alarm while the database is away (the engine's queue is the database): the production server
 * hands its e-mail straight to the relay, once, and queues it as sent when the database is back.
 * A failed backup is the event (the status file a failed backup leaves); the database is the
 * embedded one, closed and reopened on command.
 */
describe("an alarm during a database outage", () => {
  let relay: LocalSmtp;
  let server: FaultServer;
  const trainer = "trainer-outage@example.com";
  beforeAll(async () => {
    relay = await startSmtpServer();
    const backups = mkdtempSync(path.join(tmpdir(), "alarms-outage-backups-"));
    writeFileSync(
      path.join(backups, "status.json"),
      JSON.stringify({
        lastAttempt: { at: new Date().toISOString(), ok: false, error: "the database did not answer" },
      }),
    );
    server = await startFaultServer({
      SMTP_URL: relay.url,
      TRAINER_EMAIL: trainer,
      BACKUP_DIR: backups,
      BACKUP_INTERVAL_MINUTES: "0",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await relay?.stop();
  });

  it("reaches the trainer at once, once, and is not sent again when the database is back", async () => {
    await server.send("db:down");
    expect(await server.send("alarms:check")).toEqual([expect.stringMatching(/^backup-failed:/)]);
    await server.send("alarms:check");
    const alarms = () => relay.messages.filter((message) => message.to.includes(trainer));
    expect(alarms().map((message) => message.subject)).toEqual(["The site's backup failed"]);
    expect(statSync(path.join(server.dataDir, "alarms-direct.json")).mode & 0o777).toBe(0o600);

    await server.send("db:up");
    await server.send("alarms:check");
    // Until the engine has handed over what it holds (the push, queued now as usual).
    const rows = async () => (await server.send("messages")) as { key: string; state: string }[];
    while ((await rows()).some((row) => row.state === "queued" || row.state === "sending"));
    expect(
      Object.fromEntries((await rows()).map((row) => [row.key.replace(/^alarm:backup-failed:[^:]+/, ""), row.state])),
    ).toEqual({
      ":email": "sent",
      ":push": "sent",
    });
    expect(alarms()).toHaveLength(1);
  });
});
