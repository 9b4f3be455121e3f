/**
 * Readable labels for stored questionnaire answers (SPEC.md section 3), keyed by the stored
 * values. The back office keeps its own short labels (e.g. "Exercise now") for table columns.
 */
export const INTAKE_FORM = "Fitness Intake Form";
export const EVENT_FORM = "Nicaragua Signup Form";

export const GOAL_LABELS: Record<string, string> = {
  "getting-fit": "Getting fit",
  competition: "Competition",
  "weight-loss": "Weight loss",
  "build-muscle": "Build muscle",
};

const SPORT_LABELS: Record<string, string> = {
  swimming: "Swimming",
  running: "Running",
  cycling: "Cycling",
  triathlon: "Triathlon",
};
const FREQUENCY_LABELS: Record<string, string> = {
  "hardly-ever": "Hardly ever (0-1 times a week)",
  moderately: "Moderately (2-4 times a week)",
  "very-active": "Very active (5+ times a week)",
};
const COMPETITION_GOAL_LABELS: Record<string, string> = {
  "total-time": "Total time",
  "time-pace": "Time and pace",
  distance: "Distance",
};
const GENDER_LABELS: Record<string, string> = { male: "Male", female: "Female", "non-binary": "Non-binary" };
const AGE_LABELS: Record<string, string> = { "18-24": "18-24", "25-30": "25-30", "31+": "31+" };

export interface AnswerLine {
  question: string;
  answer: string;
}

/** Answers keyed by question number, as stored, turned into question/answer lines in order. */
export function readableAnswers(answers: Record<string, unknown> | null | undefined): AnswerLine[] {
  if (!answers) return [];
  // The questionnaire stores q1..q5 (SPEC.md section 3); older rows may use bare numbers.
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

/** call-booked and client are also set on their own by a booked call and a paid order (leads/lifecycle.server.ts). */
export const LEAD_STATUSES = ["new", "contacted", "call-booked", "client", "archived"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  "call-booked": "Call booked",
  client: "Client",
  archived: "Archived",
};
