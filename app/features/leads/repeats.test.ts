import { describe, expect, it } from "vitest";
import { phoneKey, phoneTail, repeatsOf, samePerson, type Submission } from "./repeats";

const sent = (id: string, createdAt: string, over: Partial<Submission> = {}): Submission => ({
  id,
  email: null,
  phone: null,
  createdAt,
  ...over,
});

describe("phone numbers compared in E.164 form", () => {
  it("makes a Dutch national number and its international forms one number", () => {
    expect(phoneKey("06 1234 5678")).toBe("31612345678");
    expect(phoneKey("+31 6 1234 5678")).toBe("31612345678");
    expect(phoneKey("0031 (6) 12-34-56-78")).toBe("31612345678");
  });

  it("gives the database the same nine-digit tail for each form, and none for a stub", () => {
    expect(phoneTail("06 1234 5678")).toBe("612345678");
    expect(phoneTail("+31 6 1234 5678")).toBe("612345678");
    expect(phoneTail("1234")).toBeNull();
    expect(phoneTail(null)).toBeNull();
  });
});

describe("samePerson", () => {
  it("matches the same e-mail in any case and with spaces around it", () => {
    expect(samePerson({ email: "Anna@Example.com ", phone: null }, { email: "anna@example.com", phone: null })).toBe(
      true,
    );
  });

  it("matches the same phone typed as a national and as an international number", () => {
    expect(samePerson({ email: "a@x.nl", phone: "06 1234 5678" }, { email: "b@y.nl", phone: "+31 6 1234 5678" })).toBe(
      true,
    );
  });

  it("does not match the same local digits in another country, or people who gave nothing alike", () => {
    expect(samePerson({ email: null, phone: "+32 6 1234 5678" }, { email: null, phone: "+31 6 1234 5678" })).toBe(
      false,
    );
    expect(samePerson({ email: "a@x.nl", phone: null }, { email: "b@x.nl", phone: null })).toBe(false);
    expect(samePerson({ email: null, phone: null }, { email: null, phone: null })).toBe(false);
    expect(samePerson({ email: "", phone: "" }, { email: "", phone: "" })).toBe(false);
  });
});

describe("repeatsOf", () => {
  const first = sent("a", "2026-11-20T10:00:00.000Z", { email: "anna@example.com", phone: "06 1234 5678" });
  const again = sent("b", "2026-11-24T09:00:00.000Z", { email: "anna.w@example.com", phone: "+31 6 1234 5678" });
  const other = sent("c", "2026-11-22T09:00:00.000Z", { email: "bo@example.com", phone: "06 9999 0000" });

  it("splits the same person's other submissions into earlier and later ones, leaving others and itself out", () => {
    expect(repeatsOf(first, [first, again, other])).toEqual({
      earlier: [],
      later: [{ id: "b", createdAt: again.createdAt }],
    });
    expect(repeatsOf(again, [first, again, other])).toEqual({
      earlier: [{ id: "a", createdAt: first.createdAt }],
      later: [],
    });
    expect(repeatsOf(other, [first, again, other])).toEqual({ earlier: [], later: [] });
  });
});
