/**
 * Control characters in submitted text: a NUL is refused by PostgreSQL (so the submission
 * could never be stored), and the rest are invisible, break CSV exports and e-mails, or can
 * smuggle line breaks into single-line fields. One rule for every form's every text field.
 */

/** Shown under the field, like the other validation messages. */
export const CONTROL_CHARACTER_MESSAGE = "Please remove invisible control characters from this field";

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's purpose
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, except tab, line feed and carriage return, which a multi-line message may hold. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when the text is free of control characters; `multiLine` allows \t, \n and \r. */
export function hasNoControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  return !(options.multiLine ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(value);
}

// eslint-disable-next-line no-control-regex -- as above
const ALL_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * The text with every control character removed, for data a third party sends (a web hook) that
 * nobody can be asked to correct: storing it cleaned keeps it, refusing it would lose it.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(ALL_CONTROLS, "");
}

/**
 * Invisible characters that change how text around them is shown: the bidi marks (U+061C, U+200E,
 * U+200F), embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), with which
 * "\u202Emoc.elgoog" reads "google.com"; and the zero-width space, word joiner and byte-order mark.
 */
const BIDI_AND_ZERO_WIDTH = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
/** The zero-width non-joiner and joiner (U+200C, U+200D). */
const JOINERS = /[\u200C\u200D]/g;

/**
 * The text without bidi controls and zero-width characters: nobody types them on purpose or can
 * see them to remove them (a phone number copied from a phone's contacts comes wrapped in U+202A and
 * U+202C), so they are stripped, not refused (docs/decisions/058). A visitor's typed text keeps the
 * joiners (`keepJoiners`), which Persian and the Indic scripts write words with and emoji sequences
 * need; a label (a campaign's source, a referring host, a path) keeps nothing invisible.
 */
export function withoutInvisibleFormatting(value: string, options: { keepJoiners?: boolean } = {}): string {
  const stripped = value.replace(BIDI_AND_ZERO_WIDTH, "");
  return options.keepJoiners ? stripped : stripped.replace(JOINERS, "");
}
