/**
 * Wall-clock times at a venue, turned into instants with the venue's own rules (its IANA zone,
 * daylight saving included). The trainer types "2026-03-29 10:00" for a venue in Amsterdam and
 * never an offset; the offset on that day comes from the zone.
 */

/** "YYYY-MM-DDTHH:mm": a date and time as a clock on the venue's wall shows it. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** True for a zone name this runtime knows (America/Managua, Europe/Amsterdam, UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of an instant in a zone, as "YYYY-MM-DDTHH:mm". */
export function localDateTimeOf(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes the zone is ahead of UTC at an instant (Amsterdam in summer: 120). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const local = localDateTimeOf(instant, timeZone);
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return 0;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

export type ZonedResult =
  | { ok: true; instant: Date }
  /** The text is not a date and time, or names a day that does not exist (31 April). */
  | { ok: false; problem: "invalid" }
  /** The clocks jump over this time on that day (spring forward): it never shows at the venue. */
  | { ok: false; problem: "skipped" };

/**
 * The instant a wall-clock time at the venue stands for. A time that occurs twice (the hour the
 * clocks go back) is the first of the two; a time the clocks skip is refused.
 */
export function instantOf(local: string, timeZone: string): ZonedResult {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m || !isTimeZone(timeZone)) return { ok: false, problem: "invalid" };
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return { ok: false, problem: "invalid" };
  // The offset either side of the moment: one of them is the one in force at that wall-clock time.
  const candidates = new Set<number>();
  for (const probe of [asUtc - 36 * 3_600_000, asUtc, asUtc + 36 * 3_600_000]) {
    candidates.add(asUtc - offsetMinutes(new Date(probe), timeZone) * 60_000);
  }
  const matches = [...candidates].filter((t) => localDateTimeOf(new Date(t), timeZone) === local).sort((a, b) => a - b);
  const first = matches[0];
  return first === undefined ? { ok: false, problem: "skipped" } : { ok: true, instant: new Date(first) };
}

/** The instant as ISO 8601 with the venue's offset, e.g. 2026-05-18T17:30:00-06:00 (for structured data). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${localDateTimeOf(instant, timeZone)}:00${sign}${hh}:${mm}`;
}

/** Zone names for the back office's picker (the runtime's list, UTC first when missing). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return names.includes("UTC") ? names : ["UTC", ...names];
}
