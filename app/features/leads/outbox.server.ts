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
 *
 * Every write is checked (a short write, ENOSPC, EDQUOT, EIO, the fsync): a submission is
 * acknowledged only once it is whole on disk, and a failed write leaves the file as it was. The
 * file is rewritten by writing a copy and renaming it over the old one, never in place
 * (docs/decisions/059-a-form-outbox-that-checks-every-write.md).
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
  /** Called when a write fails after the ones before it succeeded (an alarm goes out). */
  onWriteFailure?: (reason: string) => void;
}

/** The latest time the outbox could not write, kept after it can again (for the alarm). */
export interface WriteFailure {
  /** In words, without the file's path: "no space left". */
  reason: string;
  since: string;
  /** Still failing: no write has succeeded since. */
  ongoing: boolean;
}

/** A write the outbox could not make; the visitor is told the submission was not saved. */
export class OutboxWriteError extends Error {
  override name = "OutboxWriteError";
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`the form outbox cannot write: ${reason}`, options);
  }
}

const REASONS: Record<string, string> = {
  ENOSPC: "no space left",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EMFILE: "too many open files",
};

function writeReason(error: unknown): string {
  if (error instanceof OutboxWriteError) return error.reason;
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" && REASONS[code]) || errorLabel(error);
}

/** What the probe write puts on disk while the outbox cannot write: about one submission's size. */
const PROBE = Buffer.alloc(4096, 0x20);

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
  private readonly onWriteFailure: ((reason: string) => void) | undefined;
  private failure: WriteFailure | undefined;

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
    this.onWriteFailure = options.onWriteFailure;
  }

  get lastWriteFailure(): WriteFailure | undefined {
    return this.failure;
  }

  /** Runs one write (append, rewrite, probe) and keeps what it says about the disk. */
  private async checked<T>(write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      if (this.failure?.ongoing) {
        this.failure = { ...this.failure, ongoing: false };
        this.logger.info("the form outbox can write again");
      }
      return result;
    } catch (error) {
      const reason = writeReason(error);
      const starts = !this.failure?.ongoing;
      if (starts) this.failure = { reason, since: new Date().toISOString(), ongoing: true };
      this.logger.error({ err: error, reason }, "the form outbox cannot write");
      if (starts) this.onWriteFailure?.(reason);
      throw error instanceof OutboxWriteError ? error : new OutboxWriteError(reason, { cause: error });
    }
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
      await this.checked(() => this.appendLines(this.file, [entry]));
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
    // While failing, a probe finds out when the disk takes writes again: with the database away and
    // no form coming in nothing else would write (and a server taken out by /readyz gets no forms).
    if (this.failure?.ongoing) await this.exclusive(() => this.checked(() => this.probeWrite())).catch(() => undefined);
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
      if (dead.length > 0) await this.checked(() => this.appendLines(this.deadLetterFile, dead));
      // An outage stores nothing: the file stays as it is instead of being written again every 5 s.
      if (done.size > 0 || failed.size > 0) await this.checked(() => this.rewrite(keep));
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

  /**
   * Appends whole lines or nothing: a write that fails is cut off again, so the file ends where it
   * did. A line left torn by a crash gets a line break first, so it never swallows the new one.
   */
  private async appendLines(file: string, entries: OutboxEntry[]): Promise<void> {
    const handle = await this.files.open(file, "a+");
    try {
      const { size } = await handle.stat();
      const last = Buffer.alloc(1);
      const torn = size > 0 && (await handle.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] !== 0x0a;
      const text = `${torn ? "\n" : ""}${entries.map((e) => `${JSON.stringify(e)}\n`).join("")}`;
      try {
        await writeAll(handle, Buffer.from(text));
        await handle.sync();
      } catch (error) {
        await handle.truncate(size).catch((cut: unknown) => {
          this.logger.error({ err: cut }, "a failed outbox write could not be cut off again");
        });
        throw error;
      }
    } finally {
      await handle.close();
    }
  }

  /** A new copy beside the file, renamed over it once whole on disk: a failure leaves the old one. */
  private async rewrite(entries: OutboxEntry[]): Promise<void> {
    const tmp = `${this.file}.tmp`;
    try {
      await this.writeFile(tmp, Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join("")));
      await this.files.rename(tmp, this.file);
    } catch (error) {
      await this.files.unlink(tmp).catch(() => undefined);
      throw error;
    }
    await this.syncDirectory();
  }

  private async probeWrite(): Promise<void> {
    const probe = `${this.file}.probe`;
    try {
      await this.writeFile(probe, PROBE);
    } finally {
      await this.files.unlink(probe).catch(() => undefined);
    }
  }

  private async writeFile(file: string, data: Buffer): Promise<void> {
    const handle = await this.files.open(file, "w");
    try {
      await writeAll(handle, data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** A rename is in the directory: it survives a power cut once the directory is synced. */
  private async syncDirectory(): Promise<void> {
    const directory = await this.files.open(path.dirname(this.file), "r");
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
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

/**
 * write(2) may take less than it was given (a disk filling up): the rest is written after it, and
 * a write that takes nothing is a failure, never a loop.
 */
async function writeAll(handle: OutboxFile, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    if (bytesWritten <= 0) throw new OutboxWriteError("short write");
    offset += bytesWritten;
  }
}
