/**
 * When the visitor first saw a form, in performance.now() time, for the forms' too-fast-to-be-human
 * check: 0 (the page's start) for a form that came with the page and mounts at hydration, which may
 * be long after the visitor began typing; the mount time for one shown by a client-side navigation.
 * Children's effects run before the root's, so at hydration the attribute is not set yet. A module of
 * its own: the questionnaire island needs this, not the application's hydration hook beside it.
 */
export function formShownAt(): number {
  return document.documentElement.hasAttribute("data-hydrated") ? performance.now() : 0;
}
