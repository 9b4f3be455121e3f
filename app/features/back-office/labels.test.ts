import { describe, expect, it } from "vitest";
import { readableAnswers } from "./labels";
import {
  ageWords,
  competitionGoalWords,
  frequencyWords,
  genderWords,
  goalWords,
  sportWords,
} from "~/features/leads/vocabulary";

/** The back office shows each stored answer by the vocabulary's short label; these check that rule. */
describe("readableAnswers", () => {
  it("labels a competition lead with sport and competition goal, in question order", () => {
    expect(
      readableAnswers({ "1": "competition", "2": "triathlon", "3": "time-pace", "4": "female", "5": "25-30" }),
    ).toEqual([
      { question: "Goal", answer: goalWords.competition.short },
      { question: "Sport", answer: sportWords.triathlon.short },
      { question: "Competition goal", answer: competitionGoalWords["time-pace"].short },
      { question: "Gender", answer: genderWords.female.short },
      { question: "Age", answer: ageWords["25-30"].short },
    ]);
  });
  it("asks the frequency question for other goals, never the competition goal, and skips missing answers", () => {
    expect(readableAnswers({ "1": "weight-loss", "2": "moderately", "3": "distance" })).toEqual([
      { question: "Goal", answer: goalWords["weight-loss"].short },
      { question: "Exercise now", answer: frequencyWords.moderately.short },
    ]);
  });
  it("reads the q1..q5 keys the questionnaire stores", () => {
    expect(
      readableAnswers({ q1: "getting-fit", q2: "very-active", q4: "male", q5: "31+" }).map((a) => a.answer),
    ).toEqual([
      goalWords["getting-fit"].short,
      frequencyWords["very-active"].short,
      genderWords.male.short,
      ageWords["31+"].short,
    ]);
  });
  it("shows an unknown value as it is rather than dropping it", () => {
    expect(readableAnswers({ "1": "pregnancy" })).toEqual([{ question: "Goal", answer: "pregnancy" }]);
  });
});
