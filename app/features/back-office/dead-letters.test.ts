import { describe, expect, it } from "vitest";
import { describeDeadLetter } from "./dead-letters";

const base = { id: "e1", createdAt: "2026-11-22T10:00:00.000Z", deadAt: "2026-11-22T10:01:00.000Z", attempts: 10 };

describe("dead letters in the back office", () => {
  it("shows an intake with contact links, answers and its control characters made visible", () => {
    const view = describeDeadLetter({
      ...base,
      kind: "intake",
      lastError: "DatabaseError (SQLSTATE 22021)",
      payload: {
        id: "lead-1",
        idempotencyKey: "key-123456",
        firstName: "Nul\u0000Byte",
        lastName: "Jansen",
        email: "nul@example.com",
        phone: "+31 6 1234 5678",
        answers: { q1: "competition", q2: "triathlon", q3: "finish", q4: "female", q5: "30-39" },
        message: "Call me",
        sourceUrl: "https://milajansen.coach/start",
        createdAt: "2026-11-22T10:00:00.000Z",
      },
    });
    expect(view.form).toBe("Intake questionnaire");
    expect(view.error).toBe("DatabaseError (SQLSTATE 22021)");
    expect(view.fields[0]).toEqual({ label: "Name", value: "Nul⟨U+0000⟩Byte Jansen" });
    expect(view.fields).toContainEqual({ label: "E-mail", value: "nul@example.com", href: "mailto:nul@example.com" });
    expect(view.fields).toContainEqual({ label: "Phone", value: "+31 6 1234 5678", href: "tel:+31612345678" });
    expect(view.fields).toContainEqual({ label: "Message", value: "Call me" });
    expect(view.fields.some((f) => f.label === "Goal")).toBe(true);
    expect(view.fields.map((f) => f.label)).not.toContain("idempotencyKey");
  });

  it("shows event signups, newsletter entries and unknown fields too", () => {
    const event = describeDeadLetter({
      ...base,
      kind: "event",
      payload: { name: "Eva", phone: "123", extra: { a: 1 } },
    });
    expect(event.form).toBe("Event signup");
    expect(event.fields).toEqual([
      { label: "Name", value: "Eva" },
      { label: "Phone", value: "123", href: "tel:123" },
      { label: "extra", value: '{"a":1}' },
    ]);
    const news = describeDeadLetter({ ...base, kind: "newsletter", payload: { email: "a@b.nl", source: "footer" } });
    expect(news.fields).toEqual([
      { label: "E-mail", value: "a@b.nl", href: "mailto:a@b.nl" },
      { label: "Source", value: "footer" },
    ]);
    expect(describeDeadLetter({ ...base, kind: "mystery", payload: null }).form).toBe("mystery");
  });
});
