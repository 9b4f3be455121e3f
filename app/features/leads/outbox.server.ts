import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readFile, rename } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "~/infra/logger.server";

/**
 * A durable local queue for submissions the database could not take. Each entry
 * is one fsync'd JSON line; a timer replays entries through their kind's handler
 * until the database takes them. Handlers must be idempotent (idempotency keys,
 * upserts), because an entry can be replayed after a crash mid-replay.
 */
export interface OutboxEntry<T = unknown> {
  id: string;
  kind: string;
  payload: T;
  createdAt: string;
  attempts: number;
}

type Handler = (payload: unknown) => Promise<void>;

export class Outbox {
  private readonly handlers = new Map<string, Handler>();
  private lock: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private replaying: Promise<{ replayed: number; remaining: number }> | undefined;

  constructor(
    readonly file: string,
    readonly logger: Logger,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
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
      const handle = await open(this.file, "a", 0o600);
      try {
        await handle.write(`${JSON.stringify(entry)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      this.logger.warn({ kind, id: entry.id }, "submission stored in the outbox");
      return entry.id;
    });
  }

  async entries(): Promise<OutboxEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const entries: OutboxEntry[] = [];
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as OutboxEntry);
      } catch {
        // A torn last line from a crash mid-write: the visitor was never told it was stored.
        this.logger.error("skipping an unreadable outbox line");
      }
    }
    return entries;
  }

  async size(): Promise<number> {
    return (await this.entries()).length;
  }

  /** Tries every entry once; keeps the ones that still fail. Concurrent calls share one run. */
  replay(): Promise<{ replayed: number; remaining: number }> {
    this.replaying ??= this.replayOnce().finally(() => {
      this.replaying = undefined;
    });
    return this.replaying;
  }

  private async replayOnce(): Promise<{ replayed: number; remaining: number }> {
    const pending = await this.exclusive(() => this.entries());
    if (pending.length === 0) return { replayed: 0, remaining: 0 };
    const done = new Set<string>();
    const attempted = new Set<string>();
    for (const entry of pending) {
      const handler = this.handlers.get(entry.kind);
      if (!handler) continue;
      attempted.add(entry.id);
      try {
        await handler(entry.payload);
        done.add(entry.id);
      } catch (error) {
        this.logger.warn({ err: error, kind: entry.kind, id: entry.id }, "outbox replay failed, will retry");
        // The database is most likely still down: stop this run instead of hammering it.
        break;
      }
    }
    // Rewrite under the lock, keeping entries appended while the handlers ran.
    const remaining = await this.exclusive(async () => {
      const current = await this.entries();
      const keep = current
        .filter((e) => !done.has(e.id))
        .map((e) => (attempted.has(e.id) ? { ...e, attempts: e.attempts + 1 } : e));
      const tmp = `${this.file}.tmp`;
      const handle = await open(tmp, "w", 0o600);
      try {
        await handle.write(keep.map((e) => `${JSON.stringify(e)}\n`).join(""));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, this.file);
      return keep.length;
    });
    if (done.size > 0) this.logger.info({ replayed: done.size, remaining }, "outbox replayed");
    return { replayed: done.size, remaining };
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
