/** What the visitor sees after submitting, for the JSON answer and the server-rendered page alike. */
export type IntakeOutcome =
  /** `held`: sent faster than a person types, so kept for the trainer to check by hand (leads/held.server.ts). */
  | { status: "ok"; leadId: string; name: string; email: string; held?: true }
  /** Neither the database nor the outbox took the lead: book the call anyway. */
  | { status: "fallback"; leadId: string; name: string; email: string; message: string }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  /** `values`: what the plain form sent, when it was read before the refusal (nothing typed is lost). */
  | { status: "rate-limited"; message: string; values?: Record<string, string> }
  | { status: "bad-request"; message: string };
