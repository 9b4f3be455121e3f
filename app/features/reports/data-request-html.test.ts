import { describe, expect, it } from "vitest";
import { personDataHtml } from "./data-request-html";
import type { PersonData } from "./data-requests.server";

const empty: PersonData = {
  person: "a@example.nl",
  leads: [],
  eventSignups: [],
  leadEvents: [],
  bookings: [],
  subscribers: [],
  orders: [],
  payments: [],
  consentRecords: [],
  newsletterDeliveries: [],
  messages: [],
};

describe("a data request as a readable page", () => {
  it("shows every field in words with Amsterdam times, and escapes what people typed", () => {
    const lead = {
      firstName: "<script>alert(1)</script>",
      createdAt: new Date("2026-11-24T18:52:07Z"),
      answers: { q1: "get-fit" },
      message: null,
    } as unknown as PersonData["leads"][number];
    const html = personDataHtml({ ...empty, leads: [lead] }, new Date("2026-07-01T10:00:00Z"));
    expect(html).toContain("<title>Data held about a@example.nl</title>");
    expect(html).toContain('<th scope="row">First name</th><td>&lt;script&gt;alert(1)&lt;/script&gt;</td>');
    expect(html).toContain("<td>2026-11-24 19:52:07 +01:00</td>");
    expect(html).toContain("<li>Q1: get-fit</li>");
    expect(html).toContain("2026-07-01 12:00:00 +02:00");
    expect(html).not.toContain("<script>");
    expect(html).toContain("<h2>Orders (0)</h2>");
  });
});
