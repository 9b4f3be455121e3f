/**
 * The words of a lead, in one place: the form names stored with every signup and the
 * intake answers with the values as stored, the label the visitor picks,
 * and the short label the back office shows in its tables. The questionnaire builds its
 * questions from these, leads/ writes e-mails with them, the back office reads rows with them.
 */

/** Stored in signups.form_name; the back office filters on these exact strings. */
export const FORM_NAMES = {
  intake: "Fitness Intake Form",
  event: "Nicaragua Signup Form",
} as const;

/** Questions with a stored single answer; 6 (contact) is stored in its own columns. */
export type AnswerNumber = 1 | 2 | 3 | 4 | 5;

export const GOALS = ["getting-fit", "competition", "weight-loss", "build-muscle"] as const;
export const SPORTS = ["swimming", "running", "cycling", "triathlon"] as const;
export const FREQUENCIES = ["hardly-ever", "moderately", "very-active"] as const;
export const COMPETITION_GOALS = ["total-time", "time-pace", "distance"] as const;
export const GENDERS = ["male", "female", "non-binary"] as const;
export const AGE_RANGES = ["18-24", "25-30", "31+"] as const;

export type Goal = (typeof GOALS)[number];
export type Sport = (typeof SPORTS)[number];

export interface AnswerWords {
  /** What the visitor picks in the questionnaire. */
  label: string;
  /** Extra line under the label, e.g. "0-1 times per week". */
  hint?: string;
  /** The back office's short name for table columns (e.g. "Competition"). */
  short: string;
}

export const goalWords: Record<Goal, AnswerWords> = {
  "getting-fit": { label: "Getting fit", hint: "More energy, strength and stamina", short: "Getting fit" },
  competition: {
    label: "Training for a competition",
    hint: "Swimming, running, cycling or triathlon",
    short: "Competition",
  },
  "weight-loss": { label: "Losing weight", hint: "Lose fat for good, without crash diets", short: "Weight loss" },
  "build-muscle": { label: "Building muscle", hint: "Get stronger and more defined", short: "Build muscle" },
};

export const sportWords: Record<Sport, AnswerWords> = {
  swimming: { label: "Swimming", short: "Swimming" },
  running: { label: "Running", short: "Running" },
  cycling: { label: "Cycling", short: "Cycling" },
  triathlon: { label: "Triathlon", short: "Triathlon" },
};

export const frequencyWords: Record<(typeof FREQUENCIES)[number], AnswerWords> = {
  "hardly-ever": { label: "Hardly ever", hint: "0-1 times per week", short: "Hardly ever (0-1 times per week)" },
  moderately: { label: "Moderately", hint: "2-4 times per week", short: "Moderately (2-4 times per week)" },
  "very-active": { label: "Very active", hint: "5+ times per week", short: "Very active (5+ times per week)" },
};

export const competitionGoalWords: Record<(typeof COMPETITION_GOALS)[number], AnswerWords> = {
  "total-time": { label: "A faster finish time", hint: "Beat my personal best", short: "Total time" },
  "time-pace": { label: "A steadier, faster pace", hint: "Hold my target pace all the way", short: "Time and pace" },
  distance: { label: "Go the distance", hint: "Finish a longer distance than before", short: "Distance" },
};

export const genderWords: Record<(typeof GENDERS)[number], AnswerWords> = {
  male: { label: "Male", short: "Male" },
  female: { label: "Female", short: "Female" },
  "non-binary": { label: "Non-binary", short: "Non-binary" },
};

export const ageWords: Record<(typeof AGE_RANGES)[number], AnswerWords> = {
  "18-24": { label: "18-24", short: "18-24" },
  "25-30": { label: "25-30", short: "25-30" },
  "31+": { label: "31+", short: "31+" },
};

/** Short name of each stored answer, for tables and e-mails. */
export const answerTitles: Record<AnswerNumber, string> = {
  1: "Goal",
  2: "Sport / exercise frequency",
  3: "Competition goal",
  4: "Gender",
  5: "Age",
};

const wordsFor: Record<AnswerNumber, Record<string, AnswerWords>[]> = {
  1: [goalWords],
  2: [sportWords, frequencyWords],
  3: [competitionGoalWords],
  4: [genderWords],
  5: [ageWords],
};

/** Readable label of a stored answer ("competition" → "Training for a competition"), for e-mails. */
export function answerLabel(question: AnswerNumber, value: string): string {
  for (const words of wordsFor[question]) {
    const found = Object.hasOwn(words, value) ? words[value] : undefined;
    if (!found) continue;
    // "Moderately" alone says little in an e-mail; its hint is the actual frequency.
    return words === frequencyWords && found.hint ? `${found.label} (${found.hint})` : found.label;
  }
  return value;
}

/** Stored value → back-office short label, for one answer. */
export function shortLabels(words: Record<string, AnswerWords>): Record<string, string> {
  return Object.fromEntries(Object.entries(words).map(([value, w]) => [value, w.short]));
}
