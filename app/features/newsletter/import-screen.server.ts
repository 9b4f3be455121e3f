import "~/infra/zod-config";
import { data } from "react-router";
import { z } from "zod";
import { isValidEmail } from "~/infra/email-address";
import { hasNoControlCharacters } from "~/infra/control-characters";
import type { PostedForm } from "~/infra/posted-form.server";
import { IMPORT_MAX_BYTES, NAME_MAX, type ColumnMap, type RowProblem } from "./import-rules";
import { checkImport, runImport, type ConsentGround, type ImportServices, type ImportSummary } from "./import.server";

/** The Import screen (app/routes/admin-subscribers-import.tsx): check a file, import it, or add one person. */

/** Problems shown at most, each with its line; the count says how many more. */
const SHOWN_PROBLEMS = 50;

export interface ImportAnswer {
  intent: "check" | "import" | "add";
  errors: Record<string, string>;
  problems?: { shown: RowProblem[]; more: number };
  /** After a dry run: the text to import, its columns and the map, and what would happen. */
  dryRun?: {
    text: string;
    columns: { index: number; label: string }[];
    map: ColumnMap;
    summary: Omit<ImportSummary, "invalid"> & { invalid: number; invalidShown: RowProblem[] };
  };
  values: Record<string, string>;
  done?: string;
}

const problemsOf = (list: RowProblem[]) => ({
  shown: list.slice(0, SHOWN_PROBLEMS),
  more: Math.max(0, list.length - SHOWN_PROBLEMS),
});

const groundSchema = z.object({
  ground: z.enum(["reconfirm", "elsewhere"]).catch("reconfirm"),
  note: z.string().trim().max(500, "Keep the note under 500 characters."),
});

/** The consent ground and its note; the note is required when they opted in elsewhere. */
function groundOf(
  form: FormData,
  canMail: boolean,
): { errors: Record<string, string> } | { choice: { ground: ConsentGround; note: string | null } } {
  const parsed = groundSchema.safeParse({ ground: form.get("ground"), note: String(form.get("note") ?? "") });
  if (!parsed.success) return { errors: { note: parsed.error.issues[0]?.message ?? "Check the note." } };
  const { ground, note } = parsed.data;
  if (!hasNoControlCharacters(note, { multiLine: true }))
    return { errors: { note: "Remove the special characters from the note." } };
  if (ground === "elsewhere" && !note)
    return {
      errors: {
        note: "Say where and when they agreed to get your newsletter (for example “signed my intake form, 2025”): this note is kept as the proof.",
      },
    };
  if (ground === "reconfirm" && !canMail)
    return {
      errors: {
        ground:
          "No mail server is set up (SMTP_URL), so no confirmation e-mail can go out. Choose “they opted in elsewhere” if they did, or set up mail first.",
      },
    };
  return { choice: { ground, note: ground === "elsewhere" ? note : null } };
}

const column = (form: FormData, name: string): number | null => {
  const value = String(form.get(name) ?? "");
  return value === "" ? null : Number.isInteger(Number(value)) ? Number(value) : null;
};

const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

