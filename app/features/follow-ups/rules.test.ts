import { describe, expect, it } from "vitest";
import {
  afterQuietHours,
  callReminders,
  checkWelcomeDays,
  welcomeSeriesTimes,
  WELCOME_DAY_RANGE,
  eventReminderTime,
  fillTemplate,
  lawfulGroundRefusal,
  markdownText,
  nudgeTime,
  safeLink,
  sendTime,
  timeLabel,
  visitorTimeZone,
} from "./rules";

const at = (iso: string) => new Date(iso);

describe("quiet hours (21:00 to 08:00 in Amsterdam)", () => {
  it("leaves a time in the day alone and moves an evening or night one to the next 08:00", () => {
    expect(afterQuietHours(at("2026-11-28T19:59:00Z"))).toEqual(at("2026-11-28T19:59:00Z")); // 20:59 CET
    expect(afterQuietHours(at("2026-11-28T20:00:00Z"))).toEqual(at("2026-11-29T07:00:00Z")); // 21:00 CET
    expect(afterQuietHours(at("2026-11-28T22:00:00Z"))).toEqual(at("2026-11-29T07:00:00Z")); // 23:00 CET
    expect(afterQuietHours(at("2026-11-29T06:59:00Z"))).toEqual(at("2026-11-29T07:00:00Z")); // 07:59 CET
    expect(afterQuietHours(at("2026-11-29T07:00:00Z"))).toEqual(at("2026-11-29T07:00:00Z")); // 08:00 CET
  });

  it("takes the offset of the morning it moves to across the clock changes", () => {
    // Spring forward: Saturday 28 March 2026 23:00 CET → Sunday 29 March 08:00 CEST (06:00 UTC).
    expect(afterQuietHours(at("2026-03-28T22:00:00Z"))).toEqual(at("2026-03-29T06:00:00Z"));
    // 02:30 UTC on the change night is 04:30 CEST: the same morning, 08:00 CEST.
    expect(afterQuietHours(at("2026-03-29T02:30:00Z"))).toEqual(at("2026-03-29T06:00:00Z"));
    // Fall back: Saturday 24 October 2026 22:30 CEST → Sunday 25 October 08:00 CET (07:00 UTC).
    expect(afterQuietHours(at("2026-10-24T20:30:00Z"))).toEqual(at("2026-10-25T07:00:00Z"));
    // 21:00 on a summer evening is 19:00 UTC; 20:59 CEST is still allowed.
    expect(afterQuietHours(at("2026-07-01T18:59:00Z"))).toEqual(at("2026-07-01T18:59:00Z"));
    expect(afterQuietHours(at("2026-07-01T19:00:00Z"))).toEqual(at("2026-07-02T06:00:00Z"));
  });

  it("holds for every automation except the 1-hour reminder and the at-once messages", () => {
    const night = at("2026-11-28T22:00:00Z");
    expect(sendTime("nudge", night)).toEqual(at("2026-11-29T07:00:00Z"));
    expect(sendTime("call-24h", night)).toEqual(at("2026-11-29T07:00:00Z"));
    expect(sendTime("call-1h", night)).toEqual(night);
    expect(sendTime("event-place", night)).toEqual(night);
  });
});

describe("call reminders", () => {
  const now = at("2026-11-28T09:00:00Z");

  it("plans 24 hours and 1 hour before a call booked 25 hours ahead", () => {
    expect(callReminders(at("2026-11-29T10:00:00Z"), now)).toEqual([
      { automation: "call-24h", at: at("2026-11-28T10:00:00Z") },
      { automation: "call-1h", at: at("2026-11-29T09:00:00Z") },
    ]);
  });

  it("plans only the 1-hour reminder when the 24-hour moment has passed, and none for a call within the hour", () => {
    expect(callReminders(at("2026-11-28T15:00:00Z"), now)).toEqual([
      { automation: "call-1h", at: at("2026-11-28T14:00:00Z") },
    ]);
    expect(callReminders(at("2026-11-28T09:30:00Z"), now)).toEqual([]);
  });

  it("moves a 24-hour reminder due at night to 08:00, but drops it when 08:00 is within the call's last hour", () => {
    // Call Sunday 07:00 UTC (08:00 CET): its 24-hour moment is Saturday 08:00 CET, fine.
    expect(callReminders(at("2026-11-30T06:30:00Z"), now)[0]).toEqual({
      automation: "call-24h",
      at: at("2026-11-29T07:00:00Z"),
    });
    // A call at 08:30 CET: its 24-hour moment (08:30 the day before) is in the day.
    expect(callReminders(at("2026-11-30T07:30:00Z"), now)[0]?.at).toEqual(at("2026-11-29T07:30:00Z"));
  });
});

