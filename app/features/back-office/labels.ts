import {
  ageWords,
  competitionGoalWords,
  frequencyWords,
  genderWords,
  goalWords,
  shortLabels,
  sportWords,
} from "~/features/leads/vocabulary";

/**
 * Readable labels for stored questionnaire answers, keyed by the stored
 * values: the back office's short labels (e.g. "Exercise now") from leads/vocabulary.ts.
 */
export const GOAL_LABELS = shortLabels(goalWords);
const SPORT_LABELS = shortLabels(sportWords);
const FREQUENCY_LABELS = shortLabels(frequencyWords);
const COMPETITION_GOAL_LABELS = shortLabels(competitionGoalWords);
const GENDER_LABELS = shortLabels(genderWords);
const AGE_LABELS = shortLabels(ageWords);

export interface AnswerLine {
  question: string;
  answer: string;
}

/** Answers keyed by question number, as stored, turned into question/answer lines in order. */
export function readableAnswers(answers: Record<string, unknown> | null | undefined): AnswerLine[] {
  if (!answers) return [];
  // The questionnaire stores q1..q5; older rows may use bare numbers.
  const value = (key: string) => {
    const v = answers[`q${key}`] ?? answers[key];
    return typeof v === "string" ? v : undefined;
  };
  const label = (map: Record<string, string>, v: string | undefined) => (v === undefined ? undefined : (map[v] ?? v));
  const goal = value("1");
  const competition = goal === "competition";
  const lines: [string, string | undefined][] = [
    ["Goal", label(GOAL_LABELS, goal)],
    [competition ? "Sport" : "Exercise now", label(competition ? SPORT_LABELS : FREQUENCY_LABELS, value("2"))],
    ["Competition goal", competition ? label(COMPETITION_GOAL_LABELS, value("3")) : undefined],
    ["Gender", label(GENDER_LABELS, value("4"))],
    ["Age", label(AGE_LABELS, value("5"))],
  ];
  return lines
    .filter((l): l is [string, string] => l[1] !== undefined && l[1] !== "")
    .map(([question, answer]) => ({ question, answer }));
}

/**
 * call-booked and client are also set on their own by a booked call and a paid order (leads/lifecycle.server.ts);
 * no-show sends the lead the re-book follow-up (docs/decisions/069).
 */
export const LEAD_STATUSES = ["new", "contacted", "call-booked", "no-show", "client", "archived"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  "call-booked": "Call booked",
  "no-show": "Missed the call",
  client: "Client",
  archived: "Archived",
};

/** An order's length and payment plan in words: "1 month, one payment", "3 months, paid monthly". */
export function orderTerms(paymentsTotal: number): string {
  return paymentsTotal <= 1 ? "1 month, one payment" : `${paymentsTotal} months, paid monthly`;
}

/** "Chrome on Android" from a user agent: enough for the trainer to tell her devices apart. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}
