import { consentTexts } from "#content/consent";
import { consentRecordsOf, type ConsentRecord } from "~/infra/consent.server";
import type { Db } from "~/infra/db.server";

/** One proof-of-consent record as the back office shows it (the wording looked up by its version). */
export interface ConsentView {
  at: string;
  action: string;
  form: string;
  page: string | null;
  textVersion: string;
  /** The exact sentence shown, or null for a version no longer in content/consent.ts. */
  text: string | null;
  network: string | null;
  userAgent: string | null;
  signupId: string | null;
  subscriberId: string | null;
}

export function consentView(row: ConsentRecord): ConsentView {
  const known = Object.hasOwn(consentTexts, row.textVersion)
    ? consentTexts[row.textVersion as keyof typeof consentTexts]
    : null;
  return {
    at: row.createdAt.toISOString(),
    action: row.action,
    form: row.form,
    page: row.page,
    textVersion: row.textVersion,
    text: known?.text ?? null,
    network: row.network,
    userAgent: row.userAgent,
    signupId: row.signupId,
    subscriberId: row.subscriberId,
  };
}

/** Every record of these leads / event signups and subscribers, oldest first. */
export async function consentsOf(
  db: Db,
  subjects: { signupIds?: string[]; subscriberIds?: string[] },
): Promise<ConsentView[]> {
  return (await consentRecordsOf(db, subjects)).map(consentView);
}

/** Records grouped by the lead or subscriber they belong to. */
export function bySubject(records: ConsentView[]): Map<string, ConsentView[]> {
  const map = new Map<string, ConsentView[]>();
  for (const r of records) {
    const id = r.signupId ?? r.subscriberId ?? "";
    map.set(id, [...(map.get(id) ?? []), r]);
  }
  return map;
}

/** CSV columns: the latest sign-up consent and, for subscribers, the latest confirmation. */
export const CONSENT_HEADERS = [
  "Consent given",
  "Consent form",
  "Consent page",
  "Consent text version",
  "Consent network",
  "Consent browser",
];
export const CONFIRMATION_HEADERS = ["Confirmed by", "Confirmation network", "Confirmation browser"];

export function consentCells(records: ConsentView[] | undefined): (string | Date | null)[] {
  const signup = records?.findLast((r) => r.action === "signup");
  return [
    signup ? new Date(signup.at) : null,
    signup?.form ?? null,
    signup?.page ?? null,
    signup?.textVersion ?? null,
    signup?.network ?? null,
    signup?.userAgent ?? null,
  ];
}

export function confirmationCells(records: ConsentView[] | undefined): (string | Date | null)[] {
  const confirmation = records?.findLast((r) => r.action === "confirmation");
  return [
    confirmation ? new Date(confirmation.at) : null,
    confirmation?.network ?? null,
    confirmation?.userAgent ?? null,
  ];
}
