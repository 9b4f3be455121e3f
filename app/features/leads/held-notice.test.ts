import { describe, expect, it } from "vitest";
import { HELD_NOTICE_URGENT_DAYS, heldNotice, heldNoticeDay, type HeldCounts } from "./held-notice";

const DAY = 86_400_000;
const now = new Date("2026-11-28T07:00:00Z");
const options = { siteUrl: "https://coach.example/", retentionDays: 30, now };
const counts = (over: Partial<HeldCounts> = {}): HeldCounts => ({
  total: 3,
  realLooking: 2,
  newRealLooking: 1,
  oldestRealLookingAt: new Date(now.getTime() - 2 * DAY),
  ...over,
});

describe("heldNotice: the trainer's daily notice about held forms", () => {
  it("is null when nothing held looks real, however large a flood", () => {
    expect(heldNotice(counts({ total: 0, realLooking: 0, oldestRealLookingAt: null }), options)).toBeNull();
    expect(heldNotice(counts({ total: 4_900, realLooking: 0, oldestRealLookingAt: null }), options)).toBeNull();
  });

  it("counts the real-looking ones, the new ones, the flood apart, and links to the review page", () => {
    const notice = heldNotice(counts({ total: 101, realLooking: 2, newRealLooking: 1 }), options)!;
    expect(notice.url).toBe("https://coach.example/admin/held");
    expect(notice.subject).toBe("2 forms from possible clients held for your review");
    expect(notice.text).toContain("2 forms came in");
    expect(notice.text).toContain("(1 new since the last notice)");
    expect(notice.text).toContain("99 forms more look like a robot flood");
    expect(notice.text).toContain("in 28 days");
    expect(notice.text.endsWith(notice.url)).toBe(true);
  });

  it("speaks of one form in the singular, and leaves out what is zero", () => {
    const notice = heldNotice(counts({ total: 1, realLooking: 1, newRealLooking: 0 }), options)!;
    expect(notice.subject).toBe("1 form from possible clients held for your review");
    expect(notice.text).toContain("held it for you, and it looks like");
    expect(notice.text).not.toContain("new since");
    expect(notice.text).not.toContain("flood");
  });

  it(`says so in the subject from ${HELD_NOTICE_URGENT_DAYS} days before the oldest is deleted unreviewed`, () => {
    const at = (daysLeft: number) => new Date(now.getTime() - (30 - daysLeft) * DAY);
    expect(heldNotice(counts({ oldestRealLookingAt: at(HELD_NOTICE_URGENT_DAYS + 1) }), options)!.subject).not.toMatch(
      /^Deleted soon/,
    );
    const soon = heldNotice(counts({ oldestRealLookingAt: at(HELD_NOTICE_URGENT_DAYS) }), options)!;
    expect(soon.subject).toMatch(/^Deleted soon: /);
    expect(soon.text).toContain(`in ${HELD_NOTICE_URGENT_DAYS} days`);
    expect(heldNotice(counts({ oldestRealLookingAt: at(1) }), options)!.text).toContain("in 1 day.");
    expect(heldNotice(counts({ oldestRealLookingAt: at(0) }), options)!.text).toContain("deleted unreviewed today");
  });

  it("carries no name, address or number: only counts and the link", () => {
    const notice = heldNotice(counts(), options)!;
    expect(`${notice.subject} ${notice.text}`).not.toMatch(/@|\+31|\d{1,3}\.\d{1,3}\.\d{1,3}/);
  });
});

describe("heldNoticeDay", () => {
  it("belongs to the Amsterdam day from 08:00 on, and is none in the night before", () => {
    // 06:59 UTC in winter is 07:59 in Amsterdam; 07:00 UTC is 08:00.
    expect(heldNoticeDay(new Date("2026-12-03T06:59:00Z"))).toBeNull();
    expect(heldNoticeDay(new Date("2026-12-03T07:00:00Z"))).toBe("2026-12-03");
    // 22:30 UTC on the 3rd is 23:30 there, still the 3rd; 23:30 UTC is the 4th's night.
    expect(heldNoticeDay(new Date("2026-12-03T22:30:00Z"))).toBe("2026-12-03");
    expect(heldNoticeDay(new Date("2026-12-03T23:30:00Z"))).toBeNull();
    // Summer time: 06:00 UTC is 08:00.
    expect(heldNoticeDay(new Date("2026-07-01T06:00:00Z"))).toBe("2026-07-01");
  });
});
