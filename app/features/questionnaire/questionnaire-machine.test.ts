import { describe, expect, it } from "vitest";
import {
  back,
  canGoNext,
  choose,
  currentQuestion,
  firstUnansweredIndex,
  initialState,
  isLastStep,
  next,
  progressPercent,
  questionList,
  stepNumber,
  totalSteps,
  validateAnswer,
  type QuestionnaireState,
} from "./questionnaire-machine";
import type { Question } from "./questions";

const ids = (state: QuestionnaireState) => questionList(state.answers).map((q) => q.id);

describe("question list", () => {
  it("uses the non-competition list before question 1 is answered", () => {
    expect(ids(initialState())).toEqual(["goal", "frequency", "gender", "age", "contact"]);
  });

  it("competition gives sport type and competition goal", () => {
    expect(questionList({ 1: "competition" }).map((q) => q.id)).toEqual([
      "goal",
      "sport",
      "competition-goal",
      "gender",
      "age",
      "contact",
    ]);
  });

  it.each(["getting-fit", "weight-loss", "build-muscle"])("%s gives the exercise frequency question", (goal) => {
    expect(questionList({ 1: goal }).map((q) => q.number)).toEqual([1, 2, 4, 5, 6]);
  });

  it("the question 3 subline depends on the sport", () => {
    const swim = questionList({ 1: "competition", 2: "swimming" })[2];
    const tri = questionList({ 1: "competition", 2: "triathlon" })[2];
    expect(swim?.subline).toMatch(/swim/);
    expect(tri?.subline).toMatch(/triathlon/);
    expect(questionList({ 1: "competition" })[2]?.subline).toBeTruthy();
  });
});

describe("start", () => {
  it("starts at index 0", () => {
    expect(initialState()).toEqual({ index: 0, answers: {}, error: null });
  });

  it("starts at startFromQuestion - 1 with prefilled answers (service pages)", () => {
    const state = initialState({ startFromQuestion: 2, answers: { 1: "weight-loss" } });
    expect(state.index).toBe(1);
    expect(currentQuestion(state).id).toBe("frequency");
  });

  it("triathlon and running pages start at question 3", () => {
    const state = initialState({ startFromQuestion: 3, answers: { 1: "competition", 2: "triathlon" } });
    expect(state.index).toBe(2);
    expect(currentQuestion(state).id).toBe("competition-goal");
    expect(currentQuestion(state).subline).toMatch(/triathlon/);
  });

  it("ignores a start question without prefilled answers, and answers without a start question", () => {
    expect(initialState({ startFromQuestion: 3 }).index).toBe(0);
    expect(initialState({ answers: { 1: "competition" } }).index).toBe(0);
  });

  it("never starts past the last step and drops unknown question numbers", () => {
    const state = initialState({ startFromQuestion: 40, answers: { 1: "getting-fit", 9: "x" } });
    expect(state.index).toBe(4);
    expect(state.answers).toEqual({ 1: "getting-fit" });
  });
});

describe("choosing an option", () => {
  it("stores the answer and advances automatically", () => {
    const state = choose(initialState(), "getting-fit");
    expect(state.answers[1]).toBe("getting-fit");
    expect(state.index).toBe(1);
    expect(currentQuestion(state).id).toBe("frequency");
  });

  it("competition goes to index 1, the sport question", () => {
    const state = choose(initialState(), "competition");
    expect(state.index).toBe(1);
    expect(currentQuestion(state).id).toBe("sport");
  });

  it("refuses a value that is not an option, without advancing", () => {
    const state = choose(initialState(), "yoga");
    expect(state.index).toBe(0);
    expect(state.error).toBe("This field is required");
    expect(canGoNext(state)).toBe(false);
  });

  it("clicking the selected option again deselects it", () => {
    const answered = back(choose(initialState(), "getting-fit"));
    expect(answered.index).toBe(0);
    const toggled = choose(answered, "getting-fit");
    expect(toggled.answers[1]).toBeUndefined();
    expect(toggled.index).toBe(0);
    expect(canGoNext(toggled)).toBe(false);
  });

  it("switching to or from competition drops the old question 2 and 3 answers", () => {
    let state = initialState({ startFromQuestion: 3, answers: { 1: "competition", 2: "running", 3: "distance" } });
    state = back(back(state));
    state = choose(state, "weight-loss");
    expect(state.answers).toEqual({ 1: "weight-loss" });
    state = choose(state, "moderately");
    state = back(back(state));
    state = choose(state, "competition");
    expect(state.answers).toEqual({ 1: "competition" });
  });

  it("switching between non-competition goals keeps the frequency answer", () => {
    let state = choose(choose(initialState(), "getting-fit"), "very-active");
    state = back(back(state));
    state = choose(state, "build-muscle");
    expect(state.answers).toEqual({ 1: "build-muscle", 2: "very-active" });
  });

  it("does nothing on the contact step", () => {
    const state = initialState({
      startFromQuestion: 5,
      answers: { 1: "getting-fit", 2: "moderately", 4: "male", 5: "31+" },
    });
    expect(currentQuestion(state).type).toBe("contact");
    expect(choose(state, "male")).toBe(state);
  });

  it("refuses a goal no option offers and stays on question 1", () => {
    const state = choose(initialState(), "pregnancy");
    expect(state.index).toBe(0);
    expect(state.answers).toEqual({});
    expect(state.error).toBe("This field is required");
  });
});

