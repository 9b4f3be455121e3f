import { describe, expect, it } from "vitest";
import { readableAnswers } from "./labels";

describe("readableAnswers", () => {
  it("labels a competition lead with sport and goal", () => {
    expect(
      readableAnswers({ "1": "competition", "2": "triathlon", "3": "time-pace", "4": "female", "5": "25-30" }),
    ).toEqual([
      { question: "Goal", answer: "Competition" },
      { question: "Sport", answer: "Triathlon" },
      { question: "Competition goal", answer: "Time and pace" },
      { question: "Gender", answer: "Female" },
      { question: "Age", answer: "25-30" },
    ]);
  });
  it("labels the frequency question for other goals and skips missing answers", () => {
    expect(readableAnswers({ "1": "weight-loss", "2": "moderately" })).toEqual([
      { question: "Goal", answer: "Weight loss" },
      { question: "Exercise now", answer: "Moderately (2-4 times a week)" },
    ]);
  });
  it("reads the q1..q5 keys the questionnaire stores", () => {
    expect(
      readableAnswers({ q1: "getting-fit", q2: "very-active", q4: "male", q5: "31+" }).map((a) => a.answer),
    ).toEqual(["Getting fit", "Very active (5+ times a week)", "Male", "31+"]);
  });
  it("shows an unknown value as it is rather than dropping it", () => {
    expect(readableAnswers({ "1": "pregnancy" })).toEqual([{ question: "Goal", answer: "pregnancy" }]);
  });
});
