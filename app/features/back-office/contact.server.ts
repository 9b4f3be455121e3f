import { and, desc, eq, inArray } from "drizzle-orm";
import { leadEvents, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES, goalWords, type Goal } from "~/features/leads/vocabulary";
import { contactLinks, type ContactChannel, type ContactLinks } from "./contact";

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
    };
  });
}
