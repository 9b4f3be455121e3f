import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";

/**
 * The form field pieces every lead form uses: a visible label, the control, and the
 * error text beneath it, tied together with aria-describedby and aria-invalid.
 */
export const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-ink/60 " +
  "border-navy/25 focus:border-teal aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40";

/** The smaller inputs and selects of the back office and its tools. */
export const compactInputClass = "mt-1 block w-full rounded-lg border border-navy/30 px-3 py-2";

export const errorId = (id: string) => `${id}-error`;

/**
 * Two looks: the public forms' roomy fields, and the back office's compact ones (a bigger label,
 * a smaller box, errors announced as they appear since those forms have no error summary).
 */
const looks = {
  public: {
    label: "block text-sm font-semibold text-navy",
    input: inputClass,
    error: "mt-1.5 text-sm font-medium text-red-700",
  },
  compact: {
    label: "block font-medium text-ink",
    input: `${compactInputClass} text-base focus:border-teal aria-[invalid=true]:border-red-700`,
    error: "mt-1 text-sm text-red-700",
  },
} as const;
export type FieldLook = keyof typeof looks;
/** A public field's error text, for the plain scripts that show a server's or their own message. */
export const fieldErrorClass = looks.public.error;

export function FieldError({ id, message, look = "public" }: { id: string; message?: string; look?: FieldLook }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} role={look === "compact" ? "alert" : undefined} className={looks[look].error}>
      {message}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  look?: FieldLook;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, hint, look = "public", children, className = "" }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={looks[look].label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink/75">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={id} message={error} look={look} />
    </div>
  );
}

export function describedBy(
  id: string,
  error?: string,
  hint?: string,
): { "aria-invalid"?: true; "aria-describedby"?: string } {
  const ids = [hint ? `${id}-hint` : null, error ? errorId(id) : null].filter(Boolean).join(" ");
  return { ...(error ? { "aria-invalid": true as const } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  /**
   * Given, never generated: the islands use this field, and an id from `useId` differs between
   * React's server HTML and Preact's browser render (docs/decisions/034-preact-islands.md). Unique
   * on the page: prefix it with the form's name where a form's fields could repeat.
   */
  id: string;
  label: string;
  error?: string;
  hint?: string;
  look?: FieldLook;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

export function TextField({ id, label, error, hint, look = "public", inputRef, className, ...input }: TextFieldProps) {
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      look={look}
      className={className ?? (look === "compact" ? "mb-4" : undefined)}
    >
      <input id={id} ref={inputRef} className={looks[look].input} {...describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  id: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
};

/** At least 120 px tall and 5 rows. */
export function TextAreaField({ id, label, error, inputRef, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <textarea
        id={id}
        ref={inputRef}
        rows={5}
        className={`${inputClass} min-h-[120px] resize-y`}
        {...describedBy(id, error)}
        {...textarea}
      />
    </FieldShell>
  );
}

// Its own module, so a form can have the honeypot without the field pieces (islands count their bytes).
export { Honeypot } from "./honeypot";
