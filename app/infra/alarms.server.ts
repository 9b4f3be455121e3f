import { readFile, rename, writeFile } from "node:fs/promises";
import type { Logger } from "./logger.server";
import type { PushMessage } from "./push.server";
import { AMSTERDAM } from "./amsterdam";
import { every } from "./scheduled-job.server";

/**
 * Alarms that reach the trainer without any monitoring stack: a push to her phone and an e-mail
 * when a backup or its off-site copy fails, when none succeeded for two intervals, or when
 * submissions could not be stored (dead letters) or kept at all (the form outbox cannot write). Every check names the events that hold now; each
 * event has a key (the failures since the last good backup, the newest dead letter), and the
 * message engine makes one message per key across all instances and restarts and retries it
 * until it is handed over (docs/decisions/056). An event that clears and comes back is a new one.
 * When the alarm cannot be queued (the database is away: the queue is the database), it goes out
 * at once without it, once per event from this instance, and is stored as sent under its key when
 * the database is back (docs/decisions/065).
 */

/** What a check reads: the backup status and the outbox. */
export interface AlarmReadings {
  /** The newest good backup's time, null when there is none. */
  lastGoodBackupAt: string | null;
  /** When the last backup attempt failed, null when it succeeded (or none was made). */
  lastBackupFailureAt: string | null;
  deadLetters: number;
  /** The id of the newest dead letter: a new one is a new event, one she dealt with is none. */
  newestDeadLetter: string | null;
  /** When the form outbox last started failing to write (a visitor was told "not saved"), null when never. */
  formOutboxFailedAt: string | null;
  /** The copy kept away from this machine; null when none is set up. */
  offsite: { lastGoodAt: string | null; lastAttemptFailed: boolean } | null;
}

export interface Alarm extends PushMessage {
  /** The e-mail's subject; its text is the body followed by the link. */
  subject: string;
  /** What happened, the same on every instance: the alarm's key in the message engine. */
  event: string;
}

