/** Leads of one week or source, and how many of them went on to book a call and to pay. */
export interface FunnelRow {
  key: string;
  leads: number;
  /** Leads counted as having booked a call (countsAsBooked), each once. */
  booked: number;
  /** Leads with a paid order (paid, active or completed). */
  clients: number;
}

/** What the database knows of one person in the funnel. */
export interface FunnelPerson {
  week: string;
  source: string;
  /** A call booked through the scheduling service and not cancelled. */
  liveBooking: boolean;
  /** The lead's status now; null for a buyer who never filled in the questionnaire. */
  status: string | null;
  /** The trainer herself once set the lead to "Call booked" or "Client". */
  trainerMarkedBooked: boolean;
  client: boolean;
}

/**
 * Whether a person booked a call, counted once however it was booked: through the scheduling
 * service's web hook, or by the trainer setting "Call booked" herself (a call arranged on
 * WhatsApp), and still after the lead moved on from there (client, archived). A lead she set back
 * to "New" or "Contacted" has no call; a buyer who paid without ever being marked for a call is a
 * client without a booked call.
 */
export function countsAsBooked(person: Pick<FunnelPerson, "liveBooking" | "status" | "trainerMarkedBooked">): boolean {
  if (person.liveBooking || person.status === "call-booked") return true;
  if (person.status === null || person.status === "new" || person.status === "contacted") return false;
  return person.trainerMarkedBooked;
}

/** The people of one group added up. */
export function tally(key: string, people: readonly FunnelPerson[]): FunnelRow {
  return {
    key,
    leads: people.length,
    booked: people.filter(countsAsBooked).length,
    clients: people.filter((p) => p.client).length,
  };
}

/** "67%" of a part of a whole; "–" when there is nothing to divide. */
export function rate(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`;
}
