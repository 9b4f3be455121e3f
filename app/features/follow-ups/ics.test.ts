import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFile } from "./ics";

describe("the event's calendar file", () => {
  const event = {
    uid: "event-beach-2026@coach.example",
    start: new Date("2026-12-05T09:00:00Z"),
    end: new Date("2026-12-05T10:30:00Z"),
    summary: "Beach workout; bring water, a towel",
    location: "Playa Maderas, San Juan del Sur, Nicaragua",
    description: "What to bring:\n- water\n- a towel\nLong line ".repeat(6) + "éé",
    url: "https://coach.example/event",
  };
  const text = calendarFile(event, new Date("2026-11-28T12:00:00Z"));

  it("parses as RFC 5545 with the event's times, place and words intact", () => {
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.startDate.toJSDate()).toEqual(event.start);
    expect(parsed.endDate.toJSDate()).toEqual(event.end);
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.location).toBe(event.location);
    expect(parsed.description).toBe(event.description);
  });

  it("ends lines with CRLF and keeps each under 76 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
  });
});
