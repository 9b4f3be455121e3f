import { describe, expect, it } from "vitest";
import { answerLabel, FORM_NAMES, frequencyWords, goalWords, GOALS, shortLabels } from "./vocabulary";

describe("lead vocabulary", () => {
  it("names the two forms as the stored rows do", () => {
    expect(FORM_NAMES).toEqual({ intake: "Fitness Intake Form", event: "Nicaragua Signup Form" });
  });

  it("labels answers as the visitor picked them, frequency with its hint", () => {
    expect(answerLabel(1, "competition")).toBe("Training for a competition");
    expect(answerLabel(2, "triathlon")).toBe("Triathlon");
    expect(answerLabel(2, "moderately")).toBe("Moderately (2-4 times per week)");
    expect(answerLabel(3, "time-pace")).toBe("A steadier, faster pace");
    expect(answerLabel(1, "pregnancy")).toBe("pregnancy");
    expect(answerLabel(5, "99+")).toBe("99+");
    // An inherited property name is a value like any other, never a label.
    expect(answerLabel(4, "constructor")).toBe("constructor");
  });

  it("keeps every goal in order with a short label for the back office", () => {
    expect(Object.keys(goalWords)).toEqual([...GOALS]);
    expect(shortLabels(goalWords)).toEqual({
      "getting-fit": "Getting fit",
      competition: "Competition",
      "weight-loss": "Weight loss",
      "build-muscle": "Build muscle",
    });
    expect(shortLabels(frequencyWords)["hardly-ever"]).toBe("Hardly ever (0-1 times a week)");
  });
});
