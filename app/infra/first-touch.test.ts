import { describe, expect, it } from "vitest";
import { cookieValue, firstTouchOf, parseFirstTouch, serializeFirstTouch, sourceLabel } from "./first-touch";

const now = new Date("2026-11-22T10:00:00Z");

describe("first touch", () => {
  it("keeps UTM parameters, the referring host only, the landing path and the day", () => {
    const touch = firstTouchOf({
      url: new URL(
        "https://coach.example/blog/run-faster?utm_source=Instagram&utm_medium=social&utm_campaign=spring&x=1",
      ),
      referer: "https://l.instagram.com/some/path?with=query",
      now,
    });
    expect(touch).toEqual({
      utmSource: "Instagram",
      utmMedium: "social",
      utmCampaign: "spring",
      referrer: "l.instagram.com",
      landingPath: "/blog/run-faster",
      firstSeen: "2026-11-22",
    });
    expect(parseFirstTouch(serializeFirstTouch(touch))).toEqual(touch);
  });

  it("ignores the site's own pages as referrer and drops control characters", () => {
    const touch = firstTouchOf({
      url: new URL("https://coach.example/?utm_source=a%00b"),
      referer: "https://coach.example/pricing",
      now,
    });
    expect(touch).toEqual({ landingPath: "/", firstSeen: "2026-11-22" });
  });

  it("refuses cookies that are not ours", () => {
    expect(parseFirstTouch(null)).toBeNull();
    expect(parseFirstTouch("garbage")).toBeNull();
    expect(parseFirstTouch(encodeURIComponent("p=nopath&d=2026-11-22"))).toBeNull();
    expect(parseFirstTouch("%E0%A4%A")).toBeNull();
    expect(parseFirstTouch(encodeURIComponent("p=/&d=2026-11-22&r=evil.com/<script>"))).toEqual({
      landingPath: "/",
      firstSeen: "2026-11-22",
    });
  });

  it("reads the cookie from a Cookie header", () => {
    expect(cookieValue("a=1; first_touch=abc; b=2")).toBe("abc");
    expect(cookieValue("a=1")).toBeNull();
  });

  it("names sources for grouping", () => {
    expect(sourceLabel(null)).toBe("(unknown)");
    expect(sourceLabel({ landingPath: "/", firstSeen: "2026-11-22", utmSource: "Newsletter" })).toBe("newsletter");
    expect(sourceLabel({ landingPath: "/", firstSeen: "2026-11-22", referrer: "www.google.com" })).toBe("google.com");
    expect(sourceLabel({ landingPath: "/", firstSeen: "2026-11-22" })).toBe("direct");
  });
});
