import { describe, expect, it } from "vitest";
import { heldContentKey } from "./held-content.server";

const lead = (over: Record<string, unknown> = {}) => ({
  id: "4f0c1c4e-0000-4000-8000-000000000001",
  idempotencyKey: "key-one",
  firstName: "Eva",
  lastName: "de Wit",
  email: "eva@example.com",
  phone: "+31612345678",
  answers: { 1: "competition", 2: "running" },
  message: "Can you help me run a marathon?",
  sourceUrl: "https://coach.example/start",
  createdAt: "2026-11-28T10:00:00.000Z",
  consent: { network: "203.0.113.0/24", at: "2026-11-28T10:00:00.000Z" },
  ...over,
});

describe("heldContentKey: what 'the same content' means", () => {
  it("ignores what the page adds by itself: ids, keys, times, the page, consent, first touch", () => {
    expect(
      heldContentKey(
        lead({
          id: "4f0c1c4e-0000-4000-8000-000000000002",
          idempotencyKey: "key-two",
          sourceUrl: "https://coach.example/services",
          createdAt: "2026-11-29T11:00:00.000Z",
          consent: { network: "198.51.100.0/24", at: "2026-11-29T11:00:00.000Z" },
          firstTouch: { source: "google" },
        }),
      ),
    ).toBe(heldContentKey(lead()));
  });

  it("ignores case, surrounding and repeated spaces in what was typed", () => {
    expect(heldContentKey(lead({ firstName: "  EVA ", message: "Can you  help me run a MARATHON?" }))).toBe(
      heldContentKey(lead()),
    );
  });

  it("differs when anything typed differs: a name, an e-mail, an answer, the message", () => {
    const keys = [
      lead(),
      lead({ lastName: "de Vries" }),
      lead({ email: "eva2@example.com" }),
      lead({ answers: { 1: "competition", 2: "cycling" } }),
      lead({ message: "" }),
    ].map(heldContentKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("reads a held subscription's address under `input`, and names the same content across forms' shapes", () => {
    const subscription = (email: string) => ({ input: { email, source: "footer", variant: "footer" }, consent: {} });
    expect(heldContentKey(subscription("a@example.com"))).toBe(heldContentKey({ input: { email: "A@example.com" } }));
    expect(heldContentKey(subscription("a@example.com"))).not.toBe(heldContentKey(subscription("b@example.com")));
    expect(heldContentKey(null)).toBe(heldContentKey({}));
  });
});
