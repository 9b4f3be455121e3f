import { describe, expect, it } from "vitest";
import { newsletterMail } from "./mail-layout.server";

describe("the newsletter e-mail layout", () => {
  it("gives the HTML part a title (the subject, escaped) and the same words as the text part", () => {
    const mail = newsletterMail({
      to: "reader@example.com",
      subject: "Confirm <your> subscription & more",
      paragraphs: ["One paragraph."],
      button: { label: "Confirm", url: "https://coach.example/confirm?x=1" },
      signOff: "See you,",
      unsubscribe: { label: "Unsubscribe", url: "https://coach.example/u" },
    });
    expect(mail.html).toMatch(
      /<head><meta charset="utf-8"><title>Confirm &lt;your&gt; subscription &amp; more<\/title><\/head>/,
    );
    expect(mail.text).toContain("One paragraph.");
    expect(mail.html).toContain("One paragraph.");
  });
});
