import "~/infra/zod-config";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/infra/control-characters";
import { isValidEmail } from "~/infra/email-address";

/** The site's control-character rule for every back-office text field (passwords included). */
const clean = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => hasNoControlCharacters(v), CONTROL_CHARACTER_MESSAGE);

/** The site's one e-mail rule, with the back office's wording. */
const email = clean(z.string().trim().min(1, "Enter your e-mail address")).refine(
  isValidEmail,
  "Enter a valid e-mail address",
);

/** One schema per back-office form, used by the page (messages) and by the action (re-validation). */
export const signInSchema = z.object({
  email,
  password: clean(z.string().min(1, "Enter your password").max(128, "That password is too long")),
});

export const codeSchema = z.object({
  method: z.enum(["totp", "backup"]).default("totp"),
  code: clean(z.string().trim().min(1, "Enter the code")),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")),
});

export const passwordOnlySchema = z.object({ password: clean(z.string().min(1, "Enter your password")) });

export const newPasswordSchema = clean(
  z.string().min(12, "Use at least 12 characters").max(128, "Use at most 128 characters"),
);

export const changePasswordSchema = z
  .object({
    currentPassword: clean(z.string().min(1, "Enter your current password")),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords are not the same",
  });

export const resetPasswordSchema = z
  .object({ token: clean(z.string().min(1)), newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords are not the same",
  });

export const forgotPasswordSchema = z.object({ email });

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
