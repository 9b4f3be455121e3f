import { parse } from "csv-parse/sync";
import { isValidEmail } from "~/infra/email-address";
import { hasNoControlCharacters } from "~/infra/control-characters";

/**
 * The rules of an import (docs/decisions/077): reading a CSV file or a paste of addresses, guessing
 * which column is which, and sorting each row into what the dry run and the import do with it.
 * Pure: the server's import.server.ts adds what the database knows.
 */

/** A row of the file with its line number as a spreadsheet shows it (the header is line 1). */
export interface ImportRow {
  line: number;
  cells: string[];
}

export interface ParsedImport {
  /** The header's cells; null when the first line already holds an address (a paste). */
  header: string[] | null;
  rows: ImportRow[];
}

export interface RowProblem {
  line: number;
  message: string;
}

export type ParseResult = { ok: true; parsed: ParsedImport } | { ok: false; problems: RowProblem[] };

/** Which column holds what (an index into the row's cells); e-mail is required, the others optional. */
export interface ColumnMap {
  email: number;
  name: number | null;
  tags: number | null;
}

export const NAME_MAX = 200;
export const TAG_MAX = 40;
/** A file or paste larger than this is refused before it is read (about 20,000 addresses). */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** The separator of the first line: a spreadsheet saves with ";" where "," is the decimal sign. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((d) => [d, first.split(d).length - 1] as const);
  const [best] = counts.toSorted((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

/** Reads the text; a file that is not CSV (a quote left open, a row of a different width) is refused whole. */
export function parseImport(text: string): ParseResult {
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim()) return { ok: false, problems: [{ line: 1, message: "The file or paste is empty." }] };
  if (!hasNoControlCharacters(body, { multiLine: true }))
    return { ok: false, problems: [{ line: 1, message: "This is not a text file: save it as CSV and try again." }] };
  let records: { record: string[]; info: { lines: number } }[];
  // A quote left open swallows the rest of the file: the row to name is the one after the last read.
  let lastRead = 0;
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      on_record: (record, context) => {
        lastRead = context.lines;
        return record;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const code = (error as { code?: string }).code;
    const line = code === "CSV_QUOTE_NOT_CLOSED" ? lastRead + 1 : ((error as { lines?: number }).lines ?? lastRead + 1);
    return { ok: false, problems: [{ line, message: csvProblem(error) }] };
  }
  const all = records
    .map(({ record, info }) => ({ line: info.lines, cells: record }))
    .filter((r) => r.cells.some((c) => c !== ""));
  if (all.length === 0) return { ok: false, problems: [{ line: 1, message: "The file or paste is empty." }] };
  const hasHeader = !all[0]!.cells.some((c) => isValidEmail(c));
  const header = hasHeader ? all[0]!.cells : null;
  const rows = hasHeader ? all.slice(1) : all;
  const width = header?.length ?? Math.max(...rows.map((r) => r.cells.length));
  const problems: RowProblem[] = [];
  for (const row of rows) {
    // A one-column paste may have a stray separator at the end of a line.
    const cells =
      row.cells.length > width && row.cells.slice(width).every((c) => c === "") ? row.cells.slice(0, width) : row.cells;
    if (header && cells.length !== width)
      problems.push({
        line: row.line,
        message: `${cells.length} ${cells.length === 1 ? "column" : "columns"} where the first line has ${width}: a separator or a quote is missing or too many.`,
      });
    row.cells = cells;
  }
  return problems.length ? { ok: false, problems } : { ok: true, parsed: { header, rows } };
}

function csvProblem(error: unknown): string {
  const code = (error as { code?: string }).code ?? "";
  if (code === "CSV_QUOTE_NOT_CLOSED") return 'A quote (") opens here and never closes.';
  if (code.startsWith("CSV_INVALID_CLOSING_QUOTE") || code === "CSV_INVALID_OPENING_QUOTE")
    return 'A quote (") stands in the middle of a cell: put the whole cell in quotes and double the quote.';
  return "This line cannot be read as CSV.";
}

const EMAIL_HEADER = /^(e-?mail|email address|e-mail address|mail|address|e-?mailadres|adres)$/i;
const NAME_HEADER = /^(name|full name|naam|first name|voornaam|given name)$/i;
const TAGS_HEADER = /^(tags?|labels?|groups?|segments?|lists?)$/i;

/** The column map a header suggests; without a header (or a clear name), the column most full of addresses. */
export function guessColumns(parsed: ParsedImport): ColumnMap {
  const header = parsed.header?.map((h) => h.trim()) ?? [];
  const find = (pattern: RegExp) => {
    const i = header.findIndex((h) => pattern.test(h));
    return i >= 0 ? i : null;
  };
  const byHeader = find(EMAIL_HEADER) ?? header.findIndex((h) => /mail/i.test(h));
  let email = byHeader >= 0 ? byHeader : -1;
  if (email < 0) {
    const sample = parsed.rows.slice(0, 50);
    const width = Math.max(1, ...sample.map((r) => r.cells.length));
    const scores = Array.from({ length: width }, (_, i) => sample.filter((r) => isValidEmail(r.cells[i] ?? "")).length);
    email = scores.indexOf(Math.max(...scores));
  }
  const other = (i: number | null) => (i === null || i === email ? null : i);
  return { email, name: other(find(NAME_HEADER)), tags: other(find(TAGS_HEADER)) };
}

/** The tags of one cell: split on ";" "," or "|", trimmed, blanks dropped, one spelling per name. */
export function tagsOf(cell: string): string[] {
  const seen = new Map<string, string>();
  for (const raw of cell.split(/[;,|]/)) {
    const name = raw.trim().replace(/\s+/g, " ");
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

export interface CheckedRow {
  line: number;
  email: string;
  name: string | null;
  tags: string[];
}

export interface CheckedImport {
  /** Rows with a valid address, the first of each address (lower-cased). */
  rows: CheckedRow[];
  /** Rows whose address is missing or not an address: skipped, each named. */
  invalid: RowProblem[];
  /** Later rows with an address already in the file: skipped (their tags join the first's). */
  repeated: number;
  /** Rows that break the file (a name or tag too long): nothing is imported while there are any. */
  broken: RowProblem[];
}

/** Sorts the rows by the column map. */
export function checkRows(parsed: ParsedImport, map: ColumnMap): CheckedImport {
  const result: CheckedImport = { rows: [], invalid: [], repeated: 0, broken: [] };
  const byEmail = new Map<string, CheckedRow>();
  for (const row of parsed.rows) {
    const email = (row.cells[map.email] ?? "").trim().toLowerCase();
    const name = map.name === null ? "" : (row.cells[map.name] ?? "").trim();
    const tags = map.tags === null ? [] : tagsOf(row.cells[map.tags] ?? "");
    if (name.length > NAME_MAX) {
      result.broken.push({ line: row.line, message: `The name is longer than ${NAME_MAX} characters.` });
      continue;
    }
    const long = tags.find((t) => t.length > TAG_MAX);
    if (long) {
      result.broken.push({
        line: row.line,
        message: `The tag “${long.slice(0, 20)}…” is longer than ${TAG_MAX} characters.`,
      });
      continue;
    }
    if (!email || email.length > 254 || !isValidEmail(email)) {
      result.invalid.push({
        line: row.line,
        message: email ? "This is not an e-mail address." : "There is no e-mail address.",
      });
      continue;
    }
    const first = byEmail.get(email);
    if (first) {
      result.repeated++;
      first.tags = [...new Set([...first.tags, ...tags])];
      continue;
    }
    const checked = { line: row.line, email, name: name || null, tags };
    byEmail.set(email, checked);
    result.rows.push(checked);
  }
  return result;
}
