import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/infra/db.server";
import { appendAudit } from "~/infra/audit-log.server";
import { contentAliases, contentEntries, contentRevision, contentSeeds, contentVersions } from "#db/schema";

/**
 * The content model: typed entries by kind and key, edited in the back office and read by the
 * public pages (docs/decisions/018-content-store.md). Every kind has one zod schema; nothing
 * reaches the database without passing it, on saving a draft as well as on publishing.
 */

/** Kind name → schema of one entry's data. */
export type ContentSchemas = Record<string, z.ZodType>;

export type ContentStatus = "draft" | "scheduled" | "published" | "unpublished";

/** An entry as the back office sees it. */
export interface ContentEntry<T> {
  id: string;
  kind: string;
  key: string;
  /** As read now: a scheduled entry whose moment has passed reads as published. */
  status: ContentStatus;
  draft: T;
  /** What visitors see now (null when nothing is live). */
  live: T | null;
  /** Waiting to go live at publishAt (null when nothing is scheduled). */
  scheduled: T | null;
  publishAt: Date | null;
  /** When the live version went live. */
  publishedAt: Date | null;
  /** When the entry first went live (stays across later publishes). */
  firstPublishedAt: Date | null;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
}

/** What a public page gets for one live entry. */
export interface LiveEntry<T> {
  key: string;
  data: T;
  publishedAt: Date;
  firstPublishedAt: Date;
}

export interface ContentVersion<T> {
  version: number;
  data: T;
  reason: "seed" | "save" | "restore";
  createdBy: string | null;
  createdAt: Date;
}

/** Who made a change: the back-office user and their address, for the audit log. */
export interface Actor {
  userId: string | null;
  ip?: string | null;
}

/** Thrown with a sentence the trainer can act on; `issues` carries a zod failure's field messages. */
export class ContentError extends Error {
  override name = "ContentError";
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * The store's refusal, checked by name rather than `instanceof`: the production build bundles the
 * server (which creates the store) and the route modules apart, each with its own copy of the
 * class, so a route's `instanceof ContentError` is false for the store's errors and they escaped
 * as 500s. Every caller that turns a refusal into a message uses this.
 */
export function isContentError(error: unknown): error is ContentError {
  return (
    error instanceof Error && error.name === "ContentError" && Array.isArray((error as Partial<ContentError>).issues)
  );
}

type Row = typeof contentEntries.$inferSelect;

/** How long one instance trusts the revision it read; a publish elsewhere shows within this. */
const REVISION_CACHE_MS = 2_000;

export interface ContentStoreOptions {
  /** For tests: the clock that decides whether a schedule is due. */
  now?: () => Date;
  revisionCacheMs?: number;
  /**
   * This process is the database's only writer (the embedded database, which one process opens):
   * a `fresh` revision is then the one last read while no write on this database has begun or
   * ended here since, and no schedule has come due (docs/decisions/074-public-pages-from-a-cache.md).
   */
  soleWriter?: boolean;
}

/** Writes under way and begun or ended, per database object, whichever store makes them. */
const writesTo = new WeakMap<object, { inFlight: number; generation: number }>();

export type ContentStore<S extends ContentSchemas> = ReturnType<typeof createContentStore<S>>;

/**
 * An entry's published and draft data with its row locked until the transaction ends: a caller that
 * counts against a limit kept in the entry (an event's places) holds the lock while it counts and writes.
 */
export async function lockEntryData(
  tx: Db,
  kind: string,
  key: string,
): Promise<{ published: unknown; draft: unknown } | undefined> {
  const [entry] = await tx
    .select({ published: contentEntries.published, draft: contentEntries.draft })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.key, key)))
    .for("update");
  return entry;
}

/** An entry's published data (null when nothing is live), or undefined when there is no such entry. */
export async function publishedEntryData(
  db: Db,
  kind: string,
  key: string,
): Promise<{ published: unknown } | undefined> {
  const [entry] = await db
    .select({ published: contentEntries.published })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.key, key)));
  return entry;
}

