import { describe, expect, it } from "vitest";
import { isLoopback, signProvisionRequest, verifyProvisionRequest } from "./provision";
import { safeRedirectPath } from "./origin";

describe("signed account creation", () => {
  const secret = "s".repeat(32);
  const body = JSON.stringify({ email: "mila@example.com" });
  const now = 1_800_000_000_000;

  it("accepts a fresh request signed with the secret", () => {
    const signature = signProvisionRequest(secret, now, body);
    expect(verifyProvisionRequest(secret, { timestamp: String(now), signature }, body, now + 1000)).toBe(true);
  });
  it("refuses another secret, a changed body, an old timestamp or no signature", () => {
    const signature = signProvisionRequest(secret, now, body);
    expect(verifyProvisionRequest("t".repeat(32), { timestamp: String(now), signature }, body, now)).toBe(false);
    expect(
      verifyProvisionRequest(secret, { timestamp: String(now), signature }, body.replace("mila", "eve"), now),
    ).toBe(false);
    expect(verifyProvisionRequest(secret, { timestamp: String(now), signature }, body, now + 6 * 60_000)).toBe(false);
    expect(verifyProvisionRequest(secret, { timestamp: String(now), signature: null }, body, now)).toBe(false);
    expect(verifyProvisionRequest(secret, { timestamp: String(now), signature: "abcd" }, body, now)).toBe(false);
  });
  it("only trusts the machine itself", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("10.0.0.2")).toBe(false);
  });
});

describe("the sign-in redirect", () => {
  it("follows only back-office paths on this site after sign-in", () => {
    const site = "https://milajansen.coach";
    expect(safeRedirectPath("/admin/orders?page=2", site)).toBe("/admin/orders?page=2");
    expect(safeRedirectPath("/admin", site)).toBe("/admin");
    expect(safeRedirectPath("https://milajansen.coach/admin/subscribers#top", site)).toBe("/admin/subscribers#top");
    expect(safeRedirectPath("/admin/a b", site)).toBe("/admin/a%20b");
    for (const evil of [
      "//evil.example",
      "https://evil.example",
      "https://evil.example/admin",
      "/\\evil.example",
      "\\\\evil.example/admin",
      "/\t/evil.example/",
      "/%09/evil.example/",
      "/\n/evil.example/",
      "/admin\r\nSet-Cookie: x=1",
      "/admin/\u0000",
      "/admin/../pricing",
      "/administrator",
      "/pricing",
      "javascript:alert(1)",
      "http://milajansen.coach/admin",
      "",
      null,
      42,
    ])
      expect(safeRedirectPath(evil, site), JSON.stringify(evil)).toBe("/admin");
  });
});
