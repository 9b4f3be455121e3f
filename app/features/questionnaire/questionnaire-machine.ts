import type { AnswerNumber } from "~/features/leads/vocabulary";
import {
  ageQuestion,
  competitionGoalQuestion,
  contactQuestion,
  frequencyQuestion,
  genderQuestion,
  goalQuestion,
  sportQuestion,
  type Question,
} from "./questions";
import { MESSAGES } from "./messages";

/**
 * The step flow as pure functions over a small state, so every
 * branch is unit-tested without a browser. The component only renders the state.
 */
export type Answers = Partial<Record<AnswerNumber, string>>;

export interface QuestionnaireState {
  /** Index into questionList(answers). */
  index: number;
  answers: Answers;
  /** Validation message of the current question, or null. */
  error: string | null;
}

export interface StartOptions {
  startFromQuestion?: number;
  answers?: Record<number, string>;
}

/**
 * Competition gives sport (Q2) and competition goal (Q3); any other goal gives exercise
 * frequency (Q2). Gender, age and contact follow. Before Q1 is answered the shorter list
 * applies, so the step count can only grow (5 → 6) when someone picks competition.
 */
export function questionList(answers: Answers): Question[] {
  if (answers[1] === "competition") {
    return [
      goalQuestion,
      sportQuestion,
      competitionGoalQuestion(answers[2]),
      genderQuestion,
      ageQuestion,
      contactQuestion,
    ];
  }
  return [goalQuestion, frequencyQuestion, genderQuestion, ageQuestion, contactQuestion];
}

function clampIndex(index: number, answers: Answers): number {
  return Math.min(Math.max(0, index), questionList(answers).length - 1);
}

/** Only answers with a known question number survive prefill; values are checked on submit. */
function cleanAnswers(input: Record<number, string> | undefined): Answers {
  const answers: Answers = {};
  for (const n of [1, 2, 3, 4, 5] as const) {
    const value = input?.[n];
    if (typeof value === "string" && value !== "") answers[n] = value;
  }
  return answers;
}

/** Index 0, or startFromQuestion - 1 when prefilled answers and a start question are given. */
export function initialState(options: StartOptions = {}): QuestionnaireState {
  const answers = cleanAnswers(options.answers);
  const prefilled = Object.keys(answers).length > 0 && options.startFromQuestion !== undefined;
  const index = prefilled ? clampIndex((options.startFromQuestion ?? 1) - 1, answers) : 0;
  return { index, answers, error: null };
}

export function currentQuestion(state: QuestionnaireState): Question {
  const list = questionList(state.answers);
  return list[clampIndex(state.index, state.answers)] ?? goalQuestion;
}

/**
 * The questionnaire is described as 5 steps while it numbers 6 questions. The bar counts the questions this
 * visitor actually sees (5, or 6 with competition), so the contact step always shows
 * "Step N of N" at 100 percent instead of promising a step that never comes.
 */
export function totalSteps(state: QuestionnaireState): number {
  return questionList(state.answers).length;
}

export function stepNumber(state: QuestionnaireState): number {
  return clampIndex(state.index, state.answers) + 1;
}

/** (index + 1) / total as a whole percentage. */
export function progressPercent(state: QuestionnaireState): number {
  return Math.round((stepNumber(state) / totalSteps(state)) * 100);
}

export function isLastStep(state: QuestionnaireState): boolean {
  return stepNumber(state) === totalSteps(state);
}

export function currentAnswer(state: QuestionnaireState): string | undefined {
  const question = currentQuestion(state);
  return question.type === "contact" ? undefined : state.answers[question.number as AnswerNumber];
}

/** Validation of one answer: required, and one of the question's options. */
export function validateAnswer(question: Question, value: string | undefined): string | null {
  if (question.type === "contact") return null;
  const text = (value ?? "").trim();
  if (question.required && text === "") return MESSAGES.required;
  if (question.type === "radio" && text !== "" && question.options && !question.options.some((o) => o.value === text)) {
    return MESSAGES.required;
  }
  return null;
}

/** Changing the goal changes what question 2 (and 3) mean, so their old answers go. */
function withGoal(answers: Answers, goal: string | undefined): Answers {
  const next: Answers = { ...answers };
  const wasCompetition = answers[1] === "competition";
  const isCompetition = goal === "competition";
  if (goal === undefined) delete next[1];
  else next[1] = goal;
  if (wasCompetition !== isCompetition) {
    delete next[2];
    delete next[3];
  }
  return next;
}

function setAnswer(answers: Answers, number: AnswerNumber, value: string | undefined): Answers {
  if (number === 1) return withGoal(answers, value);
  const next: Answers = { ...answers };
  if (value === undefined) delete next[number];
  else next[number] = value;
  // A different sport changes the meaning of the competition goal's subline, not its answer.
  return next;
}

/**
 * A radio option was clicked. Clicking the selected option clears it (options toggle);
 * a valid new choice is stored and the flow advances on its own.
 */
export function choose(state: QuestionnaireState, value: string): QuestionnaireState {
  const question = currentQuestion(state);
  if (question.type !== "radio") return state;
  const number = question.number as AnswerNumber;
  if (state.answers[number] === value) {
    return { ...state, answers: setAnswer(state.answers, number, undefined), error: null };
  }
  const error = validateAnswer(question, value);
  if (error) return { ...state, error };
  const answers = setAnswer(state.answers, number, value);
  return { index: clampIndex(state.index + 1, answers), answers, error: null };
}

/** Next is enabled only with an answer and no error; on the contact step the check always passes. */
export function canGoNext(state: QuestionnaireState): boolean {
  const question = currentQuestion(state);
  if (question.type === "contact") return true;
  return state.error === null && validateAnswer(question, currentAnswer(state)) === null;
}

/** Moves on when allowed; otherwise shows why (the button is aria-disabled, not inert). */
export function next(state: QuestionnaireState): QuestionnaireState {
  const question = currentQuestion(state);
  const error = validateAnswer(question, currentAnswer(state));
  if (error) return { ...state, error };
  if (isLastStep(state)) return state;
  return { ...state, index: clampIndex(state.index + 1, state.answers), error: null };
}

/** One step back, never below 0. */
export function back(state: QuestionnaireState): QuestionnaireState {
  if (state.index <= 0) return { ...state, index: 0, error: null };
  return { ...state, index: clampIndex(state.index - 1, state.answers), error: null };
}

/** Whether every question before contact is answered validly (checked before submitting). */
export function firstUnansweredIndex(state: QuestionnaireState): number | null {
  const list = questionList(state.answers);
  for (let i = 0; i < list.length; i++) {
    const question = list[i];
    if (!question || question.type === "contact") continue;
    if (validateAnswer(question, state.answers[question.number as AnswerNumber]) !== null) return i;
  }
  return null;
}
