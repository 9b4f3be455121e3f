import { describe, expect, it } from "vitest";
import { contactSchema, flattenIssues, fromFormPost, intakeSubmissionSchema, validateContact } from "./schema";

const contact = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  phone: "+31 6 12345678",
  message: "",
};

describe("contact validation", () => {
  it("accepts a complete contact and trims it", () => {
    const result = contactSchema.parse({ ...contact, firstName: "  Anna ", message: undefined });
    expect(result).toEqual({ ...contact, firstName: "Anna", message: "" });
  });

  it("requires first name, last name, email and phone", () => {
    const result = validateContact({ firstName: " ", lastName: "", email: undefined, phone: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: "This field is required",
        lastName: "This field is required",
        email: "This field is required",
        phone: "This field is required",
      },
    });
  });

  it.each(["anna", "anna@", "anna@example", "an na@example.nl", "@example.nl", "anna@example."])(
    "rejects the e-mail %s",
    (email) => {
      expect(validateContact({ ...contact, email })).toEqual({
        ok: false,
        errors: { email: "Please enter a valid email address" },
      });
    },
  );

  it.each(["+31612345678", "06-1234 5678", "(020) 123 4567", "+1 (555) 010-9999"])("accepts the phone %s", (phone) => {
    expect(validateContact({ ...contact, phone }).ok).toBe(true);
  });

  it.each(["call me", "+31 6 1234x5678", "++31612345678", "+3", "+1234567890123456789"])(
    "rejects the phone %s",
    (phone) => {
      expect(validateContact({ ...contact, phone })).toEqual({
        ok: false,
        errors: { phone: "Please enter a valid phone number" },
      });
    },
  );

  it("keeps the message optional but bounded", () => {
    expect(validateContact({ ...contact, message: "x".repeat(2001) })).toEqual({
      ok: false,
      errors: { message: "Please keep this under 2000 characters" },
    });
  });
});

describe("submission", () => {
  const base = { contact, idempotencyKey: "0b6f8a34-6f0e-4a53-9d2c-1e2f3a4b5c6d" };

  it("stores q1..q5 for a competition", () => {
    const parsed = intakeSubmissionSchema.parse({
      ...base,
      answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
    });
    expect(parsed.answers).toEqual({ q1: "competition", q2: "triathlon", q3: "distance", q4: "female", q5: "31+" });
  });

  it("drops a stale question 3 answer outside competitions", () => {
    const parsed = intakeSubmissionSchema.parse({
      ...base,
      answers: { 1: "getting-fit", 2: "moderately", 3: "distance", 4: "male", 5: "18-24" },
    });
    expect(parsed.answers).toEqual({ q1: "getting-fit", q2: "moderately", q4: "male", q5: "18-24" });
  });

  it("requires question 2 to fit question 1", () => {
    const result = intakeSubmissionSchema.safeParse({
      ...base,
      answers: { 1: "competition", 2: "moderately", 4: "male", 5: "18-24" },
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(flattenIssues(result.error)).toEqual({
        "answers.2": "This field is required",
        "answers.3": "This field is required",
      });
  });

  it("reports missing and unknown answers with the required message", () => {
    const result = intakeSubmissionSchema.safeParse({ ...base, answers: { 1: "yoga", 4: "", 5: "99+" } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(flattenIssues(result.error)).toMatchObject({
        "answers.1": "This field is required",
        "answers.4": "This field is required",
        "answers.5": "This field is required",
      });
    }
  });

  it("refuses a goal no option offers", () => {
    const parsed = intakeSubmissionSchema.safeParse({ ...base, answers: { 1: "pregnancy", 4: "female", 5: "25-30" } });
    expect(parsed.success).toBe(false);
  });
});

describe("form post mapping", () => {
  it("maps the plain form's post fields onto the submission", () => {
    const form = new URLSearchParams({
      "form-name": "fitness-form",
      "service-type": "competition",
      "sports-event": "running",
      "sports-goal": "time-pace",
      gender: "male",
      "age-range": "25-30",
      "first-name": "Bram",
      "last-name": "Jansen",
      email: "bram@example.nl",
      phone: "+31 6 11111111",
      message: "Marathon in October",
      goals: "Sub 3:30",
      website: "",
    });
    const parsed = intakeSubmissionSchema.parse(fromFormPost(form));
    expect(parsed.answers).toEqual({ q1: "competition", q2: "running", q3: "time-pace", q4: "male", q5: "25-30" });
    expect(parsed.contact).toEqual({
      firstName: "Bram",
      lastName: "Jansen",
      email: "bram@example.nl",
      phone: "+31 6 11111111",
      message: "Marathon in October\n\nSub 3:30",
    });
    expect(parsed.idempotencyKey).toBeUndefined();
  });
});
