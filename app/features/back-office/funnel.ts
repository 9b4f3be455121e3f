/** Leads of one week or source, and how many of them went on to book a call and to pay. */
export interface FunnelRow {
  key: string;
  leads: number;
  /** Leads with a booked call that was not cancelled. */
  booked: number;
  /** Leads with a paid order (paid, active or completed). */
  clients: number;
}

/** "67%" of a part of a whole; "–" when there is nothing to divide. */
export function rate(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`;
}
