import { describe, expect, it } from "vitest";
import { daysLeftLabel, eventDateLabel, eventState, eventTimeLabel } from "./event-dates";

const timing = { startsAt: "2025-05-18T17:30:00-06:00", timeZone: "America/Managua" };

describe("event dates", () => {
  it("derives the event's date wording from the date in the venue's zone", () => {
    expect(eventDateLabel(timing)).toBe("Sunday May 18");
    expect(eventTimeLabel(timing)).toBe("5:30 PM");
    // The same instant seen from Amsterdam is already Monday: the labels never use the server's zone.
    expect(eventDateLabel({ ...timing, timeZone: "Europe/Amsterdam" })).toBe("Monday May 19");
  });

  it("counts calendar days at the venue and closes at the start", () => {
    expect(eventState(timing, new Date("2025-05-10T12:00:00-06:00"))).toEqual({ status: "upcoming", daysLeft: 8 });
    // 23:30 the evening before, at the venue: one day left although it is less than 24 hours.
    expect(eventState(timing, new Date("2025-05-17T23:30:00-06:00"))).toEqual({ status: "upcoming", daysLeft: 1 });
    expect(eventState(timing, new Date("2025-05-18T08:00:00-06:00"))).toEqual({ status: "upcoming", daysLeft: 0 });
    expect(eventState(timing, new Date("2025-05-18T17:29:59-06:00")).status).toBe("upcoming");
    expect(eventState(timing, new Date("2025-05-18T17:30:00-06:00"))).toEqual({ status: "passed" });
    expect(eventState(timing, new Date("2026-11-22T00:00:00Z"))).toEqual({ status: "passed" });
  });

  it("words the days left", () => {
    expect(daysLeftLabel(0)).toBe("Today");
    expect(daysLeftLabel(1)).toBe("1 day left");
    expect(daysLeftLabel(12)).toBe("12 days left");
  });
});
