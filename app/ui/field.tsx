import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/infra/form-fields";

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

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, children, className = "" }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy">
        {label}
      </label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}

export function describedBy(id: string, error?: string): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return error ? { "aria-invalid": true, "aria-describedby": errorId(id) } : {};
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

export function TextField({ id, label, error, inputRef, className, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <input id={id} ref={inputRef} className={inputClass} {...describedBy(id, error)} {...input} />
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

/** At least 120 px tall and 5 rows (SPEC.md sections 2 and 9). */
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

/** Hidden from people and assistive technology; bots that fill every field trip it. */
export function Honeypot({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          {...(onChange ? { value: value ?? "", onChange: (e) => onChange(e.target.value) } : { defaultValue: "" })}
        />
      </label>
    </div>
  );
}
