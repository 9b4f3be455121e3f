import { useSyncExternalStore } from "react";

/**
 * The visitor's cookie choice, kept in localStorage. Analytics (the tag manager)
 * may only load after "accepted"; "rejected" and no choice at all mean no
 * tracking (Telecommunicatiewet 11.7a). Other features ask hasAnalyticsConsent().
 */
export const CONSENT_STORAGE_KEY = "cookie-consent";
export type ConsentChoice = "accepted" | "rejected";
export type ConsentState = ConsentChoice | "unset";

const CHANGE_EVENT = "cookie-consent-change";
const OPEN_EVENT = "cookie-consent-open";

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

export function hasAnalyticsConsent(): boolean {
  return readConsent() === "accepted";
}

export function saveConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // The choice then lasts only for this page view, which is the safe direction.
  }
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CHANGE_EVENT, { detail: choice }));
}

/** Reopens the cookie bar (footer "Cookie settings"). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onConsentSettingsOpen(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Current choice; "unset" during server rendering and before hydration. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, readConsent, () => "unset");
}