export async function importAction(
  services: ImportServices,
  posted: PostedForm,
  audit: (detail: Record<string, unknown>) => Promise<void>,
) {
  const { form, oversized } = posted;
  const asked = String(form.get("intent") ?? "check");
  const intent: ImportAnswer["intent"] = asked === "add" || asked === "import" ? asked : "check";
  const values = Object.fromEntries(
    ["ground", "note", "email", "name", "tags"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const fail = (answer: Omit<ImportAnswer, "values">, status = 400) =>
    data<ImportAnswer>({ ...answer, values }, { status });
  const db = services.database.db;

  if (intent === "add") {
    const email = values.email!.trim().toLowerCase();
    const errors: Record<string, string> = {};
    if (!email || email.length > 254 || !isValidEmail(email))
      errors.email = "Enter an e-mail address like name@example.com.";
    if (values.name!.trim().length > NAME_MAX) errors.name = `Keep the name under ${NAME_MAX} characters.`;
    const ground = groundOf(form, services.messages.email);
    if ("errors" in ground) Object.assign(errors, ground.errors);
    if (!("choice" in ground) || Object.keys(errors).length) return fail({ intent, errors });
    const text = `email,name,tags\n${[email, values.name!.trim(), values.tags!].map(cell).join(",")}`;
    const done = await runImport(services, text, { email: 0, name: 1, tags: 2 }, ground.choice);
    if (!done.ok) return fail({ intent, errors: { tags: done.problems[0]?.message ?? "Check the tags." } });
    await audit({ added: done.added, ground: ground.choice.ground });
    const message =
      done.added === 1
        ? ground.choice.ground === "reconfirm"
          ? "Added: a confirmation e-mail is on its way; they are on the list once they confirm."
          : "Added and confirmed, with your note as the proof."
        : done.summary.left
          ? "This address unsubscribed or was refused by the mail server before: it is not added back."
          : "This address is already on the list (any tags you typed are added).";
    return data<ImportAnswer>({ intent, errors: {}, values: {}, done: message });
  }

  // A dry run reads the file (or paste); the import reads the text the dry run showed.
  const file = form.get("file");
  const fromFile = file instanceof File && file.size > 0 ? await file.text() : "";
  const text = intent === "import" ? String(form.get("text") ?? "") : fromFile || String(form.get("paste") ?? "");
  if (oversized.file || text.length >= IMPORT_MAX_BYTES)
    return fail({
      intent,
      errors: { file: "The file is over 1 MB (about 20,000 addresses): split it in two and import each." },
    });
  if (!text.trim()) return fail({ intent, errors: { file: "Choose a CSV file or paste the addresses." } });
  const email = column(form, "emailColumn");
  const map: ColumnMap | undefined =
    email === null ? undefined : { email, name: column(form, "nameColumn"), tags: column(form, "tagsColumn") };

  if (intent === "import") {
    const ground = groundOf(form, services.messages.email);
    if ("errors" in ground) return fail({ intent, errors: ground.errors, dryRun: await dryRunOf(services, text, map) });
    const done = await runImport(services, text, map, ground.choice);
    if (!done.ok) return fail({ intent, errors: {}, problems: problemsOf(done.problems) });
    await audit({ added: done.added, ground: ground.choice.ground, rows: done.summary.total });
    const mailed =
      ground.choice.ground === "reconfirm"
        ? " Each was sent an e-mail to confirm; they get the newsletter once they do."
        : "";
    return data<ImportAnswer>({
      intent,
      errors: {},
      values: {},
      done: `Imported: ${done.added} new, ${done.summary.existing} already there, ${done.summary.left} who left (not added back), ${done.summary.invalid.length} not addresses.${mailed}`,
    });
  }

  const check = await checkImport(db, text, map);
  if (!check.ok) return fail({ intent, errors: {}, problems: problemsOf(check.problems) });
  return data<ImportAnswer>({ intent, errors: {}, values, dryRun: await dryRunOf(services, text, map) });
}

async function dryRunOf(
  services: ImportServices,
  text: string,
  map: ColumnMap | undefined,
): Promise<ImportAnswer["dryRun"]> {
  const check = await checkImport(services.database.db, text, map);
  if (!check.ok) return undefined;
  const width = Math.max(check.parsed.header?.length ?? 0, ...check.parsed.rows.map((r) => r.cells.length));
  const first = check.parsed.rows[0]?.cells ?? [];
  const { invalid, ...summary } = check.summary;
  return {
    text,
    map: check.map,
    columns: Array.from({ length: width }, (_, index) => ({
      index,
      label: `${check.parsed.header?.[index] || `Column ${index + 1}`}${first[index] ? ` (e.g. ${first[index]!.slice(0, 40)})` : ""}`,
    })),
    summary: { ...summary, invalid: invalid.length, invalidShown: invalid.slice(0, SHOWN_PROBLEMS) },
  };
}
