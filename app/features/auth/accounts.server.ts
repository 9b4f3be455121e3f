import "~/infra/zod-config";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { hasNoControlCharacters } from "~/infra/control-characters";
import { isValidEmail } from "~/infra/email-address";
import type { BackOfficeAuth } from "./auth.server";

export const accountInputSchema = z.object({
  email: z
    .string()
    .trim()
    .refine(isValidEmail, "Enter a valid e-mail address")
    .transform((v) => v.toLowerCase()),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine(hasNoControlCharacters, "Remove control characters")
    .default("Trainer"),
  password: z
    .string()
    .min(12, "The password needs at least 12 characters")
    .max(128)
    .refine(hasNoControlCharacters, "Remove control characters")
    .optional(),
});
export type AccountInput = z.input<typeof accountInputSchema>;

export class AccountExistsError extends Error {}

/** A random password that is easy to type once: 4 groups of 5 letters and digits. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return chars.match(/.{5}/g)?.join("-") ?? chars;
}

/**
 * Creates a trainer account with an e-mail/password credential. There is no public sign-up;
 * this is the only way in (from `npm run admin:create` or its signed HTTP request).
 */
export async function createTrainerAccount(
  auth: BackOfficeAuth,
  input: AccountInput,
): Promise<{ id: string; email: string; password: string; generated: boolean }> {
  const parsed = accountInputSchema.parse(input);
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(parsed.email))
    throw new AccountExistsError(`An account for ${parsed.email} already exists.`);
  const password = parsed.password ?? oneTimePassword();
  const hash = await ctx.password.hash(password);
  const user = await ctx.internalAdapter.createUser(
    { email: parsed.email, name: parsed.name, emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id, email: parsed.email, password, generated: !parsed.password };
}
