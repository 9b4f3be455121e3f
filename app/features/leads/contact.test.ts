import { describe, expect, it } from "vitest";
import { contactLinks, eventSignupLinks, internationalNumber, whatsAppGreeting } from "./contact";

describe("internationalNumber", () => {
  it("reads a Dutch national number as +31", () => {
    expect(internationalNumber("06 1234 5678")).toBe("31612345678");
  });
  it("keeps a country code given with + or 00", () => {
    expect(internationalNumber("+31 6 1234 5678")).toBe("31612345678");
    expect(internationalNumber("0049 151 2345 6789")).toBe("4915123456789");
    expect(internationalNumber("+1 (415) 555-0100")).toBe("14155550100");
  });
  it("refuses what cannot be a phone number", () => {
    expect(internationalNumber("")).toBeNull();
    expect(internationalNumber(null)).toBeNull();
    expect(internationalNumber("12345")).toBeNull();
    expect(internationalNumber("+1234567890123456")).toBeNull();
  });
});

describe("contactLinks", () => {
  it("builds wa.me, tel: and mailto: links with the greeting naming the lead and goal", () => {
    const links = contactLinks({
      firstName: "Anouk",
      goal: "losing weight",
      phone: "06-12345678",
      email: "a@example.com",
    });
    const wa = new URL(links.whatsapp ?? "");
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/31612345678");
    expect(wa.searchParams.get("text")).toBe(whatsAppGreeting("Anouk", "losing weight"));
    expect(wa.searchParams.get("text")).toContain("Anouk");
    expect(wa.searchParams.get("text")).toContain("losing weight");
    expect(links.call).toBe("tel:+31612345678");
    expect(links.email).toBe("mailto:a@example.com");
  });
  it("leaves out the channels the lead gave nothing for", () => {
    expect(contactLinks({ firstName: "Bo", goal: null, phone: null, email: null })).toEqual({
      whatsapp: null,
      call: null,
      email: null,
    });
  });
  it("greets without a goal when none was given, with no placeholder left", () => {
    const text = whatsAppGreeting("Bo", null);
    expect(text).toContain("Bo");
    expect(text).not.toMatch(/[{}]/);
  });
});

describe("eventSignupLinks", () => {
  const event = { title: "Beach workout", date: "Sunday May 18" };

  it("calls and messages the number as typed at the event, the message naming the person and the event", () => {
    const links = eventSignupLinks({ name: "Anna de Vries", phone: "06 1234 5678" }, event);
    expect(links.call).toBe("tel:+31612345678");
    const wa = new URL(links.whatsapp ?? "");
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/31612345678");
    expect(wa.searchParams.get("text")).toMatch(/^Hi Anna\b/);
    expect(wa.searchParams.get("text")).toContain("Beach workout");
    expect(wa.searchParams.get("text")).toContain("Sunday May 18");
  });

  it("tells someone moved up from the waiting list that the place is theirs, with nothing left to fill in", () => {
    const plain = eventSignupLinks({ name: "Anna", phone: "06 1234 5678" }, event);
    const moved = eventSignupLinks({ name: "Anna", phone: "06 1234 5678" }, event, true);
    const text = new URL(moved.whatsapp ?? "").searchParams.get("text") ?? "";
    expect(text).not.toBe(new URL(plain.whatsapp ?? "").searchParams.get("text"));
    expect(text).toContain("Beach workout");
    expect(text).not.toMatch(/[{}]/);
  });

  it("offers nothing for a number that cannot be reached", () => {
    expect(eventSignupLinks({ name: "Bo", phone: "123" }, event)).toEqual({ whatsapp: null, call: null });
  });
});
