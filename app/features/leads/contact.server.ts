import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { leadEvents, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES, goalWords, type Goal } from "./vocabulary";
import { contactLinks, type ContactChannel, type ContactLinks } from "./contact";
import { emailKey, NO_REPEATS, phoneTail, repeatsOf, type Repeats, type Submission } from "./repeats";

/** A stored phone number's last nine digits, as phoneTail (repeats.ts) makes them. */
export const storedPhoneTail = sql<string>`right(regexp_replace(coalesce(${signups.phone}, ''), '[^0-9]', '', 'g'), 9)`;

/**
 * For each of these leads, the other questionnaires sent by the same person (same e-mail, or the
 * same phone number in E.164 form), in one query for a whole page of leads: the database finds
 * candidates by e-mail or by the number's last nine digits, and samePerson decides.
 */
export async function findRepeats(db: Db, leads: readonly Submission[]): Promise<Map<string, Repeats>> {
  const emails = [...new Set(leads.map((l) => emailKey(l.email)).filter((e): e is string => e !== null))];
  const tails = [...new Set(leads.map((l) => phoneTail(l.phone)).filter((t): t is string => t !== null))];
  const result = new Map<string, Repeats>(leads.map((l) => [l.id, NO_REPEATS]));
  if (emails.length === 0 && tails.length === 0) return result;
  const match = or(
    emails.length ? inArray(sql`lower(${signups.email})`, emails) : undefined,
    tails.length ? inArray(storedPhoneTail, tails) : undefined,
  );
  const rows = await db
    .select({ id: signups.id, email: signups.email, phone: signups.phone, createdAt: signups.createdAt })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.intake), match));
  const candidates = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  for (const lead of leads) result.set(lead.id, repeatsOf(lead, candidates));
  return result;
}

/**
 * A tap on WhatsApp, Call or E-mail for a lead: the attempt goes onto the timeline, and a lead
 * still at "new" becomes "contacted" (the trainer answered; later statuses are left alone).
 * Both rows are written in one transaction so the timeline never shows one without the other.
 */
export async function recordContactAttempt(
  db: Db,
  input: { leadId: string; channel: ContactChannel; userId: string },
): Promise<{ found: boolean; status: string }> {
  return db.transaction(async (tx) => {
    const where = and(eq(signups.id, input.leadId), eq(signups.formName, FORM_NAMES.intake));
    const [lead] = await tx.select({ status: signups.status }).from(signups).where(where);
    if (!lead) return { found: false, status: "" };
    await tx.insert(leadEvents).values({
      leadId: input.leadId,
      kind: "contact",
      note: input.channel,
      actor: "trainer",
      userId: input.userId,
    });
    if (lead.status !== "new") return { found: true, status: lead.status };
    await tx.update(signups).set({ status: "contacted" }).where(where);
    await tx.insert(leadEvents).values({
      leadId: input.leadId,
      kind: "status",
      fromStatus: "new",
      toStatus: "contacted",
      actor: "trainer",
      userId: input.userId,
      reason: "contact",
    });
    return { found: true, status: "contacted" };
  });
}

/** The one-tap links for a stored intake lead: the greeting names them and their goal. */
export function leadContactLinks(lead: {
  firstName: string | null;
  name: string | null;
  answers: Record<string, unknown> | null;
  phone: string | null;
  email: string | null;
}): ContactLinks {
  const firstName = lead.firstName || lead.name?.split(" ")[0] || "there";
  return contactLinks({ firstName, goal: goalPhrase(lead.answers), phone: lead.phone, email: lead.email });
}

/** Words for the greeting: the goal as the questionnaire offered it, in lower case. */
export function goalPhrase(answers: Record<string, unknown> | null | undefined): string | null {
  const value = answers?.q1 ?? answers?.["1"];
  if (typeof value !== "string" || !Object.hasOwn(goalWords, value)) return null;
  return goalWords[value as Goal].label.toLowerCase();
}

/** A lead nobody has answered for this long is flagged on the dashboard. */
export const UNANSWERED_AFTER_MS = 24 * 60 * 60 * 1000;

export interface OpenLead {
  id: string;
  name: string;
  goal: string | null;
  createdAt: string;
  status: string;
  /** New and still not contacted a day after the questionnaire. */
  waitingTooLong: boolean;
  links: ContactLinks;
  /** The same person's other questionnaires. */
  repeats: Repeats;
}

/** The newest leads still to be worked (new or contacted), for the top of the dashboard. */
export async function openLeads(db: Db, now: Date, limit = 5): Promise<OpenLead[]> {
  const rows = await db
    .select({
      id: signups.id,
      firstName: signups.firstName,
      lastName: signups.lastName,
      name: signups.name,
      email: signups.email,
      phone: signups.phone,
      answers: signups.answers,
      status: signups.status,
      createdAt: signups.createdAt,
    })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.intake), inArray(signups.status, ["new", "contacted"])))
    .orderBy(desc(signups.createdAt), desc(signups.id))
    .limit(limit);
  const repeats = await findRepeats(
    db,
    rows.map((r) => ({ id: r.id, email: r.email, phone: r.phone, createdAt: r.createdAt.toISOString() })),
  );
  return rows.map((r) => {
    const firstName = r.firstName || r.name?.split(" ")[0] || "there";
    const goal = goalPhrase(r.answers);
    return {
      id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.name || "(no name)",
      goal,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      waitingTooLong: r.status === "new" && now.getTime() - r.createdAt.getTime() > UNANSWERED_AFTER_MS,
      links: contactLinks({ firstName, goal, phone: r.phone, email: r.email }),
      repeats: repeats.get(r.id) ?? NO_REPEATS,
    };
  });
}
