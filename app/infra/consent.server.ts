import "~/infra/zod-config";
import { isIP } from "node:net";
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { consentRecords } from "#db/schema";
import { consentTexts, currentConsent, type ConsentKind } from "#content/consent";
import type { Db } from "./db.server";

/**
 * Proof of consent (GDPR art. 7(1)): what a form records about the moment someone agreed. Taken
 * when the request comes in, carried through the outbox with the lead or address it belongs to,
 * and written in the same transaction as that row.
 */
export const consentCaptureSchema = z.object({
  form: z.string().min(1).max(60),
  page: z.string().max(300).nullable(),
  textVersion: z.string().min(1).max(80),
  network: z.string().max(60).nullable(),
  userAgent: z.string().max(512).nullable(),
  /** ISO time the person agreed. */
  at: z.iso.datetime(),
});
export type ConsentCapture = z.infer<typeof consentCaptureSchema>;

const USER_AGENT_MAX = 512;

/**
 * The network an address belongs to, never the address: IPv4 → a.b.c.0/24, IPv6 → its /48.
 * "::ffff:a.b.c.d" counts as IPv4; a zone id is dropped; anything unparsable → null.
 */
export function anonymiseAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const address = raw.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped ? mapped[1]! : address;
  const version = isIP(candidate);
  if (version === 4) return `${candidate.split(".").slice(0, 3).join(".")}.0/24`;
  if (version !== 6) return null;
  const groups = expandIpv6(candidate);
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

/** Eight 16-bit groups of a valid IPv6 address (handles "::" and a dotted IPv4 tail). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right].map((g) => parseInt(g, 16));
}

/** The version the visitor was shown: the form's claim if it names a text of this kind, else today's. */
export function consentVersionFor(kind: ConsentKind, claimed: unknown): string {
  if (typeof claimed === "string" && Object.hasOwn(consentTexts, claimed)) {
    const text = consentTexts[claimed as keyof typeof consentTexts];
    if (text.kind === kind) return claimed;
  }
  return currentConsent[kind];
}

/** A same-site path without its query: from the form's claim, else the Referer. */
export function consentPage(claimed: unknown, request: Request): string | null {
  const candidates = [typeof claimed === "string" ? claimed : undefined, request.headers.get("referer") ?? undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, "http://site.invalid");
      if (url.protocol === "http:" || url.protocol === "https:") return url.pathname.slice(0, 300);
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

export function captureConsent(
  request: Request,
  clientIp: string,
  what: { kind: ConsentKind; form: string; claimedVersion?: unknown; page?: unknown },
  now = new Date(),
): ConsentCapture {
  const userAgent = request.headers.get("user-agent");
  return {
    form: what.form,
    page: consentPage(what.page, request),
    textVersion: consentVersionFor(what.kind, what.claimedVersion),
    network: anonymiseAddress(clientIp),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    at: now.toISOString(),
  };
}

export type ConsentSubject = { subscriberId: string } | { signupId: string };

export async function recordConsent(
  db: Pick<Db, "insert">,
  subject: ConsentSubject,
  action: "signup" | "confirmation",
  capture: ConsentCapture,
): Promise<void> {
  await db.insert(consentRecords).values({
    ...subject,
    action,
    form: capture.form,
    page: capture.page,
    textVersion: capture.textVersion,
    network: capture.network,
    userAgent: capture.userAgent,
    createdAt: new Date(capture.at),
  });
}

export type ConsentRecord = typeof consentRecords.$inferSelect;

/** Every record of these leads / event signups and subscribers, oldest first. */
export async function consentRecordsOf(
  db: Db,
  subjects: { signupIds?: string[]; subscriberIds?: string[] },
): Promise<ConsentRecord[]> {
  const signupIds = subjects.signupIds ?? [];
  const subscriberIds = subjects.subscriberIds ?? [];
  const conditions = [
    ...(signupIds.length ? [inArray(consentRecords.signupId, signupIds)] : []),
    ...(subscriberIds.length ? [inArray(consentRecords.subscriberId, subscriberIds)] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(consentRecords)
    .where(or(...conditions))
    .orderBy(asc(consentRecords.createdAt));
}

/** Whether this subscriber's sign-up at that moment is already recorded (a replayed outbox entry). */
export async function hasSignupConsentAt(db: Db, subscriberId: string, at: Date): Promise<boolean> {
  const [already] = await db
    .select({ id: consentRecords.id })
    .from(consentRecords)
    .where(
      and(
        eq(consentRecords.subscriberId, subscriberId),
        eq(consentRecords.action, "signup"),
        eq(consentRecords.createdAt, at),
      ),
    );
  return already !== undefined;
}

/** A subscriber's latest recorded sign-up: when, and the wording agreed to. */
export async function latestSignupConsent(
  db: Db,
  subscriberId: string,
): Promise<{ at: Date; textVersion: string } | undefined> {
  const [latest] = await db
    .select({ at: consentRecords.createdAt, textVersion: consentRecords.textVersion })
    .from(consentRecords)
    .where(and(eq(consentRecords.subscriberId, subscriberId), eq(consentRecords.action, "signup")))
    .orderBy(desc(consentRecords.createdAt))
    .limit(1);
  return latest;
}

/**
 * A condition for another owner's statement: the subscriber (by its id column) has a sign-up recorded
 * after the moment in `since`, checked in the same statement so the check and the change are one.
 */
export function signedUpSince(subscriberId: AnyColumn, since: AnyColumn): SQL {
  return sql`exists (select 1 from ${consentRecords} where ${consentRecords.subscriberId} = ${subscriberId}
          and ${consentRecords.action} = 'signup' and ${consentRecords.createdAt} > ${since})`;
}

/** A condition for another owner's statement: the subscriber (by its id column) has any consent record. */
export function hasConsentRecord(subscriberId: AnyColumn): SQL {
  return sql`exists (
          select 1 from ${consentRecords} where ${consentRecords.subscriberId} = ${subscriberId})`;
}

/** Deletes every consent record of these subscribers. */
export async function deleteSubscriberConsents(db: Db, subscriberIds: string[]): Promise<void> {
  await db.delete(consentRecords).where(inArray(consentRecords.subscriberId, subscriberIds));
}
