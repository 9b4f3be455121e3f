import { CONTROL_CHARACTER_MESSAGE } from "~/infra/control-characters";

/**
 * The questionnaire's validation messages, the same in the browser (contact-rules.ts) and on the
 * server (schema.ts). A module of their own, so the island's first chunk has them without the rules.
 */
export const MESSAGES = {
  required: "This field is required",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  tooLong: (n: number) => `Please keep this under ${n} characters`,
  controlCharacters: CONTROL_CHARACTER_MESSAGE,
} as const;

export type ContactField = "firstName" | "lastName" | "email" | "phone" | "message";
export type ContactValues = Record<ContactField, string>;
/** The contact fields in the order they are shown (the first one with an error gets the focus). */
export const CONTACT_FIELDS: ContactField[] = ["firstName", "lastName", "email", "phone", "message"];
export const emptyContact: ContactValues = { firstName: "", lastName: "", email: "", phone: "", message: "" };
