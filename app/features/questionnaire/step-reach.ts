/** What the back office's funnel page shows of the questionnaire's step counts (step-counts.server.ts). */
export interface StepReach {
  step: string;
  text: string;
  visitors: number;
}

/** The periods the funnel page offers for the questions' reach, in days ending today. */
export const REACH_PERIODS = [7, 30, 90] as const;
