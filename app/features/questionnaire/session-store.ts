import { firstUnansweredIndex, questionList, type Answers, type QuestionnaireState } from "./questionnaire-machine";

/**
 * The questionnaire's answers so far, kept in this tab's sessionStorage so a reload, a return with
 * the browser's Back or Forward, or a discarded tab brought back finds them again
 * (docs/decisions/070-questionnaire-survives-a-reload.md). Only the choices and the step, never the
 * contact fields; with the questions each visit reported to the step counter. Cleared when sent.
 */
const KEY = "questionnaire";

/**
 * The question list's shape (every question's id and option values, both branches): a state saved
 * under another list is ignored, as its answers might mean something else now.
 */
const LIST = [...questionList({}), ...questionList({ 1: "competition" })]
  .map((q) => q.id + ":" + (q.options ?? []).map((o) => o.value).join())
  .join(";");

export interface Saved {
  index: number;
  answers: Answers;
  /** Question ids this visit has already reported (each is counted once per visit). */
  counted: string[];
}

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off (or a sandboxed frame): the questionnaire works, only without restoring.
    return undefined;
  }
};

export function readSaved(): Saved | null {
  try {
    const raw = JSON.parse(storage()?.getItem(KEY) ?? "null") as Partial<Saved> & { list?: unknown };
    if (raw?.list !== LIST || typeof raw.index !== "number" || !Array.isArray(raw.counted)) return null;
    const answers: Answers = {};
    for (const n of [1, 2, 3, 4, 5] as const) {
      const value = (raw.answers as Record<number, unknown> | undefined)?.[n];
      if (typeof value === "string") answers[n] = value;
    }
    return { index: raw.index, answers, counted: raw.counted.filter((s) => typeof s === "string") };
  } catch {
    return null;
  }
}

export function save(saved: Saved): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ list: LIST, ...saved }));
  } catch {
    // Full or refused: nothing to restore later, which is how it was before.
  }
}

export function clearSaved(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // As above.
  }
}

/**
 * The saved state for a questionnaire started with `start`, or null: only when it agrees with the
 * answers the page itself gives (a service page's first answers) and every answer still fits its
 * question. The step is never past the first unanswered question.
 */
export function restorable(saved: Saved | null, start: QuestionnaireState): QuestionnaireState | null {
  if (!saved) return null;
  for (const [n, value] of Object.entries(start.answers)) {
    if (saved.answers[Number(n) as keyof Answers] !== value) return null;
  }
  const answers: Answers = {};
  for (const question of questionList(saved.answers)) {
    const value = saved.answers[question.number as keyof Answers];
    if (value === undefined) continue;
    if (!question.options?.some((o) => o.value === value)) return null;
    answers[question.number as keyof Answers] = value;
  }
  if (Object.keys(answers).length === 0) return null;
  const state = { index: 0, answers, error: null };
  const open = firstUnansweredIndex(state) ?? questionList(answers).length - 1;
  return { ...state, index: Math.min(Math.max(0, Math.trunc(saved.index)), open) };
}

const STEP_ENDPOINT = "/api/questionnaire-step";

/** Tells the step counter this question was reached: no cookie, nothing but the question's id. */
export function reportStep(step: string): void {
  void fetch(STEP_ENDPOINT, {
    method: "POST",
    body: JSON.stringify({ step }),
    keepalive: true,
    credentials: "omit",
    headers: { "Content-Type": "application/json" },
  }).catch(() => {
    // A lost count is not worth a retry or an error on the visitor's console.
  });
}
