import { Form, Link } from "react-router";
import { Notice, SubmitButton } from "~/features/back-office/ui";
import { compactInputClass, describedBy, FieldError, TextField } from "~/ui/field";
import type { ImportAnswer } from "./import-screen.server";

/** Import a list or add one person: both from a phone (a file picker or a paste) or a computer. */
export function ImportScreen({ answer, canMail }: { answer?: ImportAnswer; canMail: boolean }) {
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const dry = answer?.dryRun;
  const fileAnswer = answer && answer.intent !== "add" ? answer : undefined;
  return (
    <>
      <p className="mb-4">
        <Link to="/admin/subscribers" className="underline">
          Back to the subscribers
        </Link>
      </p>
      {answer?.done ? <Notice tone="success">{answer.done}</Notice> : null}

      <section aria-labelledby="import-title" className="mb-6 rounded-2xl bg-white p-4 ring-1 ring-navy/10">
        <h2 id="import-title" className="mb-2 text-lg font-semibold">
          Import a list
        </h2>
        {fileAnswer?.problems ? (
          <Notice tone="error">
            <p>Nothing was imported: fix these lines in the file and try again.</p>
            <ul className="mt-2 list-disc pl-5" aria-label="Lines to fix">
              {fileAnswer.problems.shown.map((p) => (
                <li key={p.line}>
                  Line {p.line}: {p.message}
                </li>
              ))}
            </ul>
            {fileAnswer.problems.more ? <p>…and {fileAnswer.problems.more} more.</p> : null}
          </Notice>
        ) : null}
        {dry ? (
          <DryRun dry={dry} answer={fileAnswer} canMail={canMail} />
        ) : (
          <Form method="post" encType="multipart/form-data" className="grid gap-3">
            <div>
              <label htmlFor="import-file" className="font-medium">
                A CSV file (from a spreadsheet or another newsletter tool)
              </label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className={compactInputClass}
                {...describedBy("import-file", fileAnswer?.errors.file)}
              />
            </div>
            <div>
              <label htmlFor="import-paste" className="font-medium">
                Or paste the addresses, one a line
              </label>
              <textarea
                id="import-paste"
                name="paste"
                rows={5}
                className={compactInputClass}
                {...describedBy("import-paste", fileAnswer?.errors.file)}
              />
              <FieldError id="import-file" message={fileAnswer?.errors.file} look="compact" />
            </div>
            <p className="text-sm text-ink/80">
              Next you see what would happen, and nothing is added until you say so.
            </p>
            <div>
              <SubmitButton name="intent" value="check" busyText="Reading…">
                Check the list
              </SubmitButton>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="add-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10">
        <h2 id="add-title" className="mb-2 text-lg font-semibold">
          Add one person
        </h2>
        <Form method="post" encType="multipart/form-data" className="grid gap-1">
          <TextField
            id="add-email"
            name="email"
            type="email"
            label="E-mail"
            look="compact"
            autoComplete="off"
            defaultValue={answer?.intent === "add" ? values.email : ""}
            error={answer?.intent === "add" ? errors.email : undefined}
          />
          <TextField
            id="add-name"
            name="name"
            label="Name (optional)"
            look="compact"
            maxLength={200}
            defaultValue={answer?.intent === "add" ? values.name : ""}
            error={answer?.intent === "add" ? errors.name : undefined}
          />
          <TextField
            id="add-tags"
            name="tags"
            label="Tags (optional, separated by commas)"
            look="compact"
            defaultValue={answer?.intent === "add" ? values.tags : ""}
            error={answer?.intent === "add" ? errors.tags : undefined}
          />
          <ConsentChoice prefix="add" answer={answer?.intent === "add" ? answer : undefined} canMail={canMail} />
          <div className="mt-2">
            <SubmitButton name="intent" value="add" busyText="Adding…">
              Add
            </SubmitButton>
          </div>
        </Form>
      </section>
    </>
  );
}

function DryRun({
  dry,
  answer,
  canMail,
}: {
  dry: NonNullable<ImportAnswer["dryRun"]>;
  answer?: ImportAnswer;
  canMail: boolean;
}) {
  const { summary } = dry;
  const select = (id: string, name: string, label: string, value: number | null, optional: boolean) => (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value === null ? "" : String(value)} className={compactInputClass}>
        {optional ? <option value="">None</option> : null}
        {dry.columns.map((c) => (
          <option key={c.index} value={c.index}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3">
      <h3 className="font-semibold">What would happen</h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="dry-run">
        <dt>New, added</dt>
        <dd data-count="new">{summary.new}</dd>
        <dt>Already on the list (left as they are)</dt>
        <dd data-count="existing">{summary.existing}</dd>
        <dt>Unsubscribed or refused before (never added back)</dt>
        <dd data-count="left">{summary.left}</dd>
        <dt>Not an e-mail address (skipped)</dt>
        <dd data-count="invalid">{summary.invalid}</dd>
        <dt>The same address again in the file (counted once)</dt>
        <dd data-count="repeated">{summary.repeated}</dd>
      </dl>
      {summary.invalidShown.length ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center underline">The skipped lines</summary>
          <ul className="list-disc pl-5 text-sm">
            {summary.invalidShown.map((p) => (
              <li key={p.line}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="font-medium">Which column is which (guessed from the first line)</legend>
        {select("map-email", "emailColumn", "E-mail", dry.map.email, false)}
        {select("map-name", "nameColumn", "Name", dry.map.name, true)}
        {select("map-tags", "tagsColumn", "Tags", dry.map.tags, true)}
      </fieldset>
      <textarea name="text" defaultValue={dry.text} hidden readOnly aria-hidden="true" />
      <ConsentChoice prefix="import" answer={answer} canMail={canMail} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="check" variant="secondary" busyText="Checking…">
          Check again with these columns
        </SubmitButton>
        <SubmitButton name="intent" value="import" busyText="Importing…">
          {`Import ${summary.new} new`}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The consent ground, per import or person: a confirmation e-mail (the default) or her note. */
function ConsentChoice({ prefix, answer, canMail }: { prefix: string; answer?: ImportAnswer; canMail: boolean }) {
  const ground = answer?.values.ground || (canMail ? "reconfirm" : "elsewhere");
  const note = `${prefix}-note`;
  return (
    <fieldset className="mt-2 grid gap-1" {...describedBy(`${prefix}-ground`, answer?.errors.ground)}>
      <legend className="font-medium">How did they agree to get your newsletter?</legend>
      <label className="flex min-h-11 items-start gap-2">
        <input type="radio" name="ground" value="reconfirm" defaultChecked={ground === "reconfirm"} className="mt-1" />
        <span>Ask them by e-mail: they get the newsletter once they confirm (safest).</span>
      </label>
      <label className="flex min-h-11 items-start gap-2">
        <input type="radio" name="ground" value="elsewhere" defaultChecked={ground === "elsewhere"} className="mt-1" />
        <span>They opted in elsewhere: I keep a note of where and when.</span>
      </label>
      <FieldError id={`${prefix}-ground`} message={answer?.errors.ground} look="compact" />
      <label htmlFor={note} className="mt-1 font-medium">
        Where and when they opted in (required for “elsewhere”; kept as the proof)
      </label>
      <textarea
        id={note}
        name="note"
        rows={2}
        maxLength={500}
        defaultValue={answer?.values.note ?? ""}
        className={compactInputClass}
        {...describedBy(note, answer?.errors.note)}
      />
      <FieldError id={note} message={answer?.errors.note} look="compact" />
    </fieldset>
  );
}
