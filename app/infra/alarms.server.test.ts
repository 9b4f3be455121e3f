import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  createAlarms,
  evaluateAlarms,
  type Alarm,
  type AlarmReadings,
  type Alarms,
  type DirectSend,
} from "./alarms.server";

const HOUR = 3_600_000;
const now = new Date("2026-03-10T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
const rules = {
  now,
  intervalMs: HOUR,
  startedAt: new Date(now.getTime() - 10 * HOUR),
  siteUrl: "https://coach.example",
  scheduled: true,
};
const healthy: AlarmReadings = {
  lastGoodBackupAt: ago(0.5),
  lastBackupFailureAt: null,
  deadLetters: 0,
  newestDeadLetter: null,
  formOutboxFailedAt: null,
  offsite: { lastGoodAt: ago(0.5), lastAttemptFailed: false },
};

/** Runs the readings in turn; the tags of the events not seen before (the engine sends one per key). */
function run(...steps: AlarmReadings[]): string[][] {
  const said = new Set<string>();
  return steps.map((readings) =>
    evaluateAlarms(readings, rules)
      .filter((alarm) => !said.has(alarm.event) && said.add(alarm.event))
      .map((alarm) => alarm.tag),
  );
}

describe("evaluateAlarms", () => {
  it("says a failed backup once, however often it fails again, and again after one succeeded", () => {
    const failed = (at: number, lastGood = 0.5) => ({
      ...healthy,
      lastGoodBackupAt: ago(lastGood),
      lastBackupFailureAt: ago(at),
    });
    const good = { ...healthy, lastGoodBackupAt: ago(0.05) };
    expect(run(failed(0.2), failed(0.1), failed(0), good, failed(0, 0.05))).toEqual([
      ["backup-failed"],
      [],
      [],
      [],
      ["backup-failed"],
    ]);
  });

  it("says a backup is too old past two intervals, counting from the start when there is none", () => {
    const made = (hours: number) => ({ ...healthy, lastGoodBackupAt: ago(hours) });
    const stale = { ...made(2.1), lastGoodBackupAt: ago(2.1) };
    expect(run(made(1.9), stale, stale, made(0.1))).toEqual([[], ["backup-old"], [], []]);
    const none = { ...healthy, lastGoodBackupAt: null };
    expect(evaluateAlarms(none, rules).map((alarm) => alarm.tag)).toEqual(["backup-old"]);
    const justStarted = { ...rules, startedAt: new Date(now.getTime() - HOUR) };
    expect(evaluateAlarms(none, justStarted)).toEqual([]);
  });

  it("says the same of the off-site copy, and nothing of one that is not set up", () => {
    const copy = (lastGoodAt: string | null, lastAttemptFailed = false) => ({
      ...healthy,
      offsite: { lastGoodAt, lastAttemptFailed },
    });
    // A failure or a stale copy keeps its last good time however long it lasts.
    expect(run(copy(ago(1), true), copy(ago(1), true), copy(ago(0.1)), copy(ago(2.5)), copy(ago(2.5)))).toEqual([
      ["offsite-failed"],
      [],
      [],
      ["offsite-old"],
      [],
    ]);
    expect(evaluateAlarms(copy(null), rules).map((alarm) => alarm.tag)).toEqual(["offsite-old"]);
    expect(evaluateAlarms({ ...healthy, offsite: null }, rules)).toEqual([]);
  });

  it("says new dead letters when a new one comes, not when she dealt with some, linking to the page that shows them", () => {
    const dead = (deadLetters: number, newest: string | null) => ({
      ...healthy,
      deadLetters,
      newestDeadLetter: newest,
    });
    expect(run(dead(0, null), dead(2, "b"), dead(2, "b"), dead(3, "c"), dead(1, "c"), dead(2, "d"))).toEqual([
      [],
      ["dead-letters"],
      [],
      ["dead-letters"],
      [],
      ["dead-letters"],
    ]);
    const [alarm] = evaluateAlarms(dead(2, "b"), rules);
    expect(alarm?.url).toBe("https://coach.example/admin/unsaved");
  });

  it("says once each time the form outbox starts failing to write, also when it recovered before the check", () => {
    const failedAt = (hours: number) => ({ ...healthy, formOutboxFailedAt: ago(hours) });
    expect(run(healthy, failedAt(2), failedAt(2), failedAt(1), failedAt(1))).toEqual([
      [],
      ["form-outbox"],
      [],
      ["form-outbox"],
      [],
    ]);
  });
});

describe("createAlarms", () => {
  const started: Alarms[] = [];
  afterEach(() => started.splice(0).forEach((alarms) => alarms.stop()));

  /** Two instances (or one, restarted) over one message engine: a message per key, as its unique index makes. */
  function instances(readings: () => AlarmReadings, count: number) {
    const queued = new Map<string, Alarm>();
    const made = Array.from({ length: count }, () => {
      const alarms = createAlarms({
        read: async () => readings(),
        send: async (alarm) => {
          if (queued.has(alarm.event)) return false;
          queued.set(alarm.event, alarm);
          return true;
        },
        siteUrl: "https://coach.example",
        backupIntervalMinutes: 60,
        logger: pino({ level: "silent" }),
        now: () => now,
      });
      started.push(alarms);
      return alarms;
    });
    return { made, queued };
  }

  it("queues one alarm per event however many instances check, however often", async () => {
    const failing = () => ({ ...healthy, lastBackupFailureAt: ago(0.1) });
    const { made, queued } = instances(failing, 2);
    for (const alarms of [...made, ...made]) await alarms.check();
    expect([...queued.values()].map((alarm) => alarm.tag)).toEqual(["backup-failed"]);
    const [alarm] = queued.values();
    expect(alarm?.subject).toBe("The site's backup failed");
    expect(alarm?.url).toBe("https://coach.example/admin");
  });

  it("promises a next try only where the server makes one, and names a runbook section that exists", async () => {
    const failing = { ...healthy, lastBackupFailureAt: ago(0.1) };
    const [scheduled] = evaluateAlarms(failing, rules);
    const [separate] = evaluateAlarms(failing, { ...rules, scheduled: false });
    expect(scheduled?.body).toContain("tries again");
    expect(separate?.body).not.toContain("tries again");
    const section = /section "([^"]+)"/.exec(scheduled?.body ?? "")?.[1];
    const runbook = readFileSync(path.resolve(import.meta.dirname, "../../docs/runbook.md"), "utf8");
    expect(runbook).toContain(`\n## ${section}\n`);
  });

  describe("while the database is away", () => {
    /**
     * The engine's queue in the database, which can be taken away, and the relay reached without it.
     * `delivered` is every copy she gets: sent directly, or by the engine for a row not stored as sent.
     */
    function outage(readings: () => AlarmReadings) {
      const dir = mkdtempSync(path.join(tmpdir(), "alarms-direct-"));
      const state = { databaseUp: false, relayUp: true };
      const engine = new Map<string, { alarm: Alarm; direct?: DirectSend }>();
      const direct: string[] = [];
      const start = () => {
        const alarms = createAlarms({
          read: async () => readings(),
          send: async (alarm, sent) => {
            if (!state.databaseUp) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
            if (engine.has(alarm.event)) return false;
            engine.set(alarm.event, { alarm, direct: sent });
            return true;
          },
          sendDirect: async (alarm) => {
            if (!state.relayUp) return [];
            direct.push(alarm.event);
            return ["email"];
          },
          directFile: path.join(dir, "alarms-direct.json"),
          siteUrl: "https://coach.example",
          backupIntervalMinutes: 60,
          logger: pino({ level: "silent" }),
          now: () => now,
        });
        started.push(alarms);
        return alarms;
      };
      const delivered = () => [
        ...direct,
        ...[...engine.entries()].filter(([, row]) => !row.direct).map(([event]) => event),
      ];
      return { state, engine, delivered, start, file: path.join(dir, "alarms-direct.json") };
    }
    const failing = () => ({ ...healthy, lastBackupFailureAt: ago(0.1) });

    it("sends the alarm at once without it, once, and stores it as sent when the database is back", async () => {
      const { state, engine, delivered, start, file } = outage(failing);
      const alarms = start();
      await alarms.check();
      await alarms.check();
      // A restart during the outage reads what this instance sent.
      await start().check();
      expect(delivered()).toEqual(["backup-failed:since-" + ago(0.5)]);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      state.databaseUp = true;
      await alarms.check();
      expect([...engine.values()].map((row) => row.direct?.channels)).toEqual([["email"]]);
      await alarms.check();
      expect(delivered()).toHaveLength(1);
    });

    it("tries again at the next check when the relay is away too, and sends nothing the engine already holds", async () => {
      const { state, delivered, start } = outage(failing);
      state.relayUp = false;
      const alarms = start();
      await expect(alarms.check()).rejects.toThrow(/ECONNREFUSED/);
      expect(delivered()).toEqual([]);
      state.relayUp = true;
      await alarms.check();
      expect(delivered()).toHaveLength(1);

      const queuedFirst = outage(failing);
      queuedFirst.state.databaseUp = true;
      const other = queuedFirst.start();
      await other.check();
      queuedFirst.state.databaseUp = false;
      await other.check();
      expect(queuedFirst.delivered()).toHaveLength(1);
    });
  });
});
