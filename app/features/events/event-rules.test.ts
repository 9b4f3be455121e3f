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

/** E-mail addresses at and around the optional field's edges. */
const emailEdges = [
  ...edges,
  "eva@example.com",
  " eva@example.com ",
  "eva@example",
  "eva@@example.com",
  "eva@example.com\u0000",
  "\u200Beva@example.com",
  `${"e".repeat(64)}@${"d".repeat(63)}.${"x".repeat(63)}.${"y".repeat(61)}.com`,
  `${"e".repeat(64)}@${"d".repeat(63)}.${"x".repeat(63)}.${"y".repeat(63)}.com`,
];

describe("event signup rules in the browser", () => {
  it("give the server schema's verdict and first message for every e-mail edge value", () => {
    for (const email of emailEdges)
      for (const [name, phone] of [
        ["Ana", "+31 6 1234 5678"],
        ["", ""],
      ])
        expect(checkEventSignup({ name, phone, email }), JSON.stringify(email)).toEqual(
          validateEventSignup({ name, phone, email }),
        );
  });
});

describe("event signup validation", () => {
  it("takes no e-mail address, or a valid one, and refuses anything else with its message", () => {
    const ok = { name: "Eva", phone: "8888" };
    expect(validateEventSignup(ok)).toEqual({});
    expect(validateEventSignup({ ...ok, email: "  " })).toEqual({});
    expect(validateEventSignup({ ...ok, email: " eva@example.com " })).toEqual({});
    expect(validateEventSignup({ ...ok, email: "eva@example" })).toEqual({
      email: "Please enter a valid email address, or leave it empty",
    });
    expect(validateEventSignup({ ...ok, email: "x".repeat(255) })).toEqual({
      email: "Please keep this under 254 characters",
    });
  });

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
