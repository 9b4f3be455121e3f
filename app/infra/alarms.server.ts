import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mail.server";
import type { PushMessage, TrainerPush } from "./push.server";
import { AMSTERDAM } from "./amsterdam";
import { every } from "./scheduled-job.server";

/**
 * Alarms that reach the trainer without any monitoring stack: a push to her phone and an e-mail
 * when a backup or its off-site copy fails, when none succeeded for two intervals, or when
 * submissions could not be stored (dead letters) or kept at all (the form outbox cannot write). Each is said once when it starts (not at every check), and again only after
 * it has cleared and come back; what was said survives a restart (DATA_DIR/alarms.json).
 */

/** What a check reads: the backup status and the outbox. */
export interface AlarmReadings {
  /** The newest good backup's time, null when there is none. */
  lastGoodBackupAt: string | null;
  /** When the last backup attempt failed, null when it succeeded (or none was made). */
  lastBackupFailureAt: string | null;
  deadLetters: number;
  /** When the form outbox last started failing to write (a visitor was told "not saved"), null when never. */
  formOutboxFailedAt: string | null;
  /** The copy kept away from this machine; null when none is set up. */
  offsite: { lastGoodAt: string | null; lastAttemptFailed: boolean } | null;
}

/** What has been said and not yet cleared. */
export interface AlarmState {
  backupFailed?: boolean;
  backupOld?: boolean;
  offsiteFailed?: boolean;
  offsiteOld?: boolean;
  /** The dead-letter count last reported: more than this is news, fewer means she dealt with some. */
  deadLetters?: number;
  /** The form outbox failure last reported: a later one is news. */
  formOutboxFailedAt?: string | null;
}

export interface Alarm extends PushMessage {
  /** The e-mail's subject; its text is the body followed by the link. */
  subject: string;
}

export interface AlarmRules {
  now: Date;
  /** The backup interval; "too old" is two of them. */
  intervalMs: number;
  /** When this server started: with no backup at all, the age counts from here. */
  startedAt: Date;
  siteUrl: string;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: AMSTERDAM,
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));

const hours = (ms: number) => Math.max(1, Math.round(ms / 3_600_000));

const ASK = "If it stays like this, ask whoever runs the site to look at the server (docs/runbook.md in the project).";

/** Pure: the alarms to send now and the state after sending them. */
export function evaluateAlarms(
  readings: AlarmReadings,
  state: AlarmState,
  rules: AlarmRules,
): { alarms: Alarm[]; state: AlarmState } {
  const alarms: Alarm[] = [];
  const next: AlarmState = { ...state };
  const dashboard = `${rules.siteUrl}/admin`;

  const failed = readings.lastBackupFailureAt !== null;
  if (failed && !state.backupFailed) {
    alarms.push({
      title: "A backup failed",
      subject: "The site's backup failed",
      body: `The backup of ${when(readings.lastBackupFailureAt!)} could not be made. The server tries again every few minutes. ${ASK}`,
      url: dashboard,
      tag: "backup-failed",
    });
  }
  next.backupFailed = failed;

  const since = readings.lastGoodBackupAt === null ? rules.startedAt.getTime() : Date.parse(readings.lastGoodBackupAt);
  const age = rules.now.getTime() - since;
  const old = age > 2 * rules.intervalMs;
  if (old && !state.backupOld) {
    alarms.push({
      title: "No recent backup",
      subject: "The site has no recent backup",
      body:
        readings.lastGoodBackupAt === null
          ? `No backup has been made in the ${hours(age)} hours since the server started. ${ASK}`
          : `The newest backup is ${hours(age)} hours old (${when(readings.lastGoodBackupAt)}). ${ASK}`,
      url: dashboard,
      tag: "backup-old",
    });
  }
  next.backupOld = old;

  const offsiteFailed = readings.offsite?.lastAttemptFailed === true;
  if (offsiteFailed && !state.offsiteFailed) {
    alarms.push({
      title: "The off-site copy failed",
      subject: "The site's backup was not copied off-site",
      body: `The newest backup is on the server but could not be copied to the off-site storage, so a broken server would take it with it. The server tries again every few minutes. ${ASK}`,
      url: dashboard,
      tag: "offsite-failed",
    });
  }
  next.offsiteFailed = offsiteFailed;

  const offsiteSince =
    readings.offsite === null
      ? undefined
      : readings.offsite.lastGoodAt === null
        ? rules.startedAt.getTime()
        : Date.parse(readings.offsite.lastGoodAt);
  const offsiteAge = offsiteSince === undefined ? 0 : rules.now.getTime() - offsiteSince;
  const offsiteOld = offsiteAge > 2 * rules.intervalMs;
  if (offsiteOld && !state.offsiteOld) {
    alarms.push({
      title: "No recent off-site copy",
      subject: "The site has no recent off-site backup",
      body:
        readings.offsite?.lastGoodAt == null
          ? `No backup has been copied off-site in the ${hours(offsiteAge)} hours since the server started. ${ASK}`
          : `The newest off-site copy is ${hours(offsiteAge)} hours old (${when(readings.offsite.lastGoodAt)}). ${ASK}`,
      url: dashboard,
      tag: "offsite-old",
    });
  }
  next.offsiteOld = offsiteOld;

  const reported = state.deadLetters ?? 0;
  if (readings.deadLetters > reported) {
    const count = readings.deadLetters;
    alarms.push({
      title: count === 1 ? "A form could not be saved" : `${count} forms could not be saved`,
      subject: count === 1 ? "A form on the site could not be saved" : `${count} forms on the site could not be saved`,
      body: `${count === 1 ? "One submission was" : `${count} submissions were`} refused by the database. What the visitors sent is kept: read it under Unsaved in the back office.`,
      url: `${rules.siteUrl}/admin/unsaved`,
      tag: "dead-letters",
    });
  }
  next.deadLetters = readings.deadLetters;

  const outboxFailedAt = readings.formOutboxFailedAt;
  if (outboxFailedAt !== null && outboxFailedAt !== (state.formOutboxFailedAt ?? null)) {
    alarms.push({
      title: "Forms could not be saved",
      subject: "A form on the site could not be saved: the server's disk",
      body: `Since ${when(outboxFailedAt)} the server could not write a form to its disk (full or failing) while the database could not take it. The visitors were told their form was not saved and shown how to reach you. ${ASK}`,
      url: dashboard,
      tag: "form-outbox",
    });
  }
  next.formOutboxFailedAt = outboxFailedAt;

  return { alarms, state: next };
}

