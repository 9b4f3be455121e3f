import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createAlarms, evaluateAlarms, type AlarmReadings, type AlarmState, type Alarms } from "./alarms.server";
import type { MailMessage } from "./mail.server";
import type { PushMessage, TrainerPush } from "./push.server";

const HOUR = 3_600_000;
const now = new Date("2026-03-10T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
const rules = {
  now,
  intervalMs: HOUR,
  startedAt: new Date(now.getTime() - 10 * HOUR),
  siteUrl: "https://coach.example",
};
const healthy: AlarmReadings = {
  lastGoodBackupAt: ago(0.5),
  lastBackupFailureAt: null,
  deadLetters: 0,
  formOutboxFailedAt: null,
  offsite: { lastGoodAt: ago(0.5), lastAttemptFailed: false },
};

/** Runs the readings in turn from an empty state; the tags raised at each step. */
function run(...steps: AlarmReadings[]): string[][] {
  let state: AlarmState = {};
  return steps.map((readings) => {
    const result = evaluateAlarms(readings, state, rules);
    state = result.state;
    return result.alarms.map((alarm) => alarm.tag);
  });
}

describe("evaluateAlarms", () => {
  it("says a failed backup once, however often it fails again, and again after one succeeded", () => {
    const failed = (at: number) => ({ ...healthy, lastBackupFailureAt: ago(at) });
    expect(run(failed(0.2), failed(0.1), failed(0), healthy, failed(0))).toEqual([
      ["backup-failed"],
      [],
      [],
      [],
      ["backup-failed"],
    ]);
  });

  it("says a backup is too old past two intervals, counting from the start when there is none", () => {
    const made = (hours: number) => ({ ...healthy, lastGoodBackupAt: ago(hours) });
    expect(run(made(1.9), made(2.1), made(2.5), made(0.1))).toEqual([[], ["backup-old"], [], []]);
    const none = { ...healthy, lastGoodBackupAt: null };
    expect(evaluateAlarms(none, {}, rules).alarms.map((alarm) => alarm.tag)).toEqual(["backup-old"]);
    const justStarted = { ...rules, startedAt: new Date(now.getTime() - HOUR) };
    expect(evaluateAlarms(none, {}, justStarted).alarms).toEqual([]);
  });

  it("says the same of the off-site copy, and nothing of one that is not set up", () => {
    const copy = (lastGoodAt: string | null, lastAttemptFailed = false) => ({
      ...healthy,
      offsite: { lastGoodAt, lastAttemptFailed },
    });
    expect(run(copy(ago(1), true), copy(ago(1.5), true), copy(ago(0.1)), copy(ago(2.5)), copy(ago(3)))).toEqual([
      ["offsite-failed"],
      [],
      [],
      ["offsite-old"],
      [],
    ]);
    expect(evaluateAlarms(copy(null), {}, rules).alarms.map((alarm) => alarm.tag)).toEqual(["offsite-old"]);
    expect(evaluateAlarms({ ...healthy, offsite: null }, {}, rules).alarms).toEqual([]);
  });

  it("says new dead letters when their number grows, linking to the page that shows them", () => {
    const dead = (deadLetters: number) => ({ ...healthy, deadLetters });
    expect(run(dead(0), dead(2), dead(2), dead(3), dead(1), dead(2))).toEqual([
      [],
      ["dead-letters"],
      [],
      ["dead-letters"],
      [],
      ["dead-letters"],
    ]);
    const [alarm] = evaluateAlarms(dead(2), {}, rules).alarms;
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

  function setUp(readings: () => AlarmReadings, stateFile: string, fail = false) {
    const pushed: PushMessage[] = [];
    const mailed: MailMessage[] = [];
    const push = {
      send: async (message: PushMessage) => {
        if (fail) throw new Error("push service unreachable");
        pushed.push(message);
        return { sent: 1, removed: 0, failed: 0 };
      },
    } as unknown as TrainerPush;
    const mailer = {
      send: async (message: MailMessage) => {
        if (fail) throw new Error("SMTP unreachable");
        mailed.push(message);
      },
      close: () => undefined,
    };
    const alarms = createAlarms({
      read: async () => readings(),
      push,
      mailer,
      trainerEmail: "mila@coach.example",
      siteUrl: "https://coach.example",
      backupIntervalMinutes: 60,
      stateFile,
      logger: pino({ level: "silent" }),
      now: () => now,
    });
    started.push(alarms);
    return { alarms, pushed, mailed };
  }

  it("pushes and e-mails the trainer once per event, also across a restart", async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "alarms-")), "alarms.json");
    const failing = () => ({ ...healthy, lastBackupFailureAt: ago(0.1) });
    const first = setUp(failing, stateFile);
    await first.alarms.check();
    await first.alarms.check();
    expect(first.pushed.map((message) => message.tag)).toEqual(["backup-failed"]);
    expect(first.mailed).toEqual([
      expect.objectContaining({ to: "mila@coach.example", subject: "The site's backup failed" }),
    ]);
    expect(first.mailed[0]?.text).toContain("https://coach.example/admin");

    const restarted = setUp(failing, stateFile);
    await restarted.alarms.check();
    expect(restarted.pushed).toEqual([]);
    expect(restarted.mailed).toEqual([]);
  });

  it("tries again at the next check when no way reached her", async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "alarms-")), "alarms.json");
    const dead = () => ({ ...healthy, deadLetters: 1 });
    await setUp(dead, stateFile, true).alarms.check();
    const later = setUp(dead, stateFile);
    await later.alarms.check();
    expect(later.pushed.map((message) => message.tag)).toEqual(["dead-letters"]);
    expect(later.mailed).toHaveLength(1);
  });
});