export interface AlarmRules {
  now: Date;
  /** The backup interval; "too old" is two of them. */
  intervalMs: number;
  /** When this server started: with no backup at all, the age counts from here. */
  startedAt: Date;
  siteUrl: string;
  /** Whether this server makes the backups itself (and so tries again at its next check). */
  scheduled: boolean;
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

const ASK =
  'If it stays like this, ask whoever runs the site to look at the server (docs/runbook.md, section "Alarms", in the project).';

/** Pure: the events that hold now, each with its key; the engine sends each key once. */
export function evaluateAlarms(readings: AlarmReadings, rules: AlarmRules): Alarm[] {
  const alarms: Alarm[] = [];
  const dashboard = `${rules.siteUrl}/admin`;
  const retry = rules.scheduled ? "The server tries again at its next check, within five minutes." : "";
  const lastGood = readings.lastGoodBackupAt ?? "never";

  if (readings.lastBackupFailureAt !== null) {
    alarms.push({
      event: `backup-failed:since-${lastGood}`,
      title: "A backup failed",
      subject: "The site's backup failed",
      body: [`The backup of ${when(readings.lastBackupFailureAt)} could not be made.`, retry, ASK]
        .filter(Boolean)
        .join(" "),
      url: dashboard,
      tag: "backup-failed",
    });
  }

  const since = readings.lastGoodBackupAt === null ? rules.startedAt.getTime() : Date.parse(readings.lastGoodBackupAt);
  const age = rules.now.getTime() - since;
  if (age > 2 * rules.intervalMs) {
    alarms.push({
      event: `backup-old:${lastGood}`,
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

  const lastCopy = readings.offsite?.lastGoodAt ?? "never";
  if (readings.offsite?.lastAttemptFailed === true) {
    alarms.push({
      event: `offsite-failed:since-${lastCopy}`,
      title: "The off-site copy failed",
      subject: "The site's backup was not copied off-site",
      body: [
        "The newest backup is on the server but could not be copied to the off-site storage, so a broken server would take it with it.",
        retry,
        ASK,
      ]
        .filter(Boolean)
        .join(" "),
      url: dashboard,
      tag: "offsite-failed",
    });
  }

  const offsiteSince =
    readings.offsite === null
      ? undefined
      : readings.offsite.lastGoodAt === null
        ? rules.startedAt.getTime()
        : Date.parse(readings.offsite.lastGoodAt);
  const offsiteAge = offsiteSince === undefined ? 0 : rules.now.getTime() - offsiteSince;
  if (offsiteAge > 2 * rules.intervalMs) {
    alarms.push({
      event: `offsite-old:${lastCopy}`,
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

  if (readings.newestDeadLetter !== null && readings.deadLetters > 0) {
    const count = readings.deadLetters;
    alarms.push({
      event: `dead-letter:${readings.newestDeadLetter}`,
      title: count === 1 ? "A form could not be saved" : `${count} forms could not be saved`,
      subject: count === 1 ? "A form on the site could not be saved" : `${count} forms on the site could not be saved`,
      body: `${count === 1 ? "One submission was" : `${count} submissions were`} refused by the database. What the visitors sent is kept: read it under Unsaved in the back office.`,
      url: `${rules.siteUrl}/admin/unsaved`,
      tag: "dead-letters",
    });
  }

  // The form outbox could not keep a form (a full or failing disk while the database was away): the
  // failure's start is the event, so one failure is one alarm however often it is seen.
  const outboxFailedAt = readings.formOutboxFailedAt;
  if (outboxFailedAt !== null) {
    alarms.push({
      event: `form-outbox:${outboxFailedAt}`,
      title: "Forms could not be saved",
      subject: "A form on the site could not be saved: the server's disk",
      body: `Since ${when(outboxFailedAt)} the server could not write a form to its disk (full or failing) while the database could not take it. The visitors were told their form was not saved and shown how to reach you. ${ASK}`,
      url: dashboard,
      tag: "form-outbox",
    });
  }

  return alarms;
}

/** An alarm this instance handed over without the database: the channels that took it, and when. */
export interface DirectSend {
  at: string;
  channels: string[];
}

export interface AlarmDeps {
  read(): Promise<AlarmReadings>;
  /**
   * Queues the alarm's push and e-mail in the message engine under its event's key; true when new.
   * With `direct`, the channels it names went out already without the database: stored as sent.
   */
  send(alarm: Alarm, direct?: DirectSend): Promise<boolean>;
  /**
   * Hands the alarm to the relay and the push service now, without the database (the transport);
   * the channels that took it. Used only when `send` fails.
   */
  sendDirect?(alarm: Alarm): Promise<string[]>;
  /**
   * This instance's record of the events it queued and of the alarms it sent directly, kept until
   * the database has them (DATA_DIR/alarms-direct.json, 0600): a restart during the outage sends
   * none twice. Needed with `sendDirect`.
   */
  directFile?: string;
  siteUrl: string;
  /** Minutes between backups as configured; 0 (a separate job makes them): hourly. */
  backupIntervalMinutes: number;
  logger: Logger;
  now?: () => Date;
}

export interface Alarms {
  /** One check now (the timer calls it every few minutes). */
  check(): Promise<Alarm[]>;
  stop(): void;
}

interface DirectRecord {
  /** Events the engine holds (queued by this or another instance): never sent directly. */
  queued: string[];
  /** Alarms sent directly, not yet stored in the engine. */
  sent: Record<string, DirectSend & { alarm: Alarm }>;
}

async function readDirect(file: string): Promise<DirectRecord> {
  try {
    const record = JSON.parse(await readFile(file, "utf8")) as Partial<DirectRecord>;
    return { queued: record.queued ?? [], sent: record.sent ?? {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { queued: [], sent: {} };
    throw error;
  }
}

/** Written as a copy and renamed over the file: a crash or a full disk leaves the old record whole. */
async function writeDirect(file: string, record: DirectRecord): Promise<void> {
  const copy = `${file}.tmp`;
  await writeFile(copy, JSON.stringify(record), { mode: 0o600 });
  await rename(copy, file);
}

const CHECK_EVERY_MS = 5 * 60_000;

export function createAlarms(deps: AlarmDeps): Alarms {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const intervalMs = (deps.backupIntervalMinutes || 60) * 60_000;
  let running: Promise<Alarm[]> | undefined;
  const logged = new Set<string>();

  const checkOnce = async () => {
    const alarms = evaluateAlarms(await deps.read(), {
      now: now(),
      intervalMs,
      startedAt,
      siteUrl: deps.siteUrl,
      scheduled: deps.backupIntervalMinutes > 0,
    });
    const file = deps.sendDirect ? deps.directFile : undefined;
    const record = file ? await readDirect(file) : { queued: [], sent: {} };
    const before = JSON.stringify(record);
    let failure: unknown;
    const queue = async (alarm: Alarm) => {
      const direct = record.sent[alarm.event];
      await deps.send(alarm, direct);
      delete record.sent[alarm.event];
      if (!record.queued.includes(alarm.event)) record.queued.push(alarm.event);
    };
    for (const alarm of alarms) {
      // Logged once per event by this process, before it is queued: the operator's log shows it at once.
      if (!logged.has(alarm.event)) {
        logged.add(alarm.event);
        deps.logger.warn({ alarm: alarm.tag }, alarm.title);
      }
      try {
        await queue(alarm);
      } catch (error) {
        // Already in the engine (it sends it when the database is back), or already out.
        if (record.queued.includes(alarm.event) || record.sent[alarm.event]) continue;
        // The queue is the database: while it is away the alarm goes out without it, once.
        if (!file || !deps.sendDirect) {
          failure ??= error;
          continue;
        }
        const channels = await deps.sendDirect(alarm);
        if (!channels.length) {
          failure ??= error;
          continue;
        }
        record.sent[alarm.event] = { at: now().toISOString(), channels, alarm };
        deps.logger.warn({ alarm: alarm.tag, channels }, "alarm sent without the database (it cannot be queued)");
      }
    }
    // Sent directly for an event that has cleared since: stored all the same, so the page shows it.
    for (const { alarm } of Object.values(record.sent)) {
      if (alarms.some((holding) => holding.event === alarm.event)) continue;
      await queue(alarm).catch(() => undefined);
    }
    // Events that no longer hold need no memory: one that comes back is a new alarm.
    record.queued = record.queued.filter((event) => alarms.some((alarm) => alarm.event === event));
    if (file && JSON.stringify(record) !== before) await writeDirect(file, record);
    if (failure !== undefined) throw failure;
    return alarms;
  };

  const check = () => {
    running ??= checkOnce().finally(() => (running = undefined));
    return running;
  };
  const stop = every(CHECK_EVERY_MS, check, (error) => deps.logger.error({ err: error }, "alarm check failed"), 60_000);
  return { check, stop };
}
