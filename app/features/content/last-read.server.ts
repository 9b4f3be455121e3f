import { mkdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "~/infra/logger.server";
import type { ContentSchemas, ContentStore } from "./store.server";

/**
 * The content store's reads, remembered: while the database is away (an outage, PostgreSQL
 * restarting) the public pages render from the last content this server read instead of failing,
 * and a form on them still reaches the outbox. Kept in memory and in a file beside the outbox
 * (DATA_DIR/content-cache.json), so that a server started during the outage has it too.
 *
 * Only a failed read is answered from here; every read that succeeds goes to the database as
 * before and refreshes what is kept. Writes are not touched: they fail as before.
 */
const READS = ["get", "list", "live", "listLive", "renamedTo", "keysInUse", "revision"] as const;
type Read = (typeof READS)[number];

/** How many reads that found nothing are kept. */
const ABSENT_KEPT = 500;

/** The envelope fields of an entry that are dates (its data is JSON from the database as it is). */
const DATE_FIELDS = ["publishAt", "publishedAt", "firstPublishedAt", "updatedAt"];

/** Where a read that failed and was never kept is answered from, if anywhere (found: false: nowhere). */
export type ReadFallback = (method: Read, args: unknown[]) => { found: boolean; value?: unknown };

export interface LastReadOptions {
  /** Asked last, for what this server never read (a server started during an outage): the seeds. */
  fallback?: ReadFallback;
  /** The file kept beside the outbox; unset: memory only. */
  file?: string;
  logger: Logger;
  /** At most this many different reads are kept (the oldest go first). */
  maxEntries?: number;
  /** Writes of the file are at least this far apart. */
  writeEveryMs?: number;
}

export function rememberReads<T extends ContentStore<ContentSchemas>>(
  store: T,
  options: LastReadOptions,
): T & { flush(): Promise<void> } {
  const { file, logger } = options;
  const maxEntries = options.maxEntries ?? 2_000;
  // Reads that found nothing (no sale running, an address no entry has) are kept apart: a flood of
  // made-up addresses must not push out what the pages need.
  const { kept, absent } = file
    ? loadFile(file, logger)
    : { kept: new Map<string, unknown>(), absent: new Set<string>() };
  let outage = false;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    timer = undefined;
    if (!file || !dirty) return writing;
    dirty = false;
    const text = JSON.stringify({ kept: [...kept], absent: [...absent] });
    writing = writing.then(async () => {
      const temporary = `${file}.${process.pid}`;
      try {
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch (error) {
        logger.warn({ err: error }, "the content kept for a database outage could not be written");
      }
    });
    return writing;
  };

  const changed = () => {
    dirty = true;
    timer ??= setTimeout(() => void write(), options.writeEveryMs ?? 5_000);
    timer.unref?.();
  };
  const keep = (key: string, value: unknown) => {
    // What the public sees changed, or a read not seen before: worth writing down.
    if (!kept.has(key) || absent.has(key) || (key.startsWith("revision:") && kept.get(key) !== value)) changed();
    absent.delete(key);
    kept.delete(key);
    kept.set(key, value);
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
  };
  const keepAbsent = (key: string) => {
    if (!absent.has(key)) changed();
    kept.delete(key);
    absent.delete(key);
    absent.add(key);
    if (absent.size > ABSENT_KEPT) absent.delete(absent.values().next().value!);
  };

  const fallback = (method: Read, args: unknown[]): { found: boolean; value?: unknown } => {
    const key = `${method}:${JSON.stringify(args)}`;
    if (absent.has(key)) return { found: true, value: undefined };
    if (kept.has(key)) {
      const value = kept.get(key);
      return { found: true, value: Array.isArray(value) ? [...(value as unknown[])] : value };
    }
    // One entry not read before: the kind's whole live list says whether it is live.
    if (method === "live") {
      const all = kept.get(`listLive:${JSON.stringify([args[0]])}`) as { key: string }[] | undefined;
      if (all) return { found: true, value: all.find((entry) => entry.key === args[1]) };
    }
    // No redirect known: the page answers as for an address it does not know.
    if (method === "renamedTo") return { found: true, value: undefined };
    return options.fallback?.(method, args) ?? { found: false };
  };

  const wrapped = { ...store, flush: () => Promise.resolve() };
  for (const method of READS) {
    const read = store[method] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as unknown as Record<Read, (...args: unknown[]) => Promise<unknown>>)[method] = async (...args) => {
      try {
        const value = await read(...args);
        if (outage) {
          outage = false;
          logger.info("the database answers again: content is read from it");
        }
        const key = `${method}:${JSON.stringify(args)}`;
        if (value === undefined) keepAbsent(key);
        else keep(key, value);
        return value;
      } catch (error) {
        const answer = fallback(method, args);
        if (!answer.found) throw error;
        if (!outage) {
          outage = true;
          logger.warn({ err: error }, "the database does not answer: pages show the content last read");
        }
        return answer.value;
      }
    };
  }
  wrapped.flush = () => {
    if (timer) clearTimeout(timer);
    return write();
  };
  return wrapped;
}

function loadFile(file: string, logger: Logger): { kept: Map<string, unknown>; absent: Set<string> } {
  mkdirSync(path.dirname(file), { recursive: true });
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { kept: new Map(), absent: new Set() };
  }
  try {
    const saved = JSON.parse(text) as { kept: [string, unknown][]; absent: string[] };
    return {
      kept: new Map(saved.kept.map(([key, value]) => [key, revive(key, value)])),
      absent: new Set(saved.absent),
    };
  } catch (error) {
    logger.warn({ err: error }, "the content kept for a database outage could not be read; starting without it");
    return { kept: new Map(), absent: new Set() };
  }
}

/** Dates come back as dates: in an entry's envelope (get, live) and in each entry of a list. */
function revive(key: string, value: unknown): unknown {
  const method = key.slice(0, key.indexOf(":"));
  const entry = (item: unknown) => {
    if (typeof item !== "object" || item === null) return item;
    const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) };
    for (const field of DATE_FIELDS) {
      if (typeof copy[field] === "string") copy[field] = new Date(copy[field]);
    }
    return copy;
  };
  if (method === "get" || method === "live") return entry(value);
  if ((method === "list" || method === "listLive") && Array.isArray(value)) return value.map(entry);
  return value;
}
