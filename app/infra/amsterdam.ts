/**
 * Times as the trainer reads them: the business runs in Amsterdam (CET, +01:00 in winter; CEST,
 * +02:00 in summer), whatever zone the server's clock is set to.
 */
export const AMSTERDAM = "Europe/Amsterdam";

/** The offset in force in Amsterdam at an instant, as "+01:00" or "+02:00". */
export function amsterdamOffset(instant: Date): string {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: AMSTERDAM, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return name?.replace("GMT", "") || "+00:00";
}

const minutesOf = (offset: string) => {
  const [, sign, h, m] = /^([+-])(\d\d):(\d\d)$/.exec(offset) ?? ["", "+", "00", "00"];
  return (sign === "-" ? -1 : 1) * (Number(h) * 60 + Number(m));
};

/** The instant a month begins in Amsterdam: `monthsBack` 0 is the month `now` falls in, 1 the one before. */
export function amsterdamMonthStart(now: Date, monthsBack = 0): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: AMSTERDAM, year: "numeric", month: "numeric" })
    .formatToParts(now)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  const midnightUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1 - monthsBack, 1);
  // The offset at local midnight is the one of the evening before: clocks change at night.
  const offset = minutesOf(amsterdamOffset(new Date(midnightUtc - 3 * 3_600_000)));
  return new Date(midnightUtc - offset * 60_000);
}

/** "2026-11-24 19:52 +01:00": the local date and time with its offset, unambiguous in any program. */
export function amsterdamDateTime(instant: Date, { seconds = false } = {}): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: AMSTERDAM,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
  return `${parts.year}-${parts.month}-${parts.day} ${time} ${amsterdamOffset(instant)}`;
}
