import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { downloadGrants, newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { fileNames } from "~/features/content/uploads.server";

/**
 * Lead-magnet downloads: one grant per subscriber and article, created when the welcome e-mail
 * (after the person's own confirmation click) hands the guide out. The link carries only the
 * grant's random token; the back office can revoke it, after which the link answers 410.
 */

export interface LeadMagnet {
  label: string;
  fileId?: string;
  url?: string;
}

export const downloadPath = (token: string) => `/download/${token}`;

/** The subscriber's grant for this article's lead magnet: made once, the same token afterwards. */
export async function grantDownload(
  db: Db,
  subscriberId: string,
  articleKey: string,
  magnet: LeadMagnet,
): Promise<{ token: string; revoked: boolean }> {
  await db
    .insert(downloadGrants)
    .values({
      subscriberId,
      articleKey,
      fileId: magnet.fileId ?? null,
      url: magnet.fileId ? null : (magnet.url ?? null),
      token: randomBytes(32).toString("base64url"),
    })
    .onConflictDoNothing({ target: [downloadGrants.subscriberId, downloadGrants.articleKey] });
  const [row] = await db
    .select({ token: downloadGrants.token, revokedAt: downloadGrants.revokedAt })
    .from(downloadGrants)
    .where(and(eq(downloadGrants.subscriberId, subscriberId), eq(downloadGrants.articleKey, articleKey)));
  return { token: row!.token, revoked: row!.revokedAt !== null };
}

export type DownloadAnswer =
  | { kind: "file"; fileId: string; name: string }
  | { kind: "link"; url: string }
  | { kind: "revoked" }
  | { kind: "unknown" };

/** What a download link leads to now; a working one is counted. */
export async function openDownload(db: Db, token: string): Promise<DownloadAnswer> {
  if (!/^[\w-]{43}$/.test(token)) return { kind: "unknown" };
  const files = fileNames(db);
  const [grant] = await db
    .select({
      id: downloadGrants.id,
      fileId: downloadGrants.fileId,
      url: downloadGrants.url,
      revokedAt: downloadGrants.revokedAt,
      name: files.name,
    })
    .from(downloadGrants)
    .leftJoin(files, eq(files.id, downloadGrants.fileId))
    .where(eq(downloadGrants.token, token));
  if (!grant) return { kind: "unknown" };
  if (grant.revokedAt) return { kind: "revoked" };
  const answer: DownloadAnswer | null = grant.fileId
    ? { kind: "file", fileId: grant.fileId, name: grant.name ?? "guide.pdf" }
    : grant.url
      ? { kind: "link", url: grant.url }
      : null;
  // The file was deleted since: nothing to hand out.
  if (!answer) return { kind: "unknown" };
  await db
    .update(downloadGrants)
    .set({ downloads: sql`${downloadGrants.downloads} + 1` })
    .where(eq(downloadGrants.id, grant.id));
  return answer;
}

export interface GrantRow {
  id: string;
  email: string;
  createdAt: Date;
  downloads: number;
  revokedAt: Date | null;
}

/** The back office's list for one article, newest first. */
export async function grantsForArticle(db: Db, articleKey: string): Promise<GrantRow[]> {
  return db
    .select({
      id: downloadGrants.id,
      email: newsletterSubscribers.email,
      createdAt: downloadGrants.createdAt,
      downloads: downloadGrants.downloads,
      revokedAt: downloadGrants.revokedAt,
    })
    .from(downloadGrants)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, downloadGrants.subscriberId))
    .where(eq(downloadGrants.articleKey, articleKey))
    .orderBy(desc(downloadGrants.createdAt))
    .limit(200);
}

/** Revokes one grant of this article (true when it was live until now). */
export async function revokeGrant(db: Db, articleKey: string, id: string, now = new Date()): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  const updated = await db
    .update(downloadGrants)
    .set({ revokedAt: now })
    .where(
      and(
        eq(downloadGrants.id, id),
        eq(downloadGrants.articleKey, articleKey),
        sql`${downloadGrants.revokedAt} is null`,
      ),
    )
    .returning({ id: downloadGrants.id });
  return updated.length > 0;
}
