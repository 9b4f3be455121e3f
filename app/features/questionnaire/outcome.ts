/** What the visitor sees after submitting, for the JSON answer and the server-rendered page alike. */
export type IntakeOutcome =
  | { status: "ok"; leadId: string; name: string; email: string }
  /** Neither the database nor the outbox took the lead: book the call anyway. */
  | { status: "fallback"; leadId: string; name: string; email: string; message: string }
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "rate-limited"; message: string }
  | { status: "bad-request"; message: string };
