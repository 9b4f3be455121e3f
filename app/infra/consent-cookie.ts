/**
 * The visitor's cookie choice as the server sees it: "accepted" or "rejected", written by the page
 * when the visitor chooses (the choice itself lives in localStorage). It only records the choice,
 * which is strictly necessary to respect it, so it needs no consent of its own.
 */
export const CONSENT_COOKIE = "cookie_consent";
