import PhoneInput, { type Country } from "react-phone-number-input";
import "react-phone-number-input/style.css";
import { inputClass } from "~/ui/field";

/**
 * libphonenumber's metadata is the biggest piece of the questionnaire, so this module is
 * loaded only when the contact step comes near (React.lazy in contact-fields.tsx).
 * Flags are shown as country codes: no flag images from a third-party CDN.
 */
function CountryCode({ country }: { country: Country }) {
  return <span className="text-xs font-semibold tracking-wide text-navy">{country}</span>;
}

export interface PhoneFieldInputProps {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

export default function PhoneFieldInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: PhoneFieldInputProps) {
  return (
    <PhoneInput
      id={id}
      name={name}
      value={value || undefined}
      onChange={(next) => onChange(next ?? "")}
      onBlur={onBlur}
      international
      countryCallingCodeEditable={false}
      defaultCountry="NL"
      autoComplete="tel"
      flagComponent={CountryCode}
      countrySelectProps={{ "aria-label": "Country of your phone number" }}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={`${inputClass} gap-2 focus-within:border-teal focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-coral-700 ${invalid ? "border-red-700 bg-red-50/40" : ""} [&_.PhoneInputCountryIcon]:h-auto [&_.PhoneInputCountryIcon]:w-auto [&_.PhoneInputCountryIcon--border]:bg-transparent [&_.PhoneInputCountryIcon--border]:shadow-none [&_.PhoneInputInput]:bg-transparent [&_.PhoneInputInput]:text-base [&_.PhoneInputInput]:outline-none`}
    />
  );
}
