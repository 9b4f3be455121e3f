import { and, count, desc, eq, inArray, isNotNull, isNull, like, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#db/schema";
import type { SiteContent } from "#content/types";
import { listTags } from "./tags.server";
import type { Db } from "~/infra/db.server";
import type { MailMessage, Mailer } from "~/infra/mail.server";
import type { SitemapUrl } from "~/kernel/sitemap";
import { issueMail, type SenderFacts } from "./issue-mail.server";
import { countRetryable, issueCounts, undelivered, waitingDeliveries, type IssueCounts } from "./sending.server";
import { currentSite, type SiteContentReader } from "~/features/site/site-content.server";
import { oversizedUpload, storeImage, UploadError } from "~/features/content/uploads.server";
import type { PostedForm } from "~/infra/posted-form.server";
import { mediaUrl } from "~/ui/picture";
import {
  issueFieldsFrom,
  issueFromArticle,
  issueSlug,
  parseIssue,
  pictureMarkdown,
  uniqueSlug,
  type IssueErrors,
  type IssueFields,
  type IssueInput,
} from "./issue-rules";

/**
 * The back office's and the archive's view of newsletter issues, on top of the sending engine
 * (sending.server.ts): writing and scheduling issues, the audience by signup source, a test copy
 * to the trainer, progress and the public archive. The engine alone starts and sends them.
 */

export type Issue = typeof newsletterIssues.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only these may still change: once started, an issue is what was sent. */
const EDITABLE = ["draft", "scheduled"];

export async function getIssue(db: Db, id: string): Promise<Issue | undefined> {
  if (!UUID.test(id)) return undefined;
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return issue;
}

export const isEditable = (issue: Pick<Issue, "status">) => EDITABLE.includes(issue.status);

/** Every issue, newest first, with the engine's counts (one grouped query for all of them). */
export async function listIssues(db: Db): Promise<(Issue & { counts: IssueCounts })[]> {
  const issues = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt));
  const rows = await db
    .select({ issueId: newsletterDeliveries.issueId, state: newsletterDeliveries.state, n: count() })
    .from(newsletterDeliveries)
    .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.state);
  const empty = (): IssueCounts => ({
    total: 0,
    sent: 0,
    queued: 0,
    deferred: 0,
    failed: 0,
    suppressed: 0,
    unknown: 0,
  });
  const byIssue = new Map<string, IssueCounts>();
  for (const row of rows) {
    const counts = byIssue.get(row.issueId) ?? empty();
    const key = row.state === "sending" ? "queued" : (row.state as keyof IssueCounts);
    if (key in counts) counts[key] += row.n;
    counts.total += row.n;
    byIssue.set(row.issueId, counts);
  }
  return issues.map((issue) => ({ ...issue, counts: byIssue.get(issue.id) ?? empty() }));
}

export interface SignupSource {
  source: string;
  /** Confirmed and not suppressed: the people an issue to this source goes to now. */
  audience: number;
}

