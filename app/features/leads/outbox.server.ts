import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "~/infra/logger.server";

/**
 * A durable local queue for submissions the database could not take. Each entry
 * is one fsync'd JSON line; a timer replays entries through their kind's handler
 * until the database takes them. Handlers must be idempotent (idempotency keys,
 * upserts), because an entry can be replayed after a crash mid-replay.
 *
 * An entry the database refuses while it is up (a value it cannot store) must not hold
 * up the ones behind it: the replay skips past it, and after a bounded number of such
 * failures moves it to the dead-letter file, where the back office shows it to the
 * trainer. Nothing the visitor was told is saved is ever dropped.
 */
export interface OutboxEntry<T = unknown> {
  id: string;
  kind: string;
  payload: T;
  createdAt: string;
  attempts: number;
  /** Why the last attempt failed: an error class or database error code, never the data. */
  lastError?: string;
}

/** An entry that could never be stored, kept for the trainer to read. */
export interface DeadLetter<T = unknown> extends OutboxEntry<T> {
  deadAt: string;
}

export interface ReplayResult {
  replayed: number;
  remaining: number;
  /** Moved to the dead-letter file in this run. */
  deadLettered: number;
}

export interface OutboxOptions {
  /**
   * Resolves when the database answers. After a failed entry it tells an outage (stop,
   * retry everything later, count nothing) from an entry the database refuses.
   */
  probe?: () => Promise<void>;
  /** Failures while the database is up before an entry is dead-lettered. */
  maxAttempts?: number;
  /** Defaults to outbox-dead.jsonl beside the outbox. */
  deadLetterFile?: string;
  /** Defaults to node:fs. */
  files?: OutboxFiles;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** The few calls on an open file the outbox makes (node:fs/promises' FileHandle has them all). */
export interface OutboxFile {
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  stat(): Promise<{ size: number }>;
  truncate(length: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file-system calls the outbox makes, in one place: the fault drill puts a full disk here
 * (docs/decisions/059-a-form-outbox-that-checks-every-write.md).
 */
export interface OutboxFiles {
  open(file: string, flags: "a+" | "w" | "r"): Promise<OutboxFile>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  readFile(file: string): Promise<string>;
}

export const nodeFiles: OutboxFiles = {
  open: (file, flags) => open(file, flags, 0o600),
  rename,
  unlink,
  readFile: (file) => readFile(file, "utf8"),
};

type Handler = (payload: unknown) => Promise<void>;

/**
 * Thrown by a handler whose own dependency (not the database) is down, e.g. the SMTP server:
 * the entry waits for the next run without counting an attempt, so an outage never dead-letters it.
 */
export class RetryLater extends Error {
  override name = "RetryLater";
}

/** A label for the logs and the back office that carries no personal data. */
export function errorLabel(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : typeof error;
  // PostgreSQL's SQLSTATE (22021: bad byte for the encoding, 23xxx: constraint) says what went wrong.
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? `${name} (SQLSTATE ${code})` : name;
}

export class Outbox {
  private readonly handlers = new Map<string, Handler>();
  private lock: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private replaying: Promise<ReplayResult> | undefined;
  private followUp: Promise<ReplayResult> | undefined;
  readonly deadLetterFile: string;
  private readonly probe: (() => Promise<void>) | undefined;
  private readonly maxAttempts: number;
  private readonly files: OutboxFiles;

  constructor(
    readonly file: string,
    readonly logger: Logger,
    options: OutboxOptions = {},
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.deadLetterFile = options.deadLetterFile ?? path.join(path.dirname(file), "outbox-dead.jsonl");
    this.probe = options.probe;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.files = options.files ?? nodeFiles;
  }

  /** Serialises file writes inside this process. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.lock.then(fn, fn);
    this.lock = next.catch(() => undefined);
    return next;
  }

  register(kind: string, handler: Handler): void {
    this.handlers.set(kind, handler);
  }

  /** Appends and fsyncs before resolving: once this returns, the submission survives a crash. */
  append(kind: string, payload: unknown): Promise<string> {
    const entry: OutboxEntry = { id: randomUUID(), kind, payload, createdAt: new Date().toISOString(), attempts: 0 };
    return this.exclusive(async () => {
      const handle = await this.files.open(this.file, "a+");
      try {
        const text = Buffer.from(`${JSON.stringify(entry)}\n`);
        await handle.write(text, 0, text.length);
        await handle.sync();
      } finally {
        await handle.close();
      }
      this.logger.warn({ kind, id: entry.id }, "submission stored in the outbox");
      return entry.id;
    });
  }

  entries(): Promise<OutboxEntry[]> {
    return this.readLines<OutboxEntry>(this.file);
  }

  /** Dead letters, newest first; an entry caught by a crash between the two files shows once. */
  async deadLetters(): Promise<DeadLetter[]> {
    const byId = new Map<string, DeadLetter>();
    for (const entry of await this.readLines<DeadLetter>(this.deadLetterFile)) byId.set(entry.id, entry);
    return [...byId.values()].sort((a, b) => b.deadAt.localeCompare(a.deadAt));
  }

  private async readLines<T>(file: string): Promise<T[]> {
    let text: string;
    try {
      text = await this.files.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const entries: T[] = [];
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as T);
      } catch {
        // A torn last line from a crash mid-write: the visitor was never told it was stored.
        this.logger.error({ file: path.basename(file) }, "skipping an unreadable outbox line");
      }
    }
    return entries;
  }

  async size(): Promise<number> {
    return (await this.entries()).length;
  }

  /** Outbox depth and dead letters, for /healthz. */
  async stats(): Promise<{ depth: number; deadLetters: number }> {
    const [pending, dead] = await Promise.all([this.entries(), this.deadLetters()]);
    return { depth: pending.length, deadLetters: dead.length };
  }

  /**
   * Tries every entry once; keeps the ones that still fail. A call made while a run is under way
   * gets the run after it (shared by every such call), which also sees the entries appended
   * meanwhile: an entry queued just after a run read the file is not left for the timer.
   */
  replay(): Promise<ReplayResult> {
    if (this.replaying) {
      this.followUp ??= this.replaying.then(
        () => this.startFollowUp(),
        () => this.startFollowUp(),
      );
      return this.followUp;
    }
    this.replaying = this.replayOnce().finally(() => {
      this.replaying = undefined;
    });
    return this.replaying;
  }

  private startFollowUp(): Promise<ReplayResult> {
    this.followUp = undefined;
    return this.replay();
  }

  private async replayOnce(): Promise<ReplayResult> {
    const pending = await this.exclusive(() => this.entries());
    if (pending.length === 0) return { replayed: 0, remaining: 0, deadLettered: 0 };
    const done = new Set<string>();
    const failed = new Map<string, string>();
    for (const entry of pending) {
      const handler = this.handlers.get(entry.kind);
      try {
        if (!handler) throw new Error(`no handler for outbox entries of kind ${entry.kind}`);
        await handler(entry.payload);
        done.add(entry.id);
      } catch (error) {
        if (error instanceof RetryLater) {
          this.logger.warn({ error: errorLabel(error.cause), kind: entry.kind, id: entry.id }, "outbox entry waits");
          continue;
        }
        if (!(await this.databaseAnswers())) {
          // An outage: stop this run instead of hammering the database; nobody's attempts count.
          this.logger.warn({ err: error, kind: entry.kind, id: entry.id }, "outbox replay failed, will retry");
          break;
        }
        // The database is up and refused this entry: skip past it so the ones behind it get stored.
        failed.set(entry.id, errorLabel(error));
        this.logger.error(
          { error: errorLabel(error), kind: entry.kind, id: entry.id, attempts: entry.attempts + 1 },
          "outbox entry refused while the database is up",
        );
      }
    }
    // Rewrite under the lock, keeping entries appended while the handlers ran.
    const { remaining, dead } = await this.exclusive(async () => {
      const current = await this.entries();
      const keep: OutboxEntry[] = [];
      const dead: DeadLetter[] = [];
      const deadAt = new Date().toISOString();
      for (const entry of current) {
        if (done.has(entry.id)) continue;
        const lastError = failed.get(entry.id);
        if (lastError === undefined) keep.push(entry);
        else if (entry.attempts + 1 >= this.maxAttempts)
          dead.push({ ...entry, attempts: entry.attempts + 1, lastError, deadAt });
        else keep.push({ ...entry, attempts: entry.attempts + 1, lastError });
      }
      // Dead letters are on disk before they leave the outbox: a crash in between shows one twice, never none.
      if (dead.length > 0) await this.appendLines(this.deadLetterFile, dead);
      await this.rewrite(keep);
      return { remaining: keep.length, dead };
    });
    for (const entry of dead) {
      this.logger.error(
        { kind: entry.kind, id: entry.id, attempts: entry.attempts, error: entry.lastError },
        "outbox entry could not be stored: moved to the dead letters (shown in the back office)",
      );
    }
    if (done.size > 0) this.logger.info({ replayed: done.size, remaining }, "outbox replayed");
    return { replayed: done.size, remaining, deadLettered: dead.length };
  }

  private async databaseAnswers(): Promise<boolean> {
    if (!this.probe) return true;
    try {
      await this.probe();
      return true;
    } catch {
      return false;
    }
  }

  private async appendLines(file: string, entries: OutboxEntry[]): Promise<void> {
    const handle = await this.files.open(file, "a+");
    try {
      const text = Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
      await handle.write(text, 0, text.length);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  private async rewrite(entries: OutboxEntry[]): Promise<void> {
    const tmp = `${this.file}.tmp`;
    const handle = await this.files.open(tmp, "w");
    try {
      const text = Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
      await handle.write(text, 0, text.length);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.files.rename(tmp, this.file);
  }

  /** Whether the replay timer runs (/readyz). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Replays every intervalMs until stopped. */
  start(intervalMs = 5_000): void {
    this.stop();
    this.timer = setInterval(() => {
      this.replay().catch((error: unknown) => this.logger.error({ err: error }, "outbox replay crashed"));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
