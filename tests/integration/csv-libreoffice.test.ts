import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportCsv } from "~/features/reports/exports.server";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const run = promisify(execFile);

/** LibreOffice's command-line binary (Debian: libreoffice-calc-nogui), or null when it is absent. */
async function soffice(): Promise<string | null> {
  for (const candidate of [process.env.SOFFICE_PATH, "soffice", "libreoffice"].filter(Boolean) as string[]) {
    try {
      await run(candidate, ["--version"]);
      return candidate;
    } catch {
      // try the next name
    }
  }
  return null;
}

/** Tab-separated text as LibreOffice writes it: quotes around cells holding a tab, quote or line break. */
function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === "\t") endCell();
    else if (c === "\n") {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== "\r") cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const binary = await soffice();
// CI installs LibreOffice (.ci/run) and must run this; a developer machine without it skips.
const available = binary !== null || !!process.env.CI;

/**
 * The leads CSV opened the way a Dutch trainer opens it: LibreOffice Calc with the Dutch locale
 * (1043, nl-NL) and the semicolon as separator, as Dutch spreadsheets expect. Every field lands in
 * its own column (also names with commas, semicolons and quotes, and a message over two lines), and
 * the times read as the Amsterdam times the back office shows, winter and summer.
 */
describe.skipIf(!available)("the leads CSV in LibreOffice Calc with the Dutch locale", () => {
  let database: TestDatabase;
  const dir = mkdtempSync(path.join(tmpdir(), "csv-calc-"));
  const people = [
    {
      key: "calc-winter",
      firstName: "Zoë",
      lastName: 'de Vries; "Zo", 2e',
      message: "Eerste regel\nTweede regel, met 1,5 km",
      createdAt: "2026-11-24T18:52:07.000Z",
      shown: "2026-11-24 19:52:07 +01:00",
    },
    {
      key: "calc-summer",
      firstName: "Renée",
      lastName: "Müller",
      message: null,
      createdAt: "2026-07-02T18:52:00.000Z",
      shown: "2026-07-02 20:52:00 +02:00",
    },
  ];

  beforeAll(async () => {
    if (!binary) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
    database = await createTestDatabase("pglite");
    for (const p of people)
      await writeLead(database.db, "intake", {
        id: leadIdFor(p.key),
        idempotencyKey: p.key,
        firstName: p.firstName,
        lastName: p.lastName,
        email: `${p.key}@example.nl`,
        phone: "+31 6 1234 5678",
        answers: { q1: "get-fit" },
        message: p.message,
        sourceUrl: "https://coach.example/start",
        createdAt: p.createdAt,
      });
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens into separate columns with the Amsterdam times", async () => {
    const csv = await new Response(exportCsv(database.db, "leads", {})).text();
    writeFileSync(path.join(dir, "leads.csv"), csv);
    await run(
      binary!,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        "--norestore",
        // Import: separator ; (59), text in " (34), UTF-8 (76), from line 1, Dutch (Netherlands) (1043).
        "--infilter=CSV:59,34,76,1,,1043",
        // Export what Calc made of it as tab-separated text, to read its cells back.
        "--convert-to",
        "csv:Text - txt - csv (StarCalc):9,34,76,1,,1043",
        "--outdir",
        path.join(dir, "out"),
        path.join(dir, "leads.csv"),
      ],
      { timeout: 120_000 },
    );
    const [header, ...rows] = parseTsv(readFileSync(path.join(dir, "out", "leads.csv"), "utf8"));
    expect(header?.length).toBeGreaterThan(20);
    expect(header?.[0]).toBe("Date");
    const column = (name: string) => header!.indexOf(name);
    for (const p of people) {
      const row = rows.find((r) => r[column("E-mail")] === `${p.key}@example.nl`);
      expect(row, p.key).toBeDefined();
      expect(row).toHaveLength(header!.length);
      expect(row![column("Date")]).toBe(p.shown);
      expect(row![column("First name")]).toBe(p.firstName);
      expect(row![column("Last name")]).toBe(p.lastName);
      expect(row![column("Message")]).toBe(p.message ?? "");
      expect(row![column("Phone")]).toBe("+31 6 1234 5678");
    }
  });
});
