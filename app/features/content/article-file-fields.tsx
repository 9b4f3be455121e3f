import { useState } from "react";
import { compactInputClass, describedBy, FieldError, FieldShell } from "~/ui/field";
import { Field, fieldMessage } from "./article-fields";
import { MAX_UPLOAD_BYTES } from "./article-form";

type Errors = Record<string, string>;

/**
 * A file chooser that says at once when a file is over the limit (before a 30 MB upload on a
 * phone connection), and shows the server's refusal otherwise.
 */
export function FileField({
  name,
  label,
  hint,
  accept,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  error?: string;
}) {
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const shown = tooLarge ?? error;
  const message = shown ? fieldMessage(label, shown) : undefined;
  return (
    <FieldShell id={name} label={label} hint={hint} error={message} look="compact">
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        {...describedBy(name, message, hint)}
        className={compactInputClass}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          const tooBig =
            file && file.size > MAX_UPLOAD_BYTES
              ? `"${file.name}" is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Choose a smaller file.`
              : null;
          input.setCustomValidity(tooBig ?? "");
          setTooLarge(tooBig);
        }}
      />
    </FieldShell>
  );
}

/**
 * The lead magnet: what the form promises and the PDF or link that delivers it. The welcome
 * e-mail after the visitor's confirmation click carries a download link of their own.
 */
export function MagnetFields({
  fields,
  errors,
  file,
}: {
  fields: Record<string, string>;
  errors?: Errors;
  file: { id: string; name: string; bytes: number } | null;
}) {
  const fileId = fields["magnet.fileId"];
  const problem = errors?.leadMagnet ?? errors?.["leadMagnet.fileId"] ?? errors?.["leadMagnet.url"];
  return (
    <fieldset className="grid gap-4 rounded-xl border border-navy/20 p-4" aria-describedby="magnet-hint">
      <legend className="px-1 font-semibold">What the visitor receives (optional)</legend>
      <p id="magnet-hint" className="text-sm text-ink/70">
        A PDF or a link handed out by the welcome e-mail after the visitor confirms their address. Each person gets a
        link of their own, which you can revoke below.
      </p>
      <Field
        name="magnet.label"
        label="What the visitor receives"
        value={fields["magnet.label"]}
        errors={errors}
        required={false}
        hint="Named under the sign-up form and in the e-mail, for example: The race-day checklist (PDF, one page)."
      />
      {fileId ? (
        <div className="grid gap-1">
          <p>
            PDF attached:{" "}
            <strong>
              {file && file.id === fileId ? `${file.name} (${Math.ceil(file.bytes / 1024)} KB)` : "new PDF"}
            </strong>
          </p>
          <input type="hidden" name="magnet.fileId" value={fileId} />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="magnet.remove" className="size-5" /> Remove this PDF
          </label>
        </div>
      ) : null}
      <FileField
        key={fileId ?? ""}
        name="magnetFile"
        label={fileId ? "Replace the PDF" : "Attach a PDF"}
        accept="application/pdf,.pdf"
        hint="Up to 20 MB."
        error={errors?.magnetFile}
      />
      <Field
        name="magnet.url"
        label="Or a link"
        value={fields["magnet.url"]}
        errors={errors}
        required={false}
        hint="A web address starting with https:// (a video or a shared document), instead of a PDF."
      />
      <FieldError id="magnet" message={problem && fieldMessage("What the visitor receives", problem)} look="compact" />
    </fieldset>
  );
}
