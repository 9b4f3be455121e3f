import { describe, expect, it } from "vitest";
import { CONFIRM_TTL_MS, maskEmail, signToken, verifyToken } from "./tokens.server";

describe("signed newsletter links", () => {
  const secret = "s".repeat(32);
  it("round-trips the address for its own purpose only", () => {
    const token = signToken(secret, "unsubscribe", "anna@example.com");
    expect(verifyToken(secret, "unsubscribe", token)).toBe("anna@example.com");
    expect(verifyToken(secret, "confirm", token)).toBeNull();
    expect(verifyToken("other".repeat(8), "unsubscribe", token)).toBeNull();
  });
  it("rejects a token whose address was changed", () => {
    const [, expires, mac] = signToken(secret, "unsubscribe", "anna@example.com").split(".");
    const forged = `${Buffer.from("bob@example.com").toString("base64url")}.${expires}.${mac}`;
    expect(verifyToken(secret, "unsubscribe", forged)).toBeNull();
    expect(verifyToken(secret, "unsubscribe", "garbage")).toBeNull();
    expect(verifyToken(secret, "unsubscribe", null)).toBeNull();
  });
  it("lets confirmation links expire after two weeks; unsubscribe links never", () => {
    const now = Date.UTC(2026, 0, 1);
    const confirm = signToken(secret, "confirm", "anna@example.com", now);
    expect(verifyToken(secret, "confirm", confirm, now + CONFIRM_TTL_MS - 1)).toBe("anna@example.com");
    expect(verifyToken(secret, "confirm", confirm, now + CONFIRM_TTL_MS + 1)).toBeNull();
    const leave = signToken(secret, "unsubscribe", "anna@example.com", now);
    expect(verifyToken(secret, "unsubscribe", leave, now + 10 * 365 * 24 * 3600 * 1000)).toBe("anna@example.com");
  });
  it("masks the address shown on the unsubscribe page", () => {
    expect(maskEmail("anna@example.com")).toBe("an**@example.com");
    expect(maskEmail("a@example.com")).toBe("a*@example.com");
  });
});
