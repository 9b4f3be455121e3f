import { describe, expect, it } from "vitest";
import { intakeMail, leadIdFor, leadPush } from "./signups.server";

describe("lead ids", () => {
  it("derive a stable UUID from the idempotency key", () => {
    const id = leadIdFor("abc");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(leadIdFor("abc")).toBe(id);
    expect(leadIdFor("abd")).not.toBe(id);
  });
});

describe("trainer notification", () => {
  const LINK = "https://coach.example/admin/leads/1";
  const lead = {
    id: leadIdFor("k"),
    idempotencyKey: "k",
    sourceUrl: "https://coach.example/",
    createdAt: "2026-01-01T10:00:00.000Z",
    firstName: "Anna\r\nBcc: evil@example.com",
    lastName: "de Vries",
    email: "anna@example.nl",
    phone: "+31612345678",
    answers: { q1: "getting-fit", q2: "hardly-ever", q4: "female", q5: "31+" },
    message: null,
  };

  it("keeps visitor input out of the mail headers", () => {
    expect(intakeMail(lead, LINK).subject).toBe("New intake: Anna Bcc: evil@example.com de Vries (Getting fit)");
  });

  it("lists readable answers", () => {
    const { text } = intakeMail(lead, LINK);
    expect(text).toContain("Goal: Getting fit");
    expect(text).toContain("Sport / exercise frequency: Hardly ever (0-1 times per week)");
    expect(text).toContain("Age: 31+");
    expect(text).toContain("Message: (none)");
  });

  it("links to the lead and gives the time as the trainer's clock shows it", () => {
    const { text } = intakeMail(lead, LINK);
    expect(text).toContain(`Answer it: ${LINK}`);
    // 10:00 UTC on 1 January is 11:00 in Amsterdam (winter time).
    expect(text).toContain("came in on 2026-01-01 11:00 +01:00.");
    expect(text).not.toContain("T10:00");
  });

  it("notifies her devices with who it is and what they want, opening the lead", () => {
    expect(leadPush("https://coach.example", "intake", lead)).toEqual({
      title: "New lead",
      body: "Anna Bcc: evil@example.com de Vries: Getting fit",
      url: `https://coach.example/admin/leads/${lead.id}`,
      tag: `lead-${lead.id}`,
    });
  });
});
