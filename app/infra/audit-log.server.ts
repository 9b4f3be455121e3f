import { lt } from "drizzle-orm";
import { auditLog } from "#db/schema";
import type { Db } from "./db.server";

/**
 * The audit log's one table, written from several layers (the content store, sign-in and the back
 * office's actions, retention): kept here below them all. Which actions exist is auth's list
 * (`AuditAction`, auth/guard.server.ts) for the back office's own entries.
 */
export async function appendAudit(
  db: Pick<Db, "insert">,
  entry: {
    action: string;
    userId?: string | null;
    ip?: string | null;
    detail?: Record<string, unknown> | null;
    createdAt?: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Deletes entries older than `before`; how many went. */
export async function pruneAuditLog(db: Db, before: Date): Promise<number> {
  const removed = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id });
  return removed.length;
}