export interface AlarmDeps {
  read(): Promise<AlarmReadings>;
  push: TrainerPush | null;
  mailer: Mailer | null;
  trainerEmail: string;
  siteUrl: string;
  /** Minutes between backups as configured; 0 (a separate job makes them): hourly. */
  backupIntervalMinutes: number;
  stateFile: string;
  logger: Logger;
  now?: () => Date;
}

export interface Alarms {
  /** One check now (the timer calls it every few minutes). */
  check(): Promise<Alarm[]>;
  stop(): void;
}

const CHECK_EVERY_MS = 5 * 60_000;

async function readState(file: string): Promise<AlarmState> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as AlarmState;
  } catch {
    return {};
  }
}

async function writeState(file: string, state: AlarmState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, JSON.stringify(state));
  await rename(temporary, file);
}

export function createAlarms(deps: AlarmDeps): Alarms {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const intervalMs = (deps.backupIntervalMinutes || 60) * 60_000;
  let running: Promise<Alarm[]> | undefined;

  /** Sent when at least one way reached her, or there was no way to try; otherwise tried again next check. */
  const send = async (alarm: Alarm): Promise<boolean> => {
    const { subject, ...message } = alarm;
    const tries: Promise<unknown>[] = [];
    if (deps.push) tries.push(deps.push.send(message));
    if (deps.mailer) {
      tries.push(deps.mailer.send({ to: deps.trainerEmail, subject, text: `${alarm.body}\n\n${alarm.url}` }));
    }
    const outcomes = await Promise.allSettled(tries);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") deps.logger.warn({ err: outcome.reason, alarm: alarm.tag }, "alarm not sent");
    }
    return outcomes.length === 0 || outcomes.some((outcome) => outcome.status === "fulfilled");
  };

  const checkOnce = async () => {
    const readings = await deps.read();
    const before = await readState(deps.stateFile);
    const { alarms, state } = evaluateAlarms(readings, before, {
      now: now(),
      intervalMs,
      startedAt,
      siteUrl: deps.siteUrl,
    });
    const sent: Alarm[] = [];
    for (const alarm of alarms) {
      deps.logger.warn({ alarm: alarm.tag }, alarm.title);
      if (await send(alarm)) sent.push(alarm);
    }
    // An alarm no way could deliver is not marked as said, so the next check tries again.
    const unsent = new Set(alarms.filter((alarm) => !sent.includes(alarm)).map((alarm) => alarm.tag));
    const kept: AlarmState = {
      backupFailed: unsent.has("backup-failed") ? before.backupFailed : state.backupFailed,
      backupOld: unsent.has("backup-old") ? before.backupOld : state.backupOld,
      offsiteFailed: unsent.has("offsite-failed") ? before.offsiteFailed : state.offsiteFailed,
      offsiteOld: unsent.has("offsite-old") ? before.offsiteOld : state.offsiteOld,
      deadLetters: unsent.has("dead-letters") ? before.deadLetters : state.deadLetters,
      formOutboxFailedAt: unsent.has("form-outbox") ? before.formOutboxFailedAt : state.formOutboxFailedAt,
    };
    await writeState(deps.stateFile, kept);
    return sent;
  };

  const check = () => {
    running ??= checkOnce().finally(() => (running = undefined));
    return running;
  };
  const stop = every(CHECK_EVERY_MS, check, (error) => deps.logger.error({ err: error }, "alarm check failed"), 60_000);
  return { check, stop };
}
