import type { IconName } from "#content/types";

/**
 * The intake questionnaire of SPEC.md section 3: question numbers 1-6, answer values
 * exactly as the spec lists them, and the labels people see. The back office imports
 * this module to show readable answers next to the stored values.
 */

export type QuestionNumber = 1 | 2 | 3 | 4 | 5 | 6;
/** Questions with a stored single answer; 6 (contact) is stored in its own columns. */
export type AnswerNumber = 1 | 2 | 3 | 4 | 5;
export type QuestionType = "text" | "radio" | "contact";

export interface QuestionOption {
  value: string;
  label: string;
  /** Extra line under the label, e.g. "0-1 times per week". */
  hint?: string;
  icon: IconName;
}

export interface Question {
  /** Position in SPEC.md numbering (the answers map is keyed by it). */
  number: QuestionNumber;
  id: string;
  text: string;
  subline?: string;
  type: QuestionType;
  required: boolean;
  options?: QuestionOption[];
  minLength?: number;
}

export const GOALS = ["getting-fit", "competition", "weight-loss", "build-muscle"] as const;
/**
 * SPEC.md section 4 keeps a rule for a Q1 value 'pregnancy' that no option offers.
 * The flow honours it (a future page may prefill it); no visitor can choose it.
 */
export const HIDDEN_GOAL = "pregnancy";
export const SPORTS = ["swimming", "running", "cycling", "triathlon"] as const;
export const FREQUENCIES = ["hardly-ever", "moderately", "very-active"] as const;
export const COMPETITION_GOALS = ["total-time", "time-pace", "distance"] as const;
export const GENDERS = ["male", "female", "non-binary"] as const;
export const AGE_RANGES = ["18-24", "25-30", "31+"] as const;

export type Goal = (typeof GOALS)[number];
export type Sport = (typeof SPORTS)[number];

export const goalQuestion: Question = {
  number: 1,
  id: "goal",
  text: "What can I help you with?",
  subline: "Pick the goal that matters most to you right now.",
  type: "radio",
  required: true,
  options: [
    { value: "getting-fit", label: "Getting fit", hint: "More energy, strength and stamina", icon: "heart" },
    {
      value: "competition",
      label: "Training for a competition",
      hint: "Swimming, running, cycling or triathlon",
      icon: "trophy",
    },
    { value: "weight-loss", label: "Losing weight", hint: "Lose fat for good, without crash diets", icon: "scale" },
    { value: "build-muscle", label: "Building muscle", hint: "Get stronger and more defined", icon: "dumbbell" },
  ],
};

export const sportQuestion: Question = {
  number: 2,
  id: "sport",
  text: "Which sport are you training for?",
  type: "radio",
  required: true,
  options: [
    { value: "swimming", label: "Swimming", icon: "swim" },
    { value: "running", label: "Running", icon: "run" },
    { value: "cycling", label: "Cycling", icon: "bike" },
    { value: "triathlon", label: "Triathlon", icon: "trophy" },
  ],
};

export const frequencyQuestion: Question = {
  number: 2,
  id: "frequency",
  text: "How often do you exercise now?",
  subline: "Be honest: every starting point works.",
  type: "radio",
  required: true,
  options: [
    { value: "hardly-ever", label: "Hardly ever", hint: "0-1 times per week", icon: "clock" },
    { value: "moderately", label: "Moderately", hint: "2-4 times per week", icon: "calendar" },
    { value: "very-active", label: "Very active", hint: "5+ times per week", icon: "flame" },
  ],
};

/** The Q3 subline names the sport chosen in Q2. */
const competitionSublines: Record<Sport, string> = {
  swimming: "Think of your next pool race or open-water swim.",
  running: "Think of your next race, from a 5K to a marathon.",
  cycling: "Think of your next race, time trial or long sportive.",
  triathlon: "Think of your next triathlon, from a sprint to a full distance.",
};
const defaultCompetitionSubline = "Think of the next event you are training for.";

export function competitionGoalQuestion(sport: string | undefined): Question {
  return {
    number: 3,
    id: "competition-goal",
    text: "What is your main goal for the competition?",
    subline: (SPORTS as readonly string[]).includes(sport ?? "")
      ? competitionSublines[sport as Sport]
      : defaultCompetitionSubline,
    type: "radio",
    required: true,
    options: [
      { value: "total-time", label: "A faster finish time", hint: "Beat my personal best", icon: "clock" },
      { value: "time-pace", label: "A steadier, faster pace", hint: "Hold my target pace all the way", icon: "chart" },
      { value: "distance", label: "Go the distance", hint: "Finish a longer distance than before", icon: "target" },
    ],
  };
}

export const genderQuestion: Question = {
  number: 4,
  id: "gender",
  text: "What is your gender?",
  subline: "It helps me tailor training loads and nutrition.",
  type: "radio",
  required: true,
  options: [
    { value: "male", label: "Male", icon: "users" },
    { value: "female", label: "Female", icon: "users" },
    { value: "non-binary", label: "Non-binary", icon: "users" },
  ],
};

export const ageQuestion: Question = {
  number: 5,
  id: "age",
  text: "What is your age?",
  type: "radio",
  required: true,
  options: [
    { value: "18-24", label: "18-24", icon: "calendar" },
    { value: "25-30", label: "25-30", icon: "calendar" },
    { value: "31+", label: "31+", icon: "calendar" },
  ],
};

export const contactQuestion: Question = {
  number: 6,
  id: "contact",
  text: "Where can I reach you?",
  subline: "I'll get back to you personally to plan your free intake call.",
  type: "contact",
  required: true,
};

export const contactFieldLabels = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone number",
  message: "Message (optional)",
} as const;

/** Placeholders of SPEC.md section 2 (contact form block). */
export const contactPlaceholders = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email address",
  message:
    "Tell me about your motivation, your training experience, the fitness level you'd like to reach, or ask me anything.",
} as const;

export const FORM_NAME = "Fitness Intake Form";
/** The analytics form name of SPEC.md section 7. */
export const ANALYTICS_FORM_NAME = "fitness_form";

/** Readable label of a stored answer ("competition" → "Training for a competition"). */
export function answerLabel(
  question: AnswerNumber,
  value: string,
  answers: Partial<Record<AnswerNumber, string>> = {},
): string {
  const candidates: Question[] =
    question === 1
      ? [goalQuestion]
      : question === 2
        ? [sportQuestion, frequencyQuestion]
        : question === 3
          ? [competitionGoalQuestion(answers[2])]
          : question === 4
            ? [genderQuestion]
            : [ageQuestion];
  for (const q of candidates) {
    const option = q.options?.find((o) => o.value === value);
    if (option)
      return option.hint && question === 2 && q === frequencyQuestion
        ? `${option.label} (${option.hint})`
        : option.label;
  }
  if (question === 1 && value === HIDDEN_GOAL) return "Pregnancy";
  return value;
}

/** Short name of each stored answer, for tables and e-mails. */
export const answerTitles: Record<AnswerNumber, string> = {
  1: "Goal",
  2: "Sport / exercise frequency",
  3: "Competition goal",
  4: "Gender",
  5: "Age",
};
