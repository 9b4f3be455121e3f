/**
 * CSV that spreadsheets open correctly: UTF-8 with a byte-order mark (Excel otherwise guesses
 * a legacy code page and breaks accents), CRLF line ends, and quoting per RFC 4180.
 */
export const CSV_BOM = "\uFEFF";

const PHONE_LIKE = /^[+-]?[\d\s().-]+$/;

/** A cell starting with = + - @ could run as a formula in a spreadsheet; phone numbers cannot. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PHONE_LIKE.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
