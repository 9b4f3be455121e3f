/** The trainer's own channels, from the published site facts. */
export interface TrainerReach {
  messagingUrl: string;
  email: string;
}

/** What the visitor sees after submitting, for the JSON answer and the server-rendered page alike. */
export type IntakeOutcome =
  /** `held`: sent faster than a person types, so kept for the trainer to check by hand (leads/held.server.ts). */
  | { status: "ok"; leadId: string; name: string; email: string; held?: true }
  /**
   * Neither the database nor the outbox took the lead: nothing was saved. The visitor keeps the form
   * (the island its state, the plain form the echoed `values`) and gets the trainer's own channels.
   */
  | { status: "not-saved"; message: string; reach: TrainerReach; values: Record<string, string> }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  /** `values`: what the plain form sent, when it was read before the refusal (nothing typed is lost). */
  | { status: "rate-limited"; message: string; values?: Record<string, string> }
  | { status: "bad-request"; message: string };
