import { describe, expect, it } from "vitest";
import { eventStatusLabel } from "./event-status";

describe("eventStatusLabel", () => {
  it("calls an event that has started past, never 'On the site'", () => {
    expect(eventStatusLabel("published", true)).toEqual({ label: "Past", live: false });
    expect(eventStatusLabel("unpublished", true)).toEqual({ label: "Past", live: false });
  });

  it("names a coming event by its state on the site", () => {
    expect(eventStatusLabel("published", false)).toEqual({ label: "On the site", live: true });
    expect(eventStatusLabel("draft", false)).toEqual({ label: "Draft", live: false });
    expect(eventStatusLabel("scheduled", false)).toEqual({ label: "Scheduled", live: false });
  });
});
