import { describe, expect, it } from "vitest";
import { followUpMail } from "./mail.server";

describe("a follow-up e-mail", () => {
  const mail = followUpMail({
    to: "anna@example.com",
    subject: "Tomorrow: our intake call",
    markdown: "Hi <script>alert(1)</script> **Anna**, [choose another time](https://calendly.com/r/1)",
    siteUrl: "https://coach.example",
    stopUrl: "https://coach.example/follow-ups/stop?token=abc",
  });

  it("renders her Markdown, shows raw HTML as text, and writes links out in the plain part", () => {
    expect(mail.html).toContain("<strong>Anna</strong>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("choose another time (https://calendly.com/r/1)");
  });

  it("carries the stop link under the text and as the one-click header", () => {
    expect(mail.text).toContain("https://coach.example/follow-ups/stop?token=abc");
    expect(mail.html).toContain('href="https://coach.example/follow-ups/stop?token=abc"');
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://coach.example/follow-ups/stop?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