describe("Next and Back", () => {
  it("Next is enabled only with an answer and no error", () => {
    const start = initialState();
    expect(canGoNext(start)).toBe(false);
    const answered = back(choose(start, "getting-fit"));
    expect(canGoNext(answered)).toBe(true);
    expect(canGoNext({ ...answered, error: "This field is required" })).toBe(false);
  });

  it("Next without an answer shows the required message and stays", () => {
    const state = next(initialState());
    expect(state.index).toBe(0);
    expect(state.error).toBe("This field is required");
  });

  it("Next with an answer moves one step", () => {
    const state = next(back(choose(initialState(), "weight-loss")));
    expect(state.index).toBe(1);
    expect(state.error).toBeNull();
  });

  it("on the contact step the Next check always passes and stays on the last step", () => {
    const state = initialState({
      startFromQuestion: 6,
      answers: { 1: "competition", 2: "cycling", 3: "time-pace", 4: "female", 5: "25-30" },
    });
    expect(currentQuestion(state).type).toBe("contact");
    expect(canGoNext(state)).toBe(true);
    expect(next(state)).toEqual(state);
    expect(isLastStep(state)).toBe(true);
  });

  it("Back goes one step and never below 0", () => {
    const state = choose(choose(initialState(), "getting-fit"), "hardly-ever");
    expect(state.index).toBe(2);
    expect(back(state).index).toBe(1);
    expect(back(back(state)).index).toBe(0);
    expect(back(back(back(state))).index).toBe(0);
  });

  it("Back clears the current error", () => {
    const state = next(choose(initialState(), "getting-fit"));
    expect(state.error).toBe("This field is required");
    expect(back(state).error).toBeNull();
  });
});

describe("progress", () => {
  it("is (index + 1) / total, rounded, and reaches 100 percent on the contact step", () => {
    let state = initialState();
    expect([stepNumber(state), totalSteps(state), progressPercent(state)]).toEqual([1, 5, 20]);
    state = choose(state, "competition");
    expect([stepNumber(state), totalSteps(state), progressPercent(state)]).toEqual([2, 6, 33]);
    for (const value of ["triathlon", "total-time", "male", "18-24"]) state = choose(state, value);
    expect(currentQuestion(state).type).toBe("contact");
    expect([stepNumber(state), totalSteps(state), progressPercent(state)]).toEqual([6, 6, 100]);
  });

  it("non-competition flows have five steps", () => {
    let state = initialState();
    for (const value of ["build-muscle", "very-active", "non-binary", "31+"]) state = choose(state, value);
    expect([stepNumber(state), totalSteps(state), progressPercent(state)]).toEqual([5, 5, 100]);
    expect(firstUnansweredIndex(state)).toBeNull();
  });

  it("finds the first unanswered question before submitting", () => {
    const state = initialState({ startFromQuestion: 5, answers: { 1: "getting-fit", 4: "male", 5: "31+" } });
    expect(firstUnansweredIndex(state)).toBe(1);
  });
});

describe("answer validation", () => {
  const goal = questionList({})[0] as Question;

  it("requires an answer", () => {
    expect(validateAnswer(goal, "  ")).toBe("This field is required");
    expect(validateAnswer(goal, undefined)).toBe("This field is required");
  });

  it("accepts only one of the question's options", () => {
    expect(validateAnswer(goal, "not-an-option")).toBe("This field is required");
    expect(validateAnswer(goal, goal.options?.[0]?.value)).toBeNull();
  });
});