describe("other times", () => {
  it("nudges 48 hours after the questionnaire, outside the quiet hours", () => {
    expect(nudgeTime(at("2026-11-28T10:00:00Z"))).toEqual(at("2026-11-30T10:00:00Z"));
    expect(nudgeTime(at("2026-11-28T21:30:00Z"))).toEqual(at("2026-12-01T07:00:00Z"));
  });

  it("reminds of an event the day before at its own hour", () => {
    expect(eventReminderTime(at("2026-12-05T09:00:00Z"))).toEqual(at("2026-12-04T09:00:00Z"));
  });
});

describe("lawful ground", () => {
  it("refuses a marketing message without newsletter consent, and never a service message", () => {
    expect(lawfulGroundRefusal("newsletter-consent", { newsletterConsent: false })).toMatchObject({ refused: true });
    expect(lawfulGroundRefusal("newsletter-consent", { newsletterConsent: true })).toBeNull();
    expect(lawfulGroundRefusal("service", { newsletterConsent: false })).toBeNull();
  });
});

describe("texts", () => {
  it("shows the call in the visitor's zone, else Amsterdam", () => {
    expect(visitorTimeZone("America/New_York")).toBe("America/New_York");
    expect(visitorTimeZone("Mars/Olympus")).toBe("Europe/Amsterdam");
    expect(visitorTimeZone(null)).toBe("Europe/Amsterdam");
    expect(timeLabel(at("2026-12-03T15:00:00Z"), "America/New_York")).toBe(
      "Thursday, 3 December 2026, 10:00 (America/New York)",
    );
  });

  it("lets only https links and escaped text into a mail's Markdown", () => {
    expect(safeLink("https://calendly.com/reschedulings/abc")).toBe("https://calendly.com/reschedulings/abc");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("http://example.com")).toBeNull();
    expect(markdownText("[click](https://evil.example)")).toBe("\\[click\\]\\(https://evil.example\\)");
    expect(fillTemplate("Hi {{firstName}}, {{unknown}}see you", { firstName: "Anna" })).toBe("Hi Anna, see you");
  });
});

describe("the welcome series' days", () => {
  const typed = (articles: string, coaching: string) => ({
    "welcome-articles": articles,
    "welcome-coaching": coaching,
  });

  it("takes whole days within the range, each its own, and goes in the order of the days", () => {
    const checked = checkWelcomeDays(typed(" 9 ", String(WELCOME_DAY_RANGE.min)));
    expect(checked).toEqual({ ok: true, days: { "welcome-articles": 9, "welcome-coaching": WELCOME_DAY_RANGE.min } });
    if (!checked.ok) return;
    const confirmed = at("2027-05-03T10:00:00Z");
    expect(welcomeSeriesTimes(confirmed, checked.days).map(({ n, automation }) => [n, automation])).toEqual([
      [2, "welcome-coaching"],
      [3, "welcome-articles"],
    ]);
  });

  it("refuses a day out of range, not a whole number, or one another e-mail already has, under its field", () => {
    const { min, max } = WELCOME_DAY_RANGE;
    for (const wrong of [String(min - 1), String(max + 1), "2.5", "", "three", "-3", "1e1"]) {
      const checked = checkWelcomeDays(typed(wrong, "5"));
      expect(checked.ok, wrong).toBe(false);
      if (!checked.ok) expect(Object.keys(checked.errors), wrong).toEqual(["welcome-articles"]);
    }
    const same = checkWelcomeDays(typed("5", "5"));
    expect(same).toEqual({ ok: false, errors: { "welcome-coaching": expect.stringMatching(/already taken/) } });
  });
});
