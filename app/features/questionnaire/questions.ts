import type { IconName } from "#content/types";
import {
  ageWords,
  competitionGoalWords,
  frequencyWords,
  genderWords,
  goalWords,
  SPORTS,
  sportWords,
  type AnswerWords,
  type Sport,
} from "~/features/leads/vocabulary";

/**
 * The intake questionnaire: question numbers 1-6 and how each is asked.
 * The answer values and their labels live in leads/vocabulary.ts, shared with the back office.
 */

export type QuestionNumber = 1 | 2 | 3 | 4 | 5 | 6;
export type QuestionType = "radio" | "contact";

export interface QuestionOption {
  value: string;
  label: string;
  /** Extra line under the label, e.g. "0-1 times per week". */
  hint?: string;
  icon: IconName;
}

export interface Question {
  /** Question number, 1-6 (the answers map is keyed by it). */
  number: QuestionNumber;
  id: string;
  text: string;
  subline?: string;
  type: QuestionType;
  required: boolean;
  options?: QuestionOption[];
}

/** The questionnaire's options: the vocabulary's values and labels, with an icon each. */
function options<V extends string>(words: Record<V, AnswerWords>, icons: Record<V, IconName>): QuestionOption[] {
  return (Object.keys(words) as V[]).map((value) => {
    const { label, hint } = words[value];
    return hint ? { value, label, hint, icon: icons[value] } : { value, label, icon: icons[value] };
  });
}

export const goalQuestion: Question = {
  number: 1,
  id: "goal",
  text: "What can I help you with?",
  subline: "Pick the goal that matters most to you right now.",
  type: "radio",
  required: true,
  options: options(goalWords, {
    "getting-fit": "heart",
    competition: "trophy",
    "weight-loss": "scale",
    "build-muscle": "dumbbell",
  }),
};

export const sportQuestion: Question = {
  number: 2,
  id: "sport",
  text: "Which sport are you training for?",
  type: "radio",
  required: true,
  options: options(sportWords, { swimming: "swim", running: "run", cycling: "bike", triathlon: "trophy" }),
};

export const frequencyQuestion: Question = {
  number: 2,
  id: "frequency",
  text: "How often do you exercise now?",
  subline: "Be honest: every starting point works.",
  type: "radio",
  required: true,
  options: options(frequencyWords, { "hardly-ever": "clock", moderately: "calendar", "very-active": "flame" }),
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
    options: options(competitionGoalWords, { "total-time": "clock", "time-pace": "chart", distance: "target" }),
  };
}

export const genderQuestion: Question = {
  number: 4,
  id: "gender",
  text: "What is your gender?",
  subline: "It helps me tailor training loads and nutrition.",
  type: "radio",
  required: true,
  options: options(genderWords, { male: "users", female: "users", "non-binary": "users" }),
};

export const ageQuestion: Question = {
  number: 5,
  id: "age",
  text: "What is your age?",
  type: "radio",
  required: true,
  options: options(ageWords, { "18-24": "calendar", "25-30": "calendar", "31+": "calendar" }),
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

/** Placeholders of the contact form block. */
export const contactPlaceholders = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email address",
  message:
    "Tell me about your motivation, your training experience, the fitness level you'd like to reach, or ask me anything.",
} as const;

/** The form name the analytics events carry. */
export const ANALYTICS_FORM_NAME = "fitness_form";
