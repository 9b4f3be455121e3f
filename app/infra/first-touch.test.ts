import { describe, expect, it } from "vitest";
import {
  MAX_FIRST_TOUCH_COOKIE,
  carriedTouchOf,
  VIA_PARAM,
  cookieValue,
  firstTouchOf,
  firstTouchOfRequest,
  parseFirstTouch,
  serializeFirstTouch,
  sourceLabel,
} from "./first-touch";

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

  it("strips bidi and zero-width characters from every label, wherever the source came from", () => {
    const spoofed = "%E2%80%AEmoc.elgoog%E2%80%AC";
    const landed = firstTouchOf({
      url: new URL(`https://coach.example/?utm_source=${spoofed}&utm_campaign=spr%E2%80%8Bing`),
      referer: undefined,
      now,
    });
    expect(landed).toEqual({
      utmSource: "moc.elgoog",
      utmCampaign: "spring",
      landingPath: "/",
      firstSeen: "2026-11-22",
    });
    // A carried source (the via parameter) or a cookie is read back through the same rule.
    const carried = encodeURIComponent(`s=${spoofed}&m=e%E2%81%A6mail&p=/blog%E2%80%8F&d=2026-11-22`);
    expect(parseFirstTouch(carried)).toEqual({
      utmSource: "moc.elgoog",
      utmMedium: "email",
      landingPath: "/blog",
      firstSeen: "2026-11-22",
    });
    expect(sourceLabel({ utmSource: "\u202Emoc.elgoog", landingPath: "/", firstSeen: "2026-11-22" })).toBe(
      "moc.elgoog",
    );
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

  it("keeps the cookie under its cap when a campaign link carries long non-Latin values", () => {
    const long = "ランニング🏃".repeat(40);
    const url = new URL("https://coach.example/start");
    for (const p of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"])
      url.searchParams.set(p, long);
    const touch = firstTouchOf({ url, referer: "https://l.instagram.com/", now });
    const value = serializeFirstTouch(touch);
    expect(value.length).toBeLessThanOrEqual(MAX_FIRST_TOUCH_COOKIE);
    const back = parseFirstTouch(value);
    // Shortened, never dropped whole while it fits: the source still reads as the link's.
    expect(long.startsWith(back?.utmSource ?? "-")).toBe(true);
    expect(back?.utmSource?.length).toBeGreaterThan(0);
    expect(back).toMatchObject({ referrer: "l.instagram.com", landingPath: "/start", firstSeen: "2026-11-22" });
  });

  it("without a cookie, credits a submission with the site's page it was sent from", () => {
    const request = (referer?: string, cookie?: string) =>
      new Request("https://coach.example/api/intake", {
        method: "POST",
        headers: { ...(referer ? { referer } : {}), ...(cookie ? { cookie } : {}) },
      });
    expect(firstTouchOfRequest(request("https://coach.example/start?utm_source=instagram"), now)).toEqual({
      utmSource: "instagram",
      landingPath: "/start",
      firstSeen: "2026-11-22",
    });
    // Another site's page is no page of ours; no Referer, nothing to credit.
    expect(firstTouchOfRequest(request("https://elsewhere.example/start?utm_source=x"), now)).toBeNull();
    expect(firstTouchOfRequest(request(), now)).toBeNull();
    // A kept first touch (a visitor who accepted analytics) wins over the page.
    const kept = serializeFirstTouch({ utmSource: "newsletter", landingPath: "/blog", firstSeen: "2026-11-01" });
    expect(
      firstTouchOfRequest(request("https://coach.example/start?utm_source=instagram", `first_touch=${kept}`), now),
    ).toMatchObject({ utmSource: "newsletter", landingPath: "/blog" });
  });

  it("carries a landing's campaign or referring site on, and nothing for a visit from inside the site", () => {
    const get = (url: string, referer?: string) =>
      carriedTouchOf(new Request(url, { headers: referer ? { referer } : {} }), now);
    const landing = get("https://coach.example/?utm_source=facebook&utm_campaign=spring");
    expect(parseFirstTouch(landing)).toEqual({
      utmSource: "facebook",
      utmCampaign: "spring",
      landingPath: "/",
      firstSeen: "2026-11-22",
    });
    expect(parseFirstTouch(get("https://coach.example/blog", "https://www.google.com/"))).toMatchObject({
      referrer: "www.google.com",
      landingPath: "/blog",
    });
    // A page reached through a carrying link carries the same source on, whatever its own Referer says.
    const next = `https://coach.example/blog/x?${VIA_PARAM}=${encodeURIComponent(landing!)}`;
    expect(get(next, "https://coach.example/")).toBe(landing);
    expect(get("https://coach.example/blog", "https://coach.example/")).toBeNull();
    expect(get("https://coach.example/blog")).toBeNull();
    expect(get(`https://coach.example/blog?${VIA_PARAM}=not-ours`)).toBeNull();
  });

  it("without a cookie, credits a submission with the source its page's address carries on", () => {
    const via = serializeFirstTouch({
      utmSource: "facebook",
      utmCampaign: "spring",
      landingPath: "/",
      firstSeen: "2026-11-20",
    });
    const request = new Request("https://coach.example/api/intake", {
      method: "POST",
      headers: { referer: `https://coach.example/start?${VIA_PARAM}=${encodeURIComponent(via)}` },
    });
    expect(firstTouchOfRequest(request, now)).toEqual({
      utmSource: "facebook",
      utmCampaign: "spring",
      landingPath: "/",
      firstSeen: "2026-11-20",
    });
  });
});
