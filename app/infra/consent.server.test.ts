import { describe, expect, it } from "vitest";
import { anonymiseAddress, captureConsent, consentPage, consentVersionFor } from "./consent.server";
import { currentConsent } from "#content/consent";

describe("anonymiseAddress", () => {
  it("keeps only the /24 of an IPv4 address, also when mapped into IPv6", () => {
    expect(anonymiseAddress("203.0.113.77")).toBe("203.0.113.0/24");
    expect(anonymiseAddress("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
  });
  it("keeps only the /48 of an IPv6 address in any spelling", () => {
    expect(anonymiseAddress("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd::/48");
    expect(anonymiseAddress("2001:DB8::1")).toBe("2001:db8:0::/48");
    expect(anonymiseAddress("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(anonymiseAddress("::1")).toBe("0:0:0::/48");
    expect(anonymiseAddress("64:ff9b::192.0.2.33")).toBe("64:ff9b:0::/48");
  });
  it("gives null for anything that is not an address", () => {
    for (const value of ["", "unknown", "300.1.1.1", "1.2.3", "2001:db8::g", null, undefined])
      expect(anonymiseAddress(value)).toBeNull();
  });
});

describe("consent text version and page", () => {
  it("accepts a claimed version of the same kind and falls back to today's text otherwise", () => {
    expect(consentVersionFor("newsletter", "newsletter-2026-11-23")).toBe("newsletter-2026-11-23");
    expect(consentVersionFor("newsletter", "intake-2026-11-23")).toBe("newsletter-2026-11-23");
    expect(consentVersionFor("event", "made-up")).toBe(currentConsent.event);
    expect(consentVersionFor("intake", "__proto__")).toBe("intake-2026-11-23");
  });
  it("keeps the path of the page and never its query", () => {
    const request = new Request("http://x/api", { headers: { referer: "https://coach.example/pricing?utm_source=x" } });
    expect(consentPage("/blog/post?token=secret", request)).toBe("/blog/post");
    expect(consentPage(undefined, request)).toBe("/pricing");
    expect(consentPage("javascript:alert(1)", new Request("http://x/api"))).toBeNull();
  });
  it("captures the network and a bounded user agent, never the address", () => {
    const request = new Request("http://x/api", { headers: { "user-agent": "A".repeat(2000) } });
    const capture = captureConsent(request, "203.0.113.77", { kind: "event", form: "event", page: "/nicaragua" });
    expect(capture).toMatchObject({ form: "event", page: "/nicaragua", network: "203.0.113.0/24" });
    expect(capture.userAgent).toHaveLength(512);
    expect(JSON.stringify(capture)).not.toContain("203.0.113.77");
  });
});
