/**
 * The one e-mail rule of every form (questionnaire, newsletter, checkout, back office).
 * Pure, so the browser's check and the server's agree.
 *
 * It keeps international addresses (RFC 6531: letters of any script, e.g. josé@exämple.de
 * or an all-Cyrillic domain) and refuses what is dangerous to the people who handle the
 * leads: characters that turn a cell into a spreadsheet formula or command (= | ! and friends,
 * a leading + - @), and look-alike names that mix scripts inside one word (a Cyrillic "а"
 * inside a Latin name), the classic way to make a forged domain read as a real one.
 */

export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/** Letters, marks and digits of any script, plus the separators real mailboxes use. */
const LOCAL_PART = /^[\p{L}\p{M}\p{N}._+'-]+$/u;
/** A leading = + - @ makes spreadsheets evaluate the cell (CSV injection). */
const FORMULA_START = /^[=+\-@']/;
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
/** The top-level domain: letters only, or its ASCII (xn--) form. */
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

/** Scripts whose letters are told apart; digits, marks and punctuation belong to none. */
const SCRIPTS: [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hiragana", /\p{Script=Hiragana}/u],
  ["Katakana", /\p{Script=Katakana}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Bopomofo", /\p{Script=Bopomofo}/u],
];

/** Script mixes that are normal writing (Unicode TS #39, "highly restrictive"). */
const ALLOWED_MIXES: Set<string>[] = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

function scriptsOf(word: string): Set<string> {
  const found = new Set<string>();
  for (const char of word) {
    // Characters shared by scripts (the Japanese long-vowel mark, for one) tell nothing apart.
    if (!/\p{L}/u.test(char) || /[\p{Script=Common}\p{Script=Inherited}]/u.test(char)) continue;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char));
    found.add(script ? script[0] : "Other");
  }
  return found;
}

/** True when one word's letters come from one script, or from a mix normal writing uses. */
export function isSingleScript(word: string): boolean {
  const scripts = scriptsOf(word);
  if (scripts.size <= 1) return true;
  if (scripts.has("Other")) return false;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}

/** The rule itself: expects the address already trimmed. */
export function isValidEmail(address: string): boolean {
  if (address.length === 0 || address.length > MAX_EMAIL_LENGTH) return false;
  const at = address.lastIndexOf("@");
  if (at <= 0 || address.indexOf("@") !== at) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);

  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local) || FORMULA_START.test(local)) return false;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  if (!local.split(/[._+'-]/).every(isSingleScript)) return false;

  const labels = domain.split(".");
  if (labels.length < 2 || domain.length > 253) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label) && isSingleScript(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]!);
}
