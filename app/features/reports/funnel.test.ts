import { describe, expect, it } from "vitest";
import { countsAsBooked, tally, type FunnelPerson } from "./funnel";

const person = (over: Partial<FunnelPerson>): FunnelPerson => ({
  week: "2026-11-23",
  source: "direct",
  liveBooking: false,
  status: "new",
  trainerMarkedBooked: false,
  client: false,
  ...over,
});

describe("countsAsBooked", () => {
  it("counts a call booked through the scheduling service", () => {
    expect(countsAsBooked(person({ liveBooking: true, status: "call-booked" }))).toBe(true);
  });

  it("counts a lead the trainer set to Call booked herself, with no booking from the web hook", () => {
    expect(countsAsBooked(person({ status: "call-booked", trainerMarkedBooked: true }))).toBe(true);
  });

  it("keeps counting it once the lead moved on to client or archived", () => {
    expect(countsAsBooked(person({ status: "client", trainerMarkedBooked: true }))).toBe(true);
    expect(countsAsBooked(person({ status: "archived", trainerMarkedBooked: true }))).toBe(true);
    expect(countsAsBooked(person({ status: "client", liveBooking: true }))).toBe(true);
  });

  it("does not count a lead set back to New or Contacted, or one who paid without any call", () => {
    expect(countsAsBooked(person({ status: "contacted", trainerMarkedBooked: true }))).toBe(false);
    expect(countsAsBooked(person({ status: "new" }))).toBe(false);
    expect(countsAsBooked(person({ status: "client", client: true }))).toBe(false);
    expect(countsAsBooked(person({ status: null, client: true }))).toBe(false);
    expect(countsAsBooked(person({ status: "archived" }))).toBe(false);
  });
});

describe("tally", () => {
  it("counts a lead with both a web-hook booking and her status change once", () => {
    const people = [
      person({ liveBooking: true, status: "call-booked", trainerMarkedBooked: true }),
      person({ status: "client", trainerMarkedBooked: true, client: true }),
      person({}),
    ];
    expect(tally("total", people)).toEqual({ key: "total", leads: 3, booked: 2, clients: 1 });
  });
});
