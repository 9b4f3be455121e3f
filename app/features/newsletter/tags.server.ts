import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { newsletterSubscriberTags, newsletterTags } from "#db/schema";
import type { Db } from "~/infra/db.server";

/** Tags (docs/decisions/077): given by hand on the list, by an import's tags column, or by the signup source. */

export interface Tag {
  id: string;
  name: string;
  autoSources: string[];
}

export const TAG_MAX_LENGTH = 40;

/** A tag's name as stored: trimmed, inner spaces as one; "" when nothing is left. */
export const tagName = (raw: string) => raw.trim().replace(/\s+/g, " ");

export async function listTags(db: Db): Promise<Tag[]> {
  return db
    .select({ id: newsletterTags.id, name: newsletterTags.name, autoSources: newsletterTags.autoSources })
    .from(newsletterTags)
    .orderBy(asc(sql`lower(${newsletterTags.name})`));
}

/** The ids of these tag names, made where missing (one name whatever its case). */
export async function ensureTags(db: Db, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map(tagName).filter(Boolean))];
  const ids = new Map<string, string>();
  if (wanted.length === 0) return ids;
  await db
    .insert(newsletterTags)
    .values(wanted.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: newsletterTags.id, name: newsletterTags.name })
    .from(newsletterTags)
    .where(
      inArray(
        sql`lower(${newsletterTags.name})`,
        wanted.map((n) => n.toLowerCase()),
      ),
    );
  const byLower = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  for (const name of wanted) {
    const id = byLower.get(name.toLowerCase());
    if (id) ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** Gives (or takes away) one tag to (from) these subscribers; returns how many changed. */
export async function setTag(db: Db, subscriberIds: string[], tagId: string, on: boolean): Promise<number> {
  if (subscriberIds.length === 0) return 0;
  if (on) {
    const added = await db
      .insert(newsletterSubscriberTags)
      .values(subscriberIds.map((subscriberId) => ({ subscriberId, tagId })))
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriberTags.subscriberId });
    return added.length;
  }
  const removed = await db
    .delete(newsletterSubscriberTags)
    .where(
      and(eq(newsletterSubscriberTags.tagId, tagId), inArray(newsletterSubscriberTags.subscriberId, subscriberIds)),
    )
    .returning({ id: newsletterSubscriberTags.subscriberId });
  return removed.length;
}

/** Which sources give this tag to a new sign-up on their own. */
export async function setAutoSources(db: Db, tagId: string, sources: string[]): Promise<void> {
  await db.update(newsletterTags).set({ autoSources: sources }).where(eq(newsletterTags.id, tagId));
}

/** A new sign-up from `source` gets the tags that source gives (in the sign-up's transaction). */
export async function tagFromSource(db: Db, subscriberId: string, source: string): Promise<void> {
  await db.execute(sql`
    insert into ${newsletterSubscriberTags} (subscriber_id, tag_id)
    select ${subscriberId}::uuid, ${newsletterTags.id} from ${newsletterTags}
    where ${newsletterTags.autoSources} @> ${JSON.stringify([source])}::jsonb
    on conflict do nothing`);
}
