import { amsterdamDateTime } from "~/infra/amsterdam";

/**
 * CSV that Dutch spreadsheets open correctly: UTF-8 with a byte-order mark (Excel otherwise guesses
 * a legacy code page and breaks accents), a semicolon between fields (Dutch Excel's list separator,
 * since the comma is the decimal mark there), CRLF line ends, quoting per RFC 4180, and times in
 * Amsterdam with their offset ("2026-11-24 19:52:07 +01:00"), as the back office shows them.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

const PHONE_LIKE = /^[+-]?[\d\s().-]+$/;

/** A cell starting with = + - @ could run as a formula in a spreadsheet; phone numbers cannot. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? amsterdamDateTime(value, { seconds: true }) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PHONE_LIKE.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
