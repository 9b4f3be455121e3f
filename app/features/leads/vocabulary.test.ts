import { describe, expect, it } from "vitest";
import { answerLabel, FORM_NAMES, frequencyWords, goalWords, GOALS, shortLabels, sportWords } from "./vocabulary";

describe("lead vocabulary", () => {
  it("names the two forms as the stored rows do", () => {
    expect(FORM_NAMES).toEqual({ intake: "Fitness Intake Form", event: "Nicaragua Signup Form" });
  });

  it("labels answers as the visitor picked them, a frequency with its hint", () => {
    expect(answerLabel(1, "competition")).toBe(goalWords.competition.label);
    expect(answerLabel(2, "triathlon")).toBe(sportWords.triathlon.label);
    const moderately = frequencyWords.moderately;
    expect(answerLabel(2, "moderately")).toBe(`${moderately.label} (${moderately.hint})`);
    expect(answerLabel(1, "pregnancy")).toBe("pregnancy");
    expect(answerLabel(5, "99+")).toBe("99+");
    // An inherited property name is a value like any other, never a label.
    expect(answerLabel(4, "constructor")).toBe("constructor");
  });

  it("keeps every goal in order, and the back office's short labels say what the visitor chose", () => {
    expect(Object.keys(goalWords)).toEqual([...GOALS]);
    expect(Object.keys(shortLabels(goalWords))).toEqual([...GOALS]);
    // A frequency's short label carries the very numbers the visitor was shown (one wording, not two).
    for (const words of Object.values(frequencyWords)) {
      expect(words.short).toContain(words.label);
      expect(words.short).toContain(words.hint);
    }
  });
});
