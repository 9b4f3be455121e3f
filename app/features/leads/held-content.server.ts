import { createHash } from "node:crypto";

/**
 * What "the same content" means for held submissions: the fields a visitor types (names, e-mail,
 * phone, the questionnaire's answers, the message), compared without case and extra spaces. What
 * the page adds by itself (ids, keys, times, the page, consent proof, first touch) differs per post
 * even when a bot sends one text a thousand times, so it stays out.
 */
const TYPED_FIELDS = ["name", "firstName", "lastName", "email", "phone", "message", "answers", "serviceType"] as const;

function normalised(value: unknown): unknown {
  if (typeof value === "string") return value.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, normalised(inner)]),
    );
  }
  return value ?? null;
}

/** A short hash of the typed fields of a held payload (a lead, or a subscription under `input`). */
export function heldContentKey(payload: unknown): string {
  const record = payload && typeof payload === "object" && !Array.isArray(payload) ? payload : {};
  const input = "input" in record && record.input && typeof record.input === "object" ? record.input : {};
  const typed: Record<string, unknown> = {};
  for (const field of TYPED_FIELDS) {
    const value = (record as Record<string, unknown>)[field] ?? (input as Record<string, unknown>)[field];
    if (value !== undefined && value !== null && value !== "") typed[field] = normalised(value);
  }
  return createHash("sha256")
    .update(JSON.stringify(normalised(typed)))
    .digest("hex")
    .slice(0, 32);
}
