import { describe, expect, it } from "vitest";
import { checkEventSignup, EVENT_LIMITS } from "./event-rules";
import { validateEventSignup } from "./event-schema";

/** Values at and around every rule's edge (bidi and zero-width characters too), for both fields. */
const edges = [
  undefined,
  "",
  " ",
  "\t\n",
  "a",
  " Ana ",
  "x".repeat(EVENT_LIMITS.phone),
  "x".repeat(EVENT_LIMITS.phone + 1),
  "x".repeat(EVENT_LIMITS.name),
  "x".repeat(EVENT_LIMITS.name + 1),
  `  ${"x".repeat(EVENT_LIMITS.name)}  `,
  "Ana\u0000",
  "Ana\u007f",
  "Ana\u0085",
  "+31 6 1234 5678",
  "(030) 123-45-67",
  "+",
  "++31612345678",
  "06-1234567a",
  "()- ",
  "1".repeat(EVENT_LIMITS.phone),
  "1".repeat(EVENT_LIMITS.phone + 1),
  "+1\u0007",
  "\u202A+31 6 1234 5678\u202C",
  "\u200B",
  "Ana\u202E",
  "1\u200D2",
];

describe("event signup rules in the browser", () => {
  it("give the server schema's verdict and first message for every pair of edge values", () => {
    for (const name of edges)
      for (const phone of edges) {
        expect(checkEventSignup({ name, phone }), JSON.stringify({ name, phone })).toEqual(
          validateEventSignup({ name, phone }),
        );
      }
  });
});

describe("event signup validation", () => {
  it("requires a trimmed name and phone with the site's messages", () => {
    expect(validateEventSignup({ name: "  ", phone: "" })).toEqual({
      name: "Name is required",
      phone: "Phone number is required",
    });
    expect(validateEventSignup({ name: undefined, phone: undefined })).toEqual({
      name: "Name is required",
      phone: "Phone number is required",
    });
    expect(validateEventSignup({ name: " Eva ", phone: " 8888 " })).toEqual({});
  });
});
