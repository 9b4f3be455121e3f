/** The plain part of consent.ts (no React): what enhancers may import. */
/**
 * The visitor's cookie choice, kept in localStorage. Analytics (the tag manager)
 * may only load after "accepted"; "rejected" and no choice at all mean no
 * tracking (Telecommunicatiewet 11.7a). Other features ask hasAnalyticsConsent().
 */
export const CONSENT_STORAGE_KEY = "cookie-consent";
export type ConsentChoice = "accepted" | "rejected";
export type ConsentState = ConsentChoice | "unset";

export function parseConsent(value: string | null | undefined): ConsentState {
  return value === "accepted" || value === "rejected" ? value : "unset";
}

export function readConsent(): ConsentState {
  if (typeof window === "undefined") return "unset";
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    // Storage can be blocked (private mode, strict settings): treat as no choice.
    return "unset";
  }
}