export function createContentStore<S extends ContentSchemas>(db: Db, schemas: S, options: ContentStoreOptions = {}) {
  type Kind = keyof S & string;
  type Data<K extends Kind> = z.output<S[K]>;
  const now = options.now ?? (() => new Date());
  const cacheMs = options.revisionCacheMs ?? REVISION_CACHE_MS;
  let cachedRevision: { value: string; at: number } | undefined;
  let trusted: { value: string; generation: number; nextDue: Date | null } | undefined;
  const writes = writesTo.get(db) ?? { inFlight: 0, generation: 0 };
  writesTo.set(db, writes);
  /** A transaction that changes what visitors see: a fresh revision read across it is not trusted. */
  const transact = <T>(work: Parameters<Db["transaction"]>[0] & ((tx: Db) => Promise<T>)): Promise<T> =>
    writing(() => db.transaction(work) as Promise<T>);

  async function writing<T>(work: () => Promise<T>): Promise<T> {
    writes.inFlight += 1;
    writes.generation += 1;
    try {
      return await work();
    } finally {
      writes.inFlight -= 1;
      writes.generation += 1;
    }
  }

  function validate<K extends Kind>(kind: K, data: unknown): Data<K> {
    const schema = schemas[kind];
    if (!schema) throw new ContentError(`Unknown content kind "${kind}".`);
    const result = schema.safeParse(data);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      const said = issues.map((i) => (i.path ? `${i.path} ${i.message}` : i.message)).join("; ");
      throw new ContentError(`Not saved: ${said}${/[.!?]$/.test(said) ? "" : "."}`, issues);
    }
    return result.data as Data<K>;
  }

  /** A scheduled version whose moment has passed is the live one. */
  function resolve<T>(row: Row, at: Date): ContentEntry<T> {
    const due = row.status === "scheduled" && row.publishAt !== null && row.publishAt <= at;
    return {
      id: row.id,
      kind: row.kind,
      key: row.key,
      status: due ? "published" : (row.status as ContentStatus),
      draft: row.draft as T,
      live: (due ? row.scheduled : row.published) as T | null,
      scheduled: due ? null : (row.scheduled as T | null),
      publishAt: due ? null : row.publishAt,
      publishedAt: due ? row.publishAt : row.publishedAt,
      firstPublishedAt: row.firstPublishedAt ?? (due ? row.publishAt : null),
      version: row.version,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    };
  }

  function toLive<T>(entry: ContentEntry<T>): LiveEntry<T> | undefined {
    if (entry.live === null || !entry.publishedAt) return undefined;
    return {
      key: entry.key,
      data: entry.live,
      publishedAt: entry.publishedAt,
      firstPublishedAt: entry.firstPublishedAt ?? entry.publishedAt,
    };
  }

  async function row(kind: string, key: string, tx: Db = db): Promise<Row | undefined> {
    const [found] = await tx
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, kind), eq(contentEntries.key, key)));
    return found;
  }

  async function requireRow(kind: string, key: string, tx: Db = db): Promise<Row> {
    const found = await row(kind, key, tx);
    if (!found) throw new ContentError(`There is no ${kind} "${key}".`);
    return found;
  }

  /**
   * Folds a due schedule into `published` before another change, so the stored row never has to
   * be read with the clock again for what has already happened.
   */
  function settled(found: Row, at: Date): Partial<Row> {
    if (found.status !== "scheduled" || !found.publishAt || found.publishAt > at) return {};
    return {
      status: "published",
      published: found.scheduled,
      publishedAt: found.publishAt,
      firstPublishedAt: found.firstPublishedAt ?? found.publishAt,
      scheduled: null,
      publishAt: null,
    };
  }

  async function bumpRevision(tx: Db): Promise<void> {
    await tx
      .update(contentRevision)
      .set({ revision: sql`${contentRevision.revision} + 1` })
      .where(eq(contentRevision.id, 1));
    cachedRevision = undefined;
  }

  async function audit(tx: Db, actor: Actor, action: string, detail: Record<string, unknown>): Promise<void> {
    await appendAudit(tx, { action, userId: actor.userId, ip: actor.ip ?? null, detail });
  }

  async function addVersion(tx: Db, entryId: string, version: number, data: unknown, reason: string, by: Actor) {
    await tx.insert(contentVersions).values({ entryId, version, data, reason, createdBy: by.userId });
  }

  const store = {
    validate,

    /** One entry with its draft, live and scheduled versions, or undefined. */
    async get<K extends Kind>(kind: K, key: string): Promise<ContentEntry<Data<K>> | undefined> {
      const found = await row(kind, key);
      return found ? resolve<Data<K>>(found, now()) : undefined;
    },

    /** Every entry of a kind for the back office, newest change first. */
    async list<K extends Kind>(kind: K): Promise<ContentEntry<Data<K>>[]> {
      const rows = await db
        .select()
        .from(contentEntries)
        .where(eq(contentEntries.kind, kind))
        .orderBy(desc(contentEntries.updatedAt));
      const at = now();
      return rows.map((r) => resolve<Data<K>>(r, at));
    },

    /** The live version of one entry, or undefined when it is not (yet) published. */
    async live<K extends Kind>(kind: K, key: string): Promise<LiveEntry<Data<K>> | undefined> {
      const found = await row(kind, key);
      return found ? toLive(resolve<Data<K>>(found, now())) : undefined;
    },

    /** Every live entry of a kind, in no particular order (the caller sorts by its own rule). */
    async listLive<K extends Kind>(kind: K): Promise<LiveEntry<Data<K>>[]> {
      const rows = await db.select().from(contentEntries).where(eq(contentEntries.kind, kind));
      const at = now();
      return rows.flatMap((r) => toLive(resolve<Data<K>>(r, at)) ?? []);
    },

    /** The entry's current key when `key` is one it had before (for a 301), else undefined. */
    async renamedTo(kind: Kind, key: string): Promise<string | undefined> {
      const [found] = await db
        .select({ key: contentEntries.key })
        .from(contentAliases)
        .innerJoin(contentEntries, eq(contentEntries.id, contentAliases.entryId))
        .where(and(eq(contentAliases.kind, kind), eq(contentAliases.oldKey, key)));
      return found?.key;
    },

    /** Every key of a kind in use: the entries' own and the former ones that still redirect. */
    async keysInUse(kind: Kind): Promise<string[]> {
      const [own, former] = await Promise.all([
        db.select({ key: contentEntries.key }).from(contentEntries).where(eq(contentEntries.kind, kind)),
        db.select({ key: contentAliases.oldKey }).from(contentAliases).where(eq(contentAliases.kind, kind)),
      ]);
      return [...own, ...former].map((row) => row.key);
    },

    /**
     * Saves the draft (creating the entry when new) as a new version. Visitors see nothing of it
     * until it is published.
     */
    async saveDraft<K extends Kind>(
      kind: K,
      key: string,
      data: unknown,
      actor: Actor,
      options: { note?: string } = {},
    ): Promise<number> {
      // What changed in words ("Hid Sanne K."), for the audit log next to who and when.
      const change = options.note ? { change: options.note.slice(0, 300) } : {};
      const valid = validate(kind, data);
      return db.transaction(async (tx) => {
        const found = await row(kind, key, tx);
        if (!found) {
          const [created] = await tx
            .insert(contentEntries)
            .values({ kind, key, draft: valid, status: "draft", version: 1, updatedBy: actor.userId })
            .returning({ id: contentEntries.id });
          await addVersion(tx, created!.id, 1, valid, "save", actor);
          await audit(tx, actor, "content.created", { kind, key, version: 1, ...change });
          return 1;
        }
        const version = found.version + 1;
        await tx
          .update(contentEntries)
          .set({ ...settled(found, now()), draft: valid, version, updatedBy: actor.userId })
          .where(eq(contentEntries.id, found.id));
        await addVersion(tx, found.id, version, valid, "save", actor);
        await audit(tx, actor, "content.saved", { kind, key, version, ...change });
        return version;
      });
    },

    /** Makes the saved draft live now, or at `at` (honoured when read after that moment). */
    async publish(kind: Kind, key: string, actor: Actor, options: { at?: Date } = {}): Promise<void> {
      await transact(async (tx) => {
        const found = await requireRow(kind, key, tx);
        // The draft was valid when saved; a schema tightened since must still hold before going live.
        const data = validate(kind, found.draft);
        const at = now();
        const base = settled(found, at);
        if (options.at && options.at > at) {
          await tx
            .update(contentEntries)
            .set({ ...base, status: "scheduled", scheduled: data, publishAt: options.at, updatedBy: actor.userId })
            .where(eq(contentEntries.id, found.id));
          await audit(tx, actor, "content.scheduled", {
            kind,
            key,
            version: found.version,
            at: options.at.toISOString(),
          });
        } else {
          await tx
            .update(contentEntries)
            .set({
              status: "published",
              published: data,
              publishedAt: at,
              firstPublishedAt: found.firstPublishedAt ?? base.firstPublishedAt ?? at,
              scheduled: null,
              publishAt: null,
              updatedBy: actor.userId,
            })
            .where(eq(contentEntries.id, found.id));
          await audit(tx, actor, "content.published", { kind, key, version: found.version });
        }
        await bumpRevision(tx);
      });
    },

    /** Takes the entry off the site (and cancels a schedule); the draft and versions stay. */
    async unpublish(kind: Kind, key: string, actor: Actor): Promise<void> {
      await transact(async (tx) => {
        const found = await requireRow(kind, key, tx);
        await tx
          .update(contentEntries)
          .set({
            ...settled(found, now()),
            status: "unpublished",
            published: null,
            publishedAt: null,
            scheduled: null,
            publishAt: null,
            updatedBy: actor.userId,
          })
          .where(eq(contentEntries.id, found.id));
        await audit(tx, actor, "content.unpublished", { kind, key });
        await bumpRevision(tx);
      });
    },

    /** Every saved version, newest first. */
    async versions<K extends Kind>(kind: K, key: string): Promise<ContentVersion<Data<K>>[]> {
      const found = await requireRow(kind, key);
      const rows = await db
        .select()
        .from(contentVersions)
        .where(eq(contentVersions.entryId, found.id))
        .orderBy(desc(contentVersions.version));
      return rows.map((v) => ({
        version: v.version,
        data: v.data as Data<K>,
        reason: v.reason as ContentVersion<unknown>["reason"],
        createdBy: v.createdBy,
        createdAt: v.createdAt,
      }));
    },

    /**
     * Copies an earlier version into the draft as a new version (history is never rewritten).
     * Publish afterwards to put it live; `publish: true` does both in one click.
     */
    async restore(kind: Kind, key: string, version: number, actor: Actor, options: { publish?: boolean } = {}) {
      const restored = await db.transaction(async (tx) => {
        const found = await requireRow(kind, key, tx);
        const [old] = await tx
          .select()
          .from(contentVersions)
          .where(and(eq(contentVersions.entryId, found.id), eq(contentVersions.version, version)));
        if (!old) throw new ContentError(`Version ${version} of ${kind} "${key}" does not exist.`);
        const data = validate(kind, old.data);
        const next = found.version + 1;
        await tx
          .update(contentEntries)
          .set({ ...settled(found, now()), draft: data, version: next, updatedBy: actor.userId })
          .where(eq(contentEntries.id, found.id));
        await addVersion(tx, found.id, next, data, "restore", actor);
        await audit(tx, actor, "content.restored", { kind, key, from: version, version: next });
        return next;
      });
      if (options.publish) await store.publish(kind, key, actor);
      return restored;
    },

    /** Gives an entry a new key; the old one keeps answering (renamedTo) so links survive. */
    async rename(kind: Kind, key: string, newKey: string, actor: Actor): Promise<void> {
      if (key === newKey) return;
      await transact(async (tx) => {
        const found = await requireRow(kind, key, tx);
        if (await row(kind, newKey, tx)) throw new ContentError(`Another ${kind} already uses "${newKey}".`);
        await tx
          .update(contentEntries)
          .set({ key: newKey, updatedBy: actor.userId })
          .where(eq(contentEntries.id, found.id));
        // The new key may be one this entry had before; it is no longer an alias then.
        await tx.delete(contentAliases).where(and(eq(contentAliases.kind, kind), eq(contentAliases.oldKey, newKey)));
        await tx.insert(contentAliases).values({ kind, oldKey: key, entryId: found.id });
        await audit(tx, actor, "content.renamed", { kind, from: key, to: newKey });
        await bumpRevision(tx);
      });
    },

    /**
     * Seeds a kind once, on the first start that knows it: entries are inserted live as version 1.
     * Safe when two instances start together (the marker row decides who seeds) and on every later
     * start (the marker is there, so an entry the trainer deleted does not come back).
     */
    async seed<K extends Kind>(kind: K, entries: () => { key: string; data: unknown; publishedAt?: Date }[]) {
      return transact(async (tx) => {
        const claimed = await tx
          .insert(contentSeeds)
          .values({ kind })
          .onConflictDoNothing()
          .returning({ kind: contentSeeds.kind });
        if (claimed.length === 0) return 0;
        const at = now();
        const system: Actor = { userId: null };
        for (const entry of entries()) {
          const data = validate(kind, entry.data);
          const published = entry.publishedAt ?? at;
          const [created] = await tx
            .insert(contentEntries)
            .values({
              kind,
              key: entry.key,
              draft: data,
              published: data,
              status: "published",
              publishedAt: published,
              firstPublishedAt: published,
              version: 1,
            })
            .returning({ id: contentEntries.id });
          await addVersion(tx, created!.id, 1, data, "seed", system);
        }
        await audit(tx, system, "content.seeded", { kind });
        await bumpRevision(tx);
        return 1;
      });
    },

    /**
     * Changes whenever what visitors see changes: the publish counter, and the newest schedule that
     * has come due (so a scheduled entry changes it at its moment without anyone writing). Read
     * from the database, so every instance agrees; each instance trusts its read for 2 s, unless
     * asked for a `fresh` one (the page cache, which must show another instance's publish at once).
     */
    async revision(fresh = false): Promise<string> {
      const t = Date.now();
      if (!fresh && cachedRevision && t - cachedRevision.at < cacheMs) return cachedRevision.value;
      const at = now();
      if (
        fresh &&
        trusted &&
        trusted.generation === writes.generation &&
        writes.inFlight === 0 &&
        (trusted.nextDue === null || at < trusted.nextDue)
      )
        return trusted.value;
      const generation = writes.generation;
      const [result] = await db
        .select({
          revision: contentRevision.revision,
          due: sql<string | null>`(select max(${contentEntries.publishAt})::text from ${contentEntries}
            where ${contentEntries.status} = 'scheduled' and ${lte(contentEntries.publishAt, at)})`,
          nextDue: sql<string | null>`(select extract(epoch from min(${contentEntries.publishAt}))::text
            from ${contentEntries} where ${contentEntries.status} = 'scheduled' and ${gt(contentEntries.publishAt, at)})`,
        })
        .from(contentRevision)
        .where(eq(contentRevision.id, 1));
      const value = `${result?.revision ?? 0}:${result?.due ?? "-"}`;
      cachedRevision = { value, at: t };
      const untouched = writes.inFlight === 0 && writes.generation === generation;
      if (options.soleWriter && untouched) {
        trusted = { value, generation, nextDue: result?.nextDue ? new Date(Number(result.nextDue) * 1000) : null };
      }
      return value;
    },
  };
  return store;
}
