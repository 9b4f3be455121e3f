import { lazy, Suspense } from "react";
import type { PhoneFieldInputProps } from "./phone-input";
import { contactFieldLabels, contactPlaceholders } from "./questions";
import type { ContactField } from "./schema";
import { describedBy, errorId, FieldShell, inputClass, TextAreaField, TextField } from "~/ui/field";

/** If the phone library cannot be loaded (flaky connection), a plain phone input still works. */
function PlainPhoneInput({ id, value, onChange, onBlur, invalid, describedBy }: PhoneFieldInputProps) {
  return (
    <input
      id={id}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="+31 6 12345678"
      className={inputClass}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

const PhoneFieldInput = lazy(() => import("./phone-input").catch(() => ({ default: PlainPhoneInput })));

/** Starts loading the phone input before the visitor reaches the contact step. */
export function preloadPhoneInput(): void {
  void import("./phone-input");
}

export type ContactValuesState = Record<ContactField, string>;
export const emptyContact: ContactValuesState = { firstName: "", lastName: "", email: "", phone: "", message: "" };

/** Names of the posted form fields. */
const postNames: Record<ContactField, string> = {
  firstName: "first-name",
  lastName: "last-name",
  email: "email",
  phone: "phone",
  message: "message",
};

interface ContactFieldsProps {
  idPrefix: string;
  errors: Partial<Record<ContactField, string>>;
  /** Interactive (step flow): controlled values. Without it the fields are plain posted inputs. */
  interactive?: {
    values: ContactValuesState;
    onChange: (field: ContactField, value: string) => void;
    onBlur: (field: ContactField) => void;
    registerRef: (field: ContactField, element: HTMLElement | null) => void;
  };
  /** Defaults for the plain form (values the server echoes back after a failed post). */
  defaults?: Partial<Record<ContactField, string>>;
}

/** The contact form block: names, e-mail, phone and a message box. */
export function ContactFields({ idPrefix, errors, interactive, defaults = {} }: ContactFieldsProps) {
  const id = (field: ContactField) => `${idPrefix}-${postNames[field]}`;
  const bind = (field: ContactField) =>
    interactive
      ? {
          value: interactive.values[field],
          onChange: (e: { target: { value: string } }) => interactive.onChange(field, e.target.value),
          onBlur: () => interactive.onBlur(field),
        }
      : { name: postNames[field], defaultValue: defaults[field] ?? "" };
  const ref = (field: ContactField) =>
    interactive ? (el: HTMLElement | null) => interactive.registerRef(field, el) : undefined;

  const plainPhone = (
    <input
      id={id("phone")}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder="+31 6 12345678"
      className={inputClass}
      {...describedBy(id("phone"), errors.phone)}
      {...bind("phone")}
      ref={ref("phone")}
    />
  );

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id={id("firstName")}
        type="text"
        label={contactFieldLabels.firstName}
        placeholder={contactPlaceholders.firstName}
        autoComplete="given-name"
        error={errors.firstName}
        inputRef={ref("firstName")}
        {...bind("firstName")}
      />
      <TextField
        id={id("lastName")}
        type="text"
        label={contactFieldLabels.lastName}
        placeholder={contactPlaceholders.lastName}
        autoComplete="family-name"
        error={errors.lastName}
        inputRef={ref("lastName")}
        {...bind("lastName")}
      />
      <TextField
        id={id("email")}
        type="email"
        label={contactFieldLabels.email}
        placeholder={contactPlaceholders.email}
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        inputRef={ref("email")}
        {...bind("email")}
      />
      <FieldShell id={id("phone")} label={contactFieldLabels.phone} error={errors.phone}>
        {interactive ? (
          <Suspense
            fallback={
              // Typing into a stand-in that is then swapped would lose the caret: wait the moment it takes.
              <input id={id("phone")} type="tel" disabled aria-busy="true" placeholder="+31" className={inputClass} />
            }
          >
            <PhoneFieldInput
              id={id("phone")}
              value={interactive.values.phone}
              onChange={(value) => interactive.onChange("phone", value)}
              onBlur={() => interactive.onBlur("phone")}
              invalid={!!errors.phone}
              describedBy={errors.phone ? errorId(id("phone")) : undefined}
            />
          </Suspense>
        ) : (
          plainPhone
        )}
      </FieldShell>
      <TextAreaField
        id={id("message")}
        label={contactFieldLabels.message}
        placeholder={contactPlaceholders.message}
        error={errors.message}
        inputRef={ref("message")}
        className="sm:col-span-2"
        {...bind("message")}
      />
    </div>
  );
}
