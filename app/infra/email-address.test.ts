import { describe, expect, it } from "vitest";
import { isSingleScript, isValidEmail } from "./email-address";

describe("the e-mail rule", () => {
  it("accepts ordinary and international addresses", () => {
    for (const address of [
      "mila@example.com",
      "first.last+coaching@sub.example.co.uk",
      "o'brien@example.ie",
      "under_score-dash@example.org",
      "josé@exämple.de",
      "почта@пример.рф",
      "用户@例子.中国",
      "ユーザー@例え.jp",
      "user@xn--80ak6aa92e.com",
      "a1@b2.io",
    ])
      expect(isValidEmail(address), address).toBe(true);
  });

  it("refuses spreadsheet formulas and command characters in the local part", () => {
    for (const address of [
      "=cmd|'/Ccalc'!A05@example.com",
      "=1+1@example.com",
      "+SUM(A1)@example.com",
      "-2+3@example.com",
      "@SUM(1)@example.com",
      "'quoted@example.com",
      "a|b@example.com",
      "a!b@example.com",
      "a%b@example.com",
      "a;b@example.com",
      'a"b@example.com',
      "a<b>@example.com",
      "a b@example.com",
    ])
      expect(isValidEmail(address), address).toBe(false);
  });

  it("refuses look-alike domains that mix scripts in one label", () => {
    // "pаypal" with a Cyrillic а, "ехample" with Cyrillic е and х, a Greek ο in "gοogle".
    for (const address of ["me@pаypal.com", "me@ехample.com", "me@gοogle.com", "pаypal@example.com"])
      expect(isValidEmail(address), address).toBe(false);
    expect(isSingleScript("pаypal")).toBe(false);
    expect(isSingleScript("東京tokyo")).toBe(true);
  });

  it("refuses malformed addresses", () => {
    for (const address of [
      "",
      "plain",
      "@example.com",
      "a@",
      "a@b",
      "a@@example.com",
      "a@b@example.com",
      ".a@example.com",
      "a.@example.com",
      "a..b@example.com",
      "a@-example.com",
      "a@example-.com",
      "a@example..com",
      "a@example.c0m",
      "a@example.1",
      `${"a".repeat(65)}@example.com`,
      `a@${"b".repeat(250)}.com`,
      "a\u0000b@example.com",
      "a@exa\u0000mple.com",
    ])
      expect(isValidEmail(address), JSON.stringify(address)).toBe(false);
  });
});
