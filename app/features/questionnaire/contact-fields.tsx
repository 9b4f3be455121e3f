import { useEffect, useRef, useState, type ComponentType } from "react";
import type { PhoneFieldInputProps } from "./phone-input";
import { contactFieldLabels, contactPlaceholders } from "./questions";
import type { ContactField } from "./messages";
import { describedBy, errorId, FieldShell, inputClass, TextAreaField, TextField } from "~/ui/field";

/** The plain phone input: the field before the phone library has loaded, or when it cannot be loaded. */
function PlainPhoneInput({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  invalid,
  describedBy,
}: PhoneFieldInputProps & { onFocus?: () => void }) {
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
      onFocus={onFocus}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

type PhoneInputComponent = ComponentType<PhoneFieldInputProps>;
let phoneInput: PhoneInputComponent | undefined;
let phoneInputLoading: Promise<PhoneInputComponent | undefined> | undefined;

/**
 * Loads the phone library's input (libphonenumber's metadata is bigger than the rest of the
 * questionnaire), once; the questionnaire starts it when the step before the contact step is shown.
 * A failed load is tried again on the next call.
 */
export function preloadPhoneInput(): Promise<PhoneInputComponent | undefined> {
  phoneInputLoading ??= import("./phone-input").then(
    (module) => (phoneInput = module.default),
    () => {
      phoneInputLoading = undefined;
      return undefined;
    },
  );
  return phoneInputLoading;
}

/** The library keeps E.164 numbers only: it takes over an empty field or a whole international number. */
const libraryCanShow = (value: string) => value === "" || /^\+\d{4,17}$/.test(value);

/**
 * The phone field works at once: a plain phone input until the library has loaded, then the
 * library's input with its country list. Never swapped while the visitor is typing in it (the caret
 * would be lost), nor when the typed number is one the library could not show as it is; the server
 * accepts the plain input's numbers too.
 */
function PhoneField(props: PhoneFieldInputProps) {
  const [Library, setLibrary] = useState<PhoneInputComponent | undefined>(() => phoneInput);
  const [typing, setTyping] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    if (Library) return;
    let live = true;
    void preloadPhoneInput().then((loaded) => {
      if (live && loaded) setLibrary(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [Library]);
  if (Library && (shown.current || (!typing && libraryCanShow(props.value)))) {
    shown.current = true;
    return <Library {...props} />;
  }
  return (
    <PlainPhoneInput
      {...props}
      onFocus={() => setTyping(true)}
      onBlur={() => {
        setTyping(false);
        props.onBlur?.();
      }}
    />
  );
}

export type ContactValuesState = Record<ContactField, string>;

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
          <PhoneField
            id={id("phone")}
            value={interactive.values.phone}
            onChange={(value) => interactive.onChange("phone", value)}
            onBlur={() => interactive.onBlur("phone")}
            invalid={!!errors.phone}
            describedBy={errors.phone ? errorId(id("phone")) : undefined}
          />
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
