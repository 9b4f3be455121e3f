import { and, eq, lt, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { heldSubmissions } from "#db/schema";
import { retention } from "#content/retention";
import type { Db } from "~/infra/db.server";
import type { HoldReason } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import { site as seedSite } from "#content/site";
import type { Outbox } from "./outbox.server";
import { HELD_FORMS, heldFullMessage, type HeldForm } from "./held-messages";
import { heldContentKey } from "./held-content.server";
import { heldNotice, heldNoticeDay, type HeldCounts, type HeldNotice } from "./held-notice";
import { every } from "~/infra/scheduled-job.server";
import type { Messages } from "~/features/messages/messages.server";

/**
 * Submissions that looked automated (sent faster than a person fills the form in) but had an empty
 * honeypot. A person whose browser fills in the form can be that fast, so nothing is dropped: the
 * submission is kept here, the visitor is told it arrived and will be checked, and the trainer
 * accepts it (it is then stored as the lead or subscription it would have been) or deletes it.
 * Unreviewed ones go after HELD_RETENTION_DAYS (retention.server.ts).
 */
export { type HeldForm } from "./held-messages";
export const HELD_RETENTION_DAYS = retention.heldSubmissionDays;
/** The outbox kind for a held submission that came while the database was away. */
export const HELD_OUTBOX_KIND = "held";

const heldEntrySchema = z.object({
  form: z.enum(HELD_FORMS),
  reason: z.literal("too-fast"),
  elapsedMs: z.number().int().nullable(),
  payload: z.unknown(),
  /** Absent in entries an older version put into the outbox. */
  network: z.string().max(60).nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type HeldEntry = z.infer<typeof heldEntrySchema>;

export interface HeldDeps {
  db: Db;
  outbox: Outbox;
  logger: Logger;
  /** The shared counters (app/infra/rate-limit.server.ts; in memory while the database is away). */
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  limits: { perDay: number; perNetworkPerDay: number };
}

const DAY_SECONDS = 86_400;

export type HoldOutcome =
  | { status: "held" }
  /** A limit is reached (decision 057): the visitor is told how to reach the trainer instead. */
  | { status: "full"; retryAfter: number }
  | { status: "failed" };

/** The browser's measured fill time, if it sent one that is a whole number. */
export function elapsedOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(-1, Math.min(Math.round(n), 2_000_000_000)) : null;
}

async function insert(db: Db, entry: HeldEntry): Promise<void> {
  await db.insert(heldSubmissions).values({
    form: entry.form,
    reason: entry.reason,
    elapsedMs: entry.elapsedMs,
    payload: entry.payload,
    network: entry.network ?? null,
    contentKey: heldContentKey(entry.payload),
    createdAt: new Date(entry.createdAt),
  });
}

/**
 * Room for one more held submission from this network today, then from everyone today (decision
 * 057). The network is counted first, so one network past its share never uses up everyone's.
 */
async function roomToHold(deps: HeldDeps, network: string | null): Promise<RateLimitResult> {
  const { limits } = deps;
  const own = await deps.rateLimit(`held:net:${network ?? "unknown"}`, limits.perNetworkPerDay, DAY_SECONDS);
  if (!own.allowed) return own;
  return deps.rateLimit("held:all", limits.perDay, DAY_SECONDS);
}

/**
 * Keeps a submission for review: in the database, else in the outbox (replayed into this table),
 * like every lead, while the day's limits have room. `network` is the sender's (anonymiseAddress).
 */
export async function holdSubmission(
  deps: HeldDeps,
  form: HeldForm,
  reason: HoldReason,
  elapsedMs: number | null,
  payload: unknown,
  network: string | null,
): Promise<HoldOutcome> {
  const room = await roomToHold(deps, network);
  if (!room.allowed) {
    deps.logger.warn({ form }, "held submissions are at their limit, answering 429");
    return { status: "full", retryAfter: room.retryAfter };
  }
  const entry: HeldEntry = { form, reason, elapsedMs, payload, network, createdAt: new Date().toISOString() };
  try {
    await insert(deps.db, entry);
    return { status: "held" };
  } catch (error) {
    deps.logger.error({ err: error, form }, "holding a submission failed, trying the outbox");
  }
  try {
    await deps.outbox.append(HELD_OUTBOX_KIND, entry);
    return { status: "held" };
  } catch (error) {
    deps.logger.fatal({ err: error, form }, "held submission lost: database and outbox both failed");
    return { status: "failed" };
  }
}

/** What the content store must answer for the trainer's published contact details. */
export interface ContactReader {
  live(kind: "site", key: "main"): Promise<{ data: { contactEmail: string; messagingUrl: string } } | undefined>;
}

/**
 * The visitor's text when the limits are reached: the published e-mail address and messaging link
 * (the seed's while the store cannot be read: the answer must never fail for lack of them).
 */
export async function heldFullAnswer(content: ContactReader | undefined): Promise<string> {
  let contact = { email: seedSite.contactEmail, messagingUrl: seedSite.messagingUrl };
  try {
    const facts = (await content?.live("site", "main"))?.data;
    if (facts) contact = { email: facts.contactEmail, messagingUrl: facts.messagingUrl };
  } catch {
    // the seed's details stand in
  }
  return heldFullMessage(contact);
}

/** The outbox's replay of a held submission. */
export function heldReplayHandler(db: Db) {
  return async (payload: unknown): Promise<void> => insert(db, heldEntrySchema.parse(payload));
}

export interface HeldRow {
  id: string;
  form: HeldForm;
  reason: string;
  elapsedMs: number | null;
  createdAt: Date;
  /** The sender's network (a.b.c.0/24 or an IPv6 /48); null for ones held before it was kept. */
  network: string | null;
  contentKey: string | null;
  /** Who it is from, as far as the form says: a name, an e-mail, a phone. */
  who: { name?: string; email?: string; phone?: string };
  payload: unknown;
}

/** A held submission as the list shows it: with how many look like it, and whether it looks real. */
export interface HeldListRow extends HeldRow {
  /** Held submissions with the same content (this one included). */
  sameContent: number;
  /** Held submissions from the same network (this one included). */
  sameNetwork: number;
  looksReal: boolean;
}

const whoSchema = z
  .object({
    name: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    input: z.object({ email: z.string().optional() }).optional(),
  })
  .catch({});

function whoOf(payload: unknown): HeldRow["who"] {
  const p = whoSchema.parse(payload);
  const name = p.name ?? ([p.firstName, p.lastName].filter(Boolean).join(" ") || undefined);
  const email = p.email ?? p.input?.email;
  return { ...(name ? { name } : {}), ...(email ? { email } : {}), ...(p.phone ? { phone: p.phone } : {}) };
}

function formOf(form: string): HeldForm {
  return (HELD_FORMS as readonly string[]).includes(form) ? (form as HeldForm) : "intake";
}

function rowOf(row: typeof heldSubmissions.$inferSelect): HeldRow {
  return { ...row, form: formOf(row.form), who: whoOf(row.payload) };
}

const HELD_PAGE_SIZE = 25;
/**
 * A held submission looks like part of a flood when its content came from more than one network
 * (one text sprayed from many addresses), or its network sent this many different ones; anything
 * else looks like a real visitor (one person sending the same form twice still does).
 */
const HELD_FLOOD_CONTENTS_PER_NETWORK = 3;

/**
 * Every held row with its look-alike counts: content and network are grouped once each, so the
 * cost stays linear in the table (bounded by the limits, decision 057).
 */
const annotated = sql`
  with by_content as (
    select content_key, count(*)::int as n, count(distinct coalesce(network, ''))::int as networks
    from ${heldSubmissions} where content_key is not null group by content_key
  ), by_network as (
    select network, count(*)::int as n, count(distinct coalesce(content_key, ''))::int as contents
    from ${heldSubmissions} where network is not null group by network
  ), annotated as (
    select h.*, coalesce(c.n, 1) as same_content, coalesce(n.n, 1) as same_network,
      (coalesce(c.networks, 1) = 1 and coalesce(n.contents, 1) < ${HELD_FLOOD_CONTENTS_PER_NETWORK}) as looks_real
    from ${heldSubmissions} h
    left join by_content c on c.content_key = h.content_key
    left join by_network n on n.network = h.network
  )`;

interface AnnotatedRow {
  id: string;
  form: string;
  reason: string;
  elapsed_ms: number | null;
  payload: unknown;
  network: string | null;
  content_key: string | null;
  created_at: Date | string;
  same_content: number;
  same_network: number;
  looks_real: boolean;
}

/** The words of a search, each of which must appear in the name, e-mail, phone, answers or message. */
function searchCondition(q: string): SQL {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const text = sql`concat_ws(' ', payload->>'name', payload->>'firstName', payload->>'lastName',
    payload->>'email', payload->'input'->>'email', payload->>'phone', payload->>'message', payload->>'answers')`;
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => sql`${text} ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql` and `,
  );
}

export interface HeldPage {
  rows: HeldListRow[];
  /** All held submissions the search matches. */
  total: number;
  page: number;
  pageCount: number;
}

/** One page of held submissions, newest first, optionally only those a search matches. */
export async function listHeld(db: Db, options: { q?: string; page?: number } = {}): Promise<HeldPage> {
  const where = searchCondition(options.q ?? "");
  const [counted] = (
    (await db.execute(sql`select count(*)::int as n from ${heldSubmissions} where ${where}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / HELD_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const result = (await db.execute(sql`${annotated}
    select * from annotated where ${where}
    order by created_at desc, id limit ${HELD_PAGE_SIZE} offset ${(page - 1) * HELD_PAGE_SIZE}`)) as unknown as {
    rows: AnnotatedRow[];
  };
  const rows = result.rows.map((r) => ({
    id: r.id,
    form: formOf(r.form),
    reason: r.reason,
    elapsedMs: r.elapsed_ms,
    payload: r.payload,
    network: r.network,
    contentKey: r.content_key,
    createdAt: new Date(r.created_at),
    who: whoOf(r.payload),
    sameContent: Number(r.same_content),
    sameNetwork: Number(r.same_network),
    looksReal: Boolean(r.looks_real),
  }));
  return { rows, total, page, pageCount };
}

/** What is held now, and what of it looks real (the dashboard, the daily notice). */
export async function heldCounts(db: Db, since: Date): Promise<HeldCounts> {
  const result = (await db.execute(sql`${annotated}
    select count(*)::int as total,
      count(*) filter (where looks_real)::int as real_looking,
      count(*) filter (where looks_real and created_at > ${since.toISOString()}::timestamptz)::int as new_real_looking,
      min(created_at) filter (where looks_real) as oldest_real_looking
    from annotated`)) as unknown as {
    rows: {
      total: number;
      real_looking: number;
      new_real_looking: number;
      oldest_real_looking: Date | string | null;
    }[];
  };
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    realLooking: Number(row?.real_looking ?? 0),
    newRealLooking: Number(row?.new_real_looking ?? 0),
    oldestRealLookingAt: row?.oldest_real_looking ? new Date(row.oldest_real_looking) : null,
  };
}

/**
 * THE HOOK for the daily notice (decision 057): the notice to send the trainer now about held
 * submissions that look real, or null when there is nothing to tell. `since` is when the previous
 * notice went (a day ago for a daily job). The message engine enqueues what it returns; this
 * module sends nothing itself.
 */
export async function heldDailyNotice(db: Db, siteUrl: string, now: Date, since: Date): Promise<HeldNotice | null> {
  return heldNotice(await heldCounts(db, since), { siteUrl, retentionDays: HELD_RETENTION_DAYS, now });
}

/**
 * Every hour from her morning on, the day's notice of forms from possible clients held for review
 * (heldDailyNotice): the Amsterdam day is its key, so instances and restarts send one a day, and
 * none when nothing real-looking waits. Returns stop.
 */
export function startHeldNotices(
  db: Db,
  options: { siteUrl: string; trainerEmail: string; messages: Pick<Messages, "send"> },
  onError: (error: unknown) => void,
): () => void {
  return every(
    60 * 60_000,
    async () => {
      const now = new Date();
      const day = heldNoticeDay(now);
      if (!day) return;
      const notice = await heldDailyNotice(db, options.siteUrl, now, new Date(now.getTime() - 86_400_000));
      if (!notice) return;
      await options.messages.send({
        key: `held-notice:${day}`,
        kind: "held-notice",
        channel: "email",
        payload: { to: options.trainerEmail, subject: notice.subject, text: notice.text },
      });
    },
    onError,
    60_000,
  );
}

export type HeldLikeness = "content" | "network";

function likeCondition(row: HeldRow, by: HeldLikeness, upTo: Date): SQL | null {
  const key = by === "content" ? row.contentKey : row.network;
  if (!key) return null;
  const column = by === "content" ? heldSubmissions.contentKey : heldSubmissions.network;
  return and(eq(column, key), lte(heldSubmissions.createdAt, upTo)) ?? null;
}

/**
 * Deletes the held submissions like this one that came in by `upTo`, the moment she was shown the
 * count: one that arrives between her look and her press is not deleted unseen.
 */
export async function deleteHeldLike(db: Db, id: string, by: HeldLikeness, upTo: Date): Promise<number | null> {
  const row = await findHeld(db, id);
  const where = row && likeCondition(row, by, upTo);
  if (!where) return null;
  const gone = await db.delete(heldSubmissions).where(where).returning({ id: heldSubmissions.id });
  return gone.length;
}

export async function findHeld(db: Db, id: string): Promise<HeldRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(heldSubmissions).where(eq(heldSubmissions.id, id)).limit(1);
  return row ? rowOf(row) : null;
}

/**
 * Accepting: `store` stores the payload as its form would have (idempotent: the same lead id and
 * idempotency key as at submit time, so a second accept stores nothing twice), then the held row goes.
 */
export async function acceptHeld(
  db: Db,
  id: string,
  store: (form: HeldForm, payload: unknown) => Promise<void>,
): Promise<HeldRow | null> {
  const row = await findHeld(db, id);
  if (!row) return null;
  await store(row.form, row.payload);
  await db.delete(heldSubmissions).where(eq(heldSubmissions.id, row.id));
  return row;
}

export async function deleteHeld(db: Db, id: string): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const gone = await db.delete(heldSubmissions).where(eq(heldSubmissions.id, id)).returning({ id: heldSubmissions.id });
  return gone.length > 0;
}

/** The retention job: unreviewed held submissions older than HELD_RETENTION_DAYS. */
export async function purgeHeld(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HELD_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(heldSubmissions)
    .where(lt(heldSubmissions.createdAt, before))
    .returning({ id: heldSubmissions.id });
  return gone.length;
}
