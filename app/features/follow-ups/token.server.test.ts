import { describe, expect, it } from "vitest";
import { openStopToken, sealStopToken } from "./token.server";

const SECRET = "a-site-secret-of-at-least-thirty-two-characters";

describe("the stop link's token", () => {
  it("opens to the address it sealed, without showing it", () => {
    const token = sealStopToken(SECRET, "anna@example.com");
    expect(token).not.toContain("anna");
    expect(openStopToken(SECRET, token)).toBe("anna@example.com");
  });

  it("refuses a changed token, another secret's, and a made-up one", () => {
    const token = sealStopToken(SECRET, "anna@example.com");
    const flipped = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
    expect(openStopToken(SECRET, flipped)).toBeNull();
    expect(openStopToken(`${SECRET}-other`, token)).toBeNull();
    expect(openStopToken(SECRET, "A".repeat(60))).toBeNull();
    expect(openStopToken(SECRET, null)).toBeNull();
  });
});
