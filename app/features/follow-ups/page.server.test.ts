import { describe, expect, it } from "vitest";
import { BODY_MAX, checkTexts } from "./page.server";
import { AUTOMATIONS, type Automation } from "./rules";
import { DEFAULT_TEXTS } from "./texts";

describe("checking her follow-up texts", () => {
  it("accepts every default text: its placeholders are the ones its automation fills", () => {
    for (const automation of Object.keys(AUTOMATIONS) as Automation[])
      expect(checkTexts(automation, DEFAULT_TEXTS[automation]), automation).toEqual({});
  });

  it("names a placeholder the automation cannot fill, in the subject or the body, and says which it can", () => {
    const errors = checkTexts("nudge", { subject: "For {{ eventTitle }}", body: "Hi {{firstName}} {{callTime}}" });
    expect(errors.subject).toMatch(/\{\{eventTitle\}\}.*It can use: \{\{firstName\}\}, \{\{bookingLink\}\}/);
    expect(errors.body).toMatch(/^This message cannot fill \{\{callTime\}\}\. It can use:/);
  });

  it("refuses an empty subject or body and one over its limit", () => {
    expect(checkTexts("nudge", { subject: " ", body: "" })).toEqual({
      subject: expect.stringMatching(/subject/i),
      body: expect.stringMatching(/empty/),
    });
    expect(checkTexts("nudge", { subject: "s".repeat(201), body: "b".repeat(BODY_MAX + 1) })).toEqual({
      subject: expect.stringMatching(/200 characters \(it has 201\)/),
      body: expect.stringMatching(new RegExp(`${BODY_MAX} characters`)),
    });
  });
});
