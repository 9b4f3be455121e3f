import { describe, expect, it } from "vitest";
import { normaliseEmail, subscribeSchema } from "./schema";

const base = { source: "footer", variant: "footer" };

describe("subscribeSchema", () => {
  it("accepts the three kinds of source", () => {
    for (const source of ["footer", "blog-overview", "/blog/optimize-running-cadence"]) {
      expect(subscribeSchema.safeParse({ ...base, source, email: "a@b.nl" }).success).toBe(true);
    }
    expect(subscribeSchema.safeParse({ ...base, source: "/pricing", email: "a@b.nl" }).success).toBe(false);
  });
  it("gives the site's own error for an empty address and a clear one for a malformed address", () => {
    const empty = subscribeSchema.safeParse({ ...base, email: "   " });
    expect(empty.error?.issues[0]?.message).toBe("Oops! Something went wrong. Please try again.");
    const bad = subscribeSchema.safeParse({ ...base, email: "anna@" });
    expect(bad.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
  it("uses the site's one e-mail rule: no formulas, no look-alikes, no control characters", () => {
    for (const email of ["=cmd|'/Ccalc'!A05@example.com", "me@pаypal.com", "a\u0000b@example.com"]) {
      const result = subscribeSchema.safeParse({ ...base, email });
      expect(result.error?.issues[0]?.message, email).toBe("Please enter a valid email address");
    }
    expect(subscribeSchema.safeParse({ ...base, email: "josé@exämple.de" }).success).toBe(true);
  });
  it("treats an empty service type as none and refuses odd ones", () => {
    expect(subscribeSchema.parse({ ...base, email: "a@b.nl", serviceType: "" }).serviceType).toBeUndefined();
    expect(subscribeSchema.safeParse({ ...base, email: "a@b.nl", serviceType: "DROP TABLE" }).success).toBe(false);
  });
  it("normalises addresses", () => {
    expect(normaliseEmail("  Anna@Example.COM ")).toBe("anna@example.com");
  });
});
