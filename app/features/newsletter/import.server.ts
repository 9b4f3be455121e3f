import { inArray, sql } from "drizzle-orm";
import { newsletterSubscribers as subs, newsletterSubscriberTags } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { publishedContactEmail } from "~/features/site/site-content.server";
import {
  checkRows,
  guessColumns,
  parseImport,
  type CheckedRow,
  type ColumnMap,
  type ParsedImport,
  type RowProblem,
} from "./import-rules";
import { enqueueMany } from "~/features/messages/engine.server";
import { confirmations, type NewsletterServices } from "./subscribe.server";
import { ensureTags } from "./tags.server";

/**
 * Importing a list (docs/decisions/077): a dry run says what would happen, the import does exactly
 * that in one transaction or nothing. An address that unsubscribed or was suppressed is never
 * added back; a new one is either asked to confirm by e-mail (the default) or, when she says they
 * opted in elsewhere, confirmed with her note kept on it as the proof.
 */

export const IMPORT_SOURCE = "import";
const BATCH = 1000;

export type ConsentGround = "reconfirm" | "elsewhere";

export interface ImportSummary {
  /** Valid rows, one per address. */
  total: number;
  new: number;
  /** Already subscribed or waiting for their confirmation: left as they are (tags added). */
  existing: number;
  /** Unsubscribed or suppressed: never added back. */
  left: number;
  invalid: RowProblem[];
  /** Rows repeating an address earlier in the file. */
  repeated: number;
}

export type ImportCheck =
  | { ok: false; problems: RowProblem[] }
  | { ok: true; parsed: ParsedImport; map: ColumnMap; summary: ImportSummary; rows: ClassifiedRow[] };

interface ClassifiedRow extends CheckedRow {
  /** The stored row's id when the address is known. */
  id: string | null;
  kind: "new" | "existing" | "left";
}

async function classify(db: Db, rows: CheckedRow[]): Promise<ClassifiedRow[]> {
  const known = new Map<string, { id: string; left: boolean }>();
  for (let i = 0; i < rows.length; i += 5000) {
    const emails = rows.slice(i, i + 5000).map((r) => r.email);
    const found = await db
      .select({
        id: subs.id,
        email: subs.email,
        left: sql<boolean>`${subs.status} = 'unsubscribed' or ${subs.suppressedAt} is not null`,
      })
      .from(subs)
      .where(inArray(subs.email, emails));
    for (const row of found) known.set(row.email, { id: row.id, left: row.left });
  }
  return rows.map((row) => {
    const stored = known.get(row.email);
    return { ...row, id: stored?.id ?? null, kind: !stored ? "new" : stored.left ? "left" : "existing" };
  });
}

/** The dry run: reads, maps (her map, else the guess) and sorts the rows against the list as it is. */
export async function checkImport(db: Db, text: string, map?: ColumnMap): Promise<ImportCheck> {
  const read = parseImport(text);
  if (!read.ok) return read;
  const columns = Math.max(read.parsed.header?.length ?? 0, ...read.parsed.rows.map((r) => r.cells.length));
  const chosen = map ?? guessColumns(read.parsed);
  const inRange = (i: number | null) => i === null || (i >= 0 && i < columns);
  if (!inRange(chosen.email) || !inRange(chosen.name) || !inRange(chosen.tags) || chosen.email < 0)
    return { ok: false, problems: [{ line: 1, message: "Choose the column that holds the e-mail addresses." }] };
  const checked = checkRows(read.parsed, chosen);
  if (checked.broken.length) return { ok: false, problems: checked.broken };
  const rows = await classify(db, checked.rows);
  const count = (kind: ClassifiedRow["kind"]) => rows.filter((r) => r.kind === kind).length;
  return {
    ok: true,
    parsed: read.parsed,
    map: chosen,
    rows,
    summary: {
      total: rows.length,
      new: count("new"),
      existing: count("existing"),
      left: count("left"),
      invalid: checked.invalid,
      repeated: checked.repeated,
    },
  };
}

export type ImportServices = Pick<NewsletterServices, "database" | "messages" | "env" | "secret" | "content">;

export type ImportOutcome = { ok: true; summary: ImportSummary; added: number } | { ok: false; problems: RowProblem[] };

/**
 * The import itself: checked again inside its transaction (the list may have changed since the dry
 * run), then every new address, its tags and its confirmation e-mail, or nothing.
 */
export async function runImport(
  services: ImportServices,
  text: string,
  map: ColumnMap | undefined,
  choice: { ground: ConsentGround; note: string | null },
  now = new Date(),
): Promise<ImportOutcome> {
  const reconfirm = choice.ground === "reconfirm";
  const contactEmail = reconfirm ? await publishedContactEmail(services) : undefined;
  const outcome = await services.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db; // the transaction has every query method used below
    const check = await checkImport(db, text, map);
    if (!check.ok) return check;
    const fresh = check.rows.filter((r) => r.kind === "new");
    const ids = new Map<string, string>();
    for (let i = 0; i < fresh.length; i += BATCH) {
      const inserted = await db
        .insert(subs)
        .values(
          fresh.slice(i, i + BATCH).map((r) => ({
            email: r.email,
            name: r.name,
            source: IMPORT_SOURCE,
            status: reconfirm ? "pending" : "confirmed",
            confirmedAt: reconfirm ? null : now,
            consentGround: choice.ground,
            consentNote: choice.note,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({ target: subs.email })
        .returning({ id: subs.id, email: subs.email });
      for (const row of inserted) ids.set(row.email, row.id);
    }
    // Tags go on the new and the known who are still on the list, not on those who left.
    const tagged = check.rows.filter((r) => r.tags.length && r.kind !== "left");
    const tagIds = await ensureTags(
      db,
      tagged.flatMap((r) => r.tags),
    );
    const links = tagged.flatMap((r) => {
      const subscriberId = r.id ?? ids.get(r.email);
      return subscriberId
        ? r.tags.flatMap((t) => {
            const tagId = tagIds.get(t.toLowerCase());
            return tagId ? [{ subscriberId, tagId }] : [];
          })
        : [];
    });
    for (let i = 0; i < links.length; i += BATCH)
      await db
        .insert(newsletterSubscriberTags)
        .values(links.slice(i, i + BATCH))
        .onConflictDoNothing();
    if (reconfirm) await enqueueMany(db, confirmations(services, [...ids.keys()], now, contactEmail), now);
    return { ok: true as const, summary: check.summary, added: ids.size };
  });
  if (outcome.ok && reconfirm) services.messages.kick();
  return outcome.ok ? { ok: true, summary: outcome.summary, added: outcome.added } : outcome;
}
