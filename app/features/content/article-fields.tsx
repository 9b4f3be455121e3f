import { useMemo, useState } from "react";
import { compactInputClass, describedBy, FieldShell } from "~/ui/field";
import { FIELD_LABELS, slugFromTitle, uniqueSlug } from "./article-form";

/**
 * The article editor's fields: the back office's compact field (a label, an optional hint, the
 * input and the server's message under it, tied together for screen readers). Uncontrolled, so the
 * form works before and without scripts.
 */
type Errors = Record<string, string>;

const inputClass = `${compactInputClass} text-base focus:border-teal aria-[invalid=true]:border-red-700`;

/** The form field's name → the key of its message (the store's path for the sign-up form's texts). */
const errorKeyOf = (name: string) => name.replace(/^lead\./, "leadFormContent.");

/** A rule's short message reads after the field's name ("Title is required."); an upload's is a whole sentence. */
export const fieldMessage = (label: string, error: string) => (/^[A-Z"]/.test(error) ? error : `${label} ${error}.`);

export function Field({
  name,
  label,
  value,
  errors,
  hint,
  multiline,
  required = true,
  type = "text",
  onValueChange,
}: {
  name: string;
  label: string;
  value?: string;
  errors?: Errors;
  hint?: string;
  multiline?: number;
  required?: boolean;
  type?: "text" | "date";
  /** Told each change as she types (the field stays uncontrolled). */
  onValueChange?: (value: string) => void;
}) {
  const errorKey = errorKeyOf(name);
  const error = errors?.[errorKey];
  const message = error ? fieldMessage(FIELD_LABELS[errorKey] ?? label, error) : undefined;
  const common = {
    id: name,
    name,
    defaultValue: value ?? "",
    required,
    ...describedBy(name, message, hint),
    className: inputClass,
    onChange: onValueChange
      ? (event: { currentTarget: { value: string } }) => onValueChange(event.currentTarget.value)
      : undefined,
  };
  return (
    <FieldShell id={name} label={required ? label : `${label} (optional)`} error={message} hint={hint} look="compact">
      {multiline ? <textarea rows={multiline} {...common} /> : <input type={type} {...common} />}
    </FieldShell>
  );
}

/**
 * The title and the web address made from it. While the address of a new article has not been
 * typed by hand it follows the title as she types (unique among the articles' addresses, old ones
 * included); once she edits it, it is hers. Without scripts the address may stay empty: the server
 * makes it from the title on saving.
 */
export function TitleAndSlugFields({
  title,
  slug,
  errors,
  isNew,
  taken,
}: {
  title?: string;
  slug?: string;
  errors?: Errors;
  /** A new article's address follows its title; an existing one keeps its address. */
  isNew: boolean;
  /** Addresses other articles use (and former ones that still redirect). */
  taken: readonly string[];
}) {
  const takenSet = useMemo(() => new Set(taken), [taken]);
  const suggest = (from: string) => {
    const base = slugFromTitle(from);
    return base ? uniqueSlug(base, takenSet) : "";
  };
  const [address, setAddress] = useState(slug ?? "");
  // A new article's address follows the title until she types one of her own.
  const [follows, setFollows] = useState(isNew && (!slug || slug === suggest(title ?? "")));
  const slugError = errors?.slug;
  const slugDescribedBy = ["slug-hint", "slug-address", slugError ? "slug-error" : null].filter(Boolean).join(" ");
  return (
    <>
      <Field
        name="title"
        label="Title"
        value={title}
        errors={errors}
        onValueChange={(typed) => {
          if (follows) setAddress(suggest(typed));
        }}
      />
      <FieldShell
        id="slug"
        label="Web address"
        look="compact"
        error={slugError && fieldMessage("Web address", slugError)}
        hint={
          isNew
            ? "Made from the title as you type; change it if you like. Left empty, it is made from the title when you save."
            : "Changing it keeps the old address working: visitors and search engines are sent on to the new one."
        }
      >
        <input
          id="slug"
          name="slug"
          type="text"
          inputMode="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={address}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setAddress(typed);
            // Emptied, it follows the title again.
            setFollows(isNew && typed.trim() === "");
          }}
          aria-invalid={slugError ? true : undefined}
          aria-describedby={slugDescribedBy}
          className={inputClass}
        />
        <p id="slug-address" className="text-sm break-all text-ink/80" aria-live="polite">
          {address ? (
            <>
              The article&apos;s address: <span className="font-medium">/blog/{address}</span>
            </>
          ) : (
            "The article's address is made from the title."
          )}
        </p>
      </FieldShell>
    </>
  );
}
