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
