import { describe, expect, it } from "vitest";
import { validateContact } from "./contact-rules";
import { contactSchema } from "./schema";

/**
 * The island checks the contact step with hand-written rules (no zod in the browser); the server
 * checks every submission with its zod schema. For any input both must agree: the same verdict, the
 * same cleaned values, and the same first message for each field.
 */
function serverVerdict(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true as const, values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false as const, errors };
}

const good = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  phone: "+31 6 12345678",
  message: "",
};

/**
 * Values that touch every rule: empty, blank, lengths at and over each limit, control characters, bidi
 * and zero-width characters, odd numbers.
 */
const samples: Record<keyof typeof good, unknown[]> = {
  firstName: [
    undefined,
    null,
    "",
    "   ",
    "Anna",
    " Anna ",
    "x".repeat(100),
    "x".repeat(101),
    ` ${"x".repeat(100)} `,
    "An\u0000na",
    "Jo\nhn",
    "Zoë",
    "李",
    "Anna\u202E",
    "\u200B",
  ],
  lastName: ["de Vries", "", "\t", "y".repeat(101), "O'Neil", "van\u007fDijk", "\u200D", "Vries\u2069"],
  email: [
    "anna@example.nl",
    "",
    "anna",
    "anna@example",
    " anna@example.nl ",
    "josé@exämple.de",
    "=cmd@example.com",
    "a\u0430nna@example.com",
    `${"a".repeat(245)}@example.nl`,
    `${"a".repeat(250)}@example.nl`,
    "an\u0001na@example.nl",
    "\u200Eanna@example.nl",
  ],
  phone: [
    "+31 6 12345678",
    "",
    "0612345678",
    "call me",
    "+3",
    "++31612345678",
    "(020) 123 4567",
    "+1234567890123456789",
    "1234",
    "123",
    " +31612345678 ",
    "9".repeat(41),
    "+31\n612345678",
    "\u202A+31 6 12345678\u202C",
  ],
  message: [
    "",
    undefined,
    "Line one\nLine two\r\n\tindented",
    "m".repeat(2000),
    "m".repeat(2001),
    "bell\u0007",
    "  padded  ",
    "hi \u{1F468}\u200D\u{1F469} \u2067x\u2069",
  ],
};

describe("the browser's contact rules agree with the server's schema", () => {
  for (const [field, values] of Object.entries(samples)) {
    for (const value of values) {
      it(`${field} = ${JSON.stringify(value)?.slice(0, 40)}`, () => {
        const input = { ...good, [field]: value };
        expect(validateContact(input)).toEqual(serverVerdict(input));
      });
    }
  }

  it("agrees on random mixes of good and bad values in every field", () => {
    let seed = 21;
    const pick = <T>(list: T[]) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return list[seed % list.length];
    };
    for (let run = 0; run < 500; run += 1) {
      const input = Object.fromEntries(Object.entries(samples).map(([field, values]) => [field, pick(values)]));
      expect(validateContact(input), JSON.stringify(input)).toEqual(serverVerdict(input));
    }
  });
});