/** The places people signed up from (newsletter_subscribers.source), with how many an issue would reach. */
export async function signupSources(db: Db): Promise<SignupSource[]> {
  const rows = await db
    .select({
      source: newsletterSubscribers.source,
      audience: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'confirmed'
        and ${newsletterSubscribers.suppressedAt} is null)`.mapWith(Number),
    })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.source)
    .orderBy(newsletterSubscribers.source);
  return rows;
}

/**
 * A new draft. Its archive address is made from the subject once, here, and stays: a link someone
 * shared keeps working when the subject is polished later.
 */
export async function createIssue(db: Db, input: IssueInput, fromArticle: string | null = null): Promise<Issue> {
  const base = issueSlug(input.subject);
  // Another save may take the same address between the look and the insert: then look again.
  for (;;) {
    const taken = await db
      .select({ slug: newsletterIssues.slug })
      .from(newsletterIssues)
      .where(like(newsletterIssues.slug, `${base}%`));
    const slug = uniqueSlug(base, new Set(taken.map((row) => row.slug)));
    const [issue] = await db
      .insert(newsletterIssues)
      .values({ ...input, slug, fromArticle })
      .onConflictDoNothing({ target: newsletterIssues.slug })
      .returning();
    if (issue) return issue;
  }
}

/** Saves a draft or scheduled issue; false when it has started sending meanwhile (or is gone). */
export async function updateIssue(db: Db, id: string, input: IssueInput): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const rows = await db
    .update(newsletterIssues)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, EDITABLE)))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** What starting an issue from an article needs of the content store. */
export interface ArticleReader {
  listLive(
    kind: "article",
  ): Promise<{ key: string; publishedAt: Date; data: { title: string; excerpt: string; body: string } }[]>;
}

/** The articles on the site now, newest first, for "Start from an article". */
export async function publishedArticles(content: ArticleReader): Promise<{ key: string; title: string }[]> {
  const live = await content.listLive("article");
  return live
    .toSorted((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .map((entry) => ({ key: entry.key, title: entry.data.title }));
}

/** A draft made from a published article, or null when there is no such article on the site. */
export async function createIssueFromArticle(db: Db, content: ArticleReader, key: string): Promise<Issue | null> {
  const article = (await content.listLive("article")).find((entry) => entry.key === key);
  if (!article) return null;
  return createIssue(
    db,
    { ...issueFromArticle(key, article.data), segmentSources: [], segmentTags: [], archived: true, noindex: false },
    key,
  );
}

/** Schedules (or moves) a draft or scheduled issue; the sending worker starts it when the time comes. */
export async function scheduleIssue(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "scheduled", scheduledAt: at, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, EDITABLE)))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Back to a draft, unless the worker has started it already. */
export async function unscheduleIssue(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "draft", scheduledAt: null, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled")))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Who sends it, as every copy says (the published site facts). */
export function senderFacts(site: Pick<SiteContent, "name" | "contactEmail" | "registrationNumber" | "address">) {
  return {
    name: site.name,
    contactEmail: site.contactEmail,
    registrationNumber: site.registrationNumber,
    city: site.address.city,
    country: site.address.country,
  } satisfies SenderFacts;
}

export interface IssueMailSettings {
  siteUrl: string;
  secret: string;
  sender: SenderFacts;
  /** "Read it online" when not the public archive (a test, before anything is there). */
  webUrl?: string;
}

/** The site's address, the signing secret and the sender as published now. */
export async function issueMailSettings(services: SiteContentReader & { siteUrl: string; secret: string }) {
  return {
    siteUrl: services.siteUrl,
    secret: services.secret,
    sender: senderFacts(await currentSite(services)),
  } satisfies IssueMailSettings;
}

/** The copy `to` gets (or would get): the engine's own message, so the preview is what goes out. */
export function issueCopy(
  issue: Pick<Issue, "subject" | "preheader" | "body" | "slug">,
  to: string,
  settings: IssueMailSettings,
) {
  return issueMail(issue, to, settings);
}

export type TestSendResult =
  { ok: true } | { ok: false; reason: "no-mailer" } | { ok: false; reason: "failed"; detail: string };

/** "Send a test to myself": her own copy with "[Test]" before the subject, straight to the mail server. */
export async function sendTestCopy(
  mailer: Mailer | null,
  issue: Pick<Issue, "subject" | "preheader" | "body" | "slug">,
  to: string,
  settings: IssueMailSettings,
): Promise<TestSendResult> {
  if (!mailer) return { ok: false, reason: "no-mailer" };
  const copy: MailMessage = issueCopy(issue, to, settings);
  try {
    await mailer.send({ ...copy, subject: `[Test] ${copy.subject}` });
    return { ok: true };
  } catch (error) {
    const e = error as { response?: unknown; message?: unknown };
    const detail = typeof e.response === "string" ? e.response : typeof e.message === "string" ? e.message : "";
    return { ok: false, reason: "failed", detail: detail.replace(/\s+/g, " ").slice(0, 200) };
  }
}

/** Most addresses the issue page lists as not delivered; the counts above it are always whole. */
export const UNDELIVERED_SHOWN = 200;

/** Progress while it sends and the accounting afterwards. */
export async function issueProgress(db: Db, id: string) {
  const [counts, missed, waiting, retryable] = await Promise.all([
    issueCounts(db, id),
    undelivered(db, id),
    waitingDeliveries(db, id),
    countRetryable(db, id),
  ]);
  return {
    counts,
    waiting,
    retryable,
    undelivered: missed.slice(0, UNDELIVERED_SHOWN),
    undeliveredTotal: missed.length,
  };
}

const archived = and(eq(newsletterIssues.status, "sent"), eq(newsletterIssues.archived, true));

/** A sent issue shown in the public archive, or undefined (a draft, a scheduled, an unarchived one). */
export async function archivedIssue(db: Db, slug: string): Promise<Issue | undefined> {
  const [issue] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.slug, slug), archived));
  return issue;
}

/**
 * The last answer each public read gave, per process: while the database is away /newsletter (where
 * a form sent without JavaScript lands) and /sitemap.xml show the archive as last read (or none).
 */
function lastKnown<T>(read: (db: Db, ...rest: string[]) => Promise<T[]>) {
  let last: T[] = [];
  return async (db: Db, ...rest: string[]): Promise<T[]> => {
    try {
      last = await read(db, ...rest);
    } catch {
      // The outage shows in /readyz and the metrics; the page still renders.
    }
    return last;
  };
}

/** The public archive, newest first. */
export const archivedIssues = lastKnown((db: Db) =>
  db
    .select({
      slug: newsletterIssues.slug,
      subject: newsletterIssues.subject,
      preheader: newsletterIssues.preheader,
      sentAt: newsletterIssues.finishedAt,
    })
    .from(newsletterIssues)
    .where(archived)
    .orderBy(desc(newsletterIssues.finishedAt), desc(newsletterIssues.createdAt)),
);

/**
 * Archive pages for search engines: sent, archived, not marked noindex, and not made from an article
 * (its page names the article as the one to list: the sitemap has it already).
 */
export const issueSitemapUrls = lastKnown(async (db: Db, siteUrl: string): Promise<SitemapUrl[]> => {
  const rows = await db
    .select({ slug: newsletterIssues.slug, finishedAt: newsletterIssues.finishedAt })
    .from(newsletterIssues)
    .where(
      and(
        archived,
        eq(newsletterIssues.noindex, false),
        isNotNull(newsletterIssues.finishedAt),
        isNull(newsletterIssues.fromArticle),
      ),
    )
    .orderBy(desc(newsletterIssues.finishedAt));
  return rows.map((row) => ({
    loc: `${siteUrl}/newsletter/archive/${encodeURIComponent(row.slug)}`,
    lastmod: row.finishedAt?.toISOString().slice(0, 10),
    changefreq: "yearly",
    priority: 0.4,
  }));
});

export type SavedForm =
  | { ok: true; issue: Issue }
  | { ok: false; status: 400 | 404 | 409; fields: IssueFields; errors: IssueErrors; message?: string };

/** An e-mail's width is about 600 px: this rendering is sharp on a phone's and a laptop's screen. */
const PHOTO_WIDTH = 960;

/**
 * The editor's form saved: a chosen photo is stored first (the article editor's upload: resized, its
 * location and camera details removed) and its picture line added at the end of the text, so a
 * refusal below keeps it and she never uploads it twice. Then the fields are checked and the issue
 * is made (`id` undefined) or changed, while it is still a draft or scheduled. A photo over its limit
 * (only counted as it arrived: `oversized`) is refused under its field before anything is saved.
 */
export async function saveIssueForm(
  db: Db,
  id: string | undefined,
  form: FormData,
  actor: { userId: string },
  oversized: PostedForm["oversized"] = {},
): Promise<SavedForm> {
  const fields = issueFieldsFrom(form);
  if (oversized.photo)
    return {
      ok: false,
      status: 400,
      fields,
      errors: { photo: oversizedUpload("imageFile", oversized.photo.bytes).message },
    };
  const photo = form.get("photo");
  if (photo instanceof File && photo.size > 0) {
    try {
      const bytes = new Uint8Array(await photo.arrayBuffer());
      const stored = await storeImage(db, { name: photo.name, bytes }, String(form.get("photoAlt") ?? ""), actor);
      const line = pictureMarkdown(String(form.get("photoAlt")), mediaUrl({ src: stored.src }, PHOTO_WIDTH));
      fields.body = fields.body.trim() ? `${fields.body.trimEnd()}\n\n${line}` : line;
      fields.photoAlt = "";
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      const field = error.field === "imageAlt" ? "photoAlt" : "photo";
      return { ok: false, status: 400, fields, errors: { [field]: error.message } };
    }
  }
  const sources = (await signupSources(db)).map((row) => row.source);
  const tags = (await listTags(db)).map((tag) => tag.id);
  const parsed = parseIssue(fields, sources, tags);
  if (!parsed.ok) return { ok: false, status: 400, fields, errors: parsed.errors };
  if (!id) return { ok: true, issue: await createIssue(db, parsed.value) };
  const current = await getIssue(db, id);
  if (!current) return { ok: false, status: 404, fields, errors: {}, message: "This issue no longer exists." };
  if (!(await updateIssue(db, id, parsed.value)))
    return {
      ok: false,
      status: 409,
      fields,
      errors: {},
      message: "This issue has started sending, so it can no longer be changed. Nothing you typed was saved.",
    };
  return { ok: true, issue: (await getIssue(db, id))! };
}
