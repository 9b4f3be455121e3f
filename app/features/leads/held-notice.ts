import { AMSTERDAM } from "~/infra/amsterdam";
import { localDateTimeOf } from "~/infra/zoned-time";

/**
 * The trainer's daily notice about held submissions, worked out from counts alone (no names, no
 * addresses: it may travel by e-mail or push). Only real-looking ones make a notice: a flood that
 * the limits cut off is on the dashboard, not in her inbox every day.
 */
export interface HeldCounts {
  /** Everything held now. */
  total: number;
  /** Held now and not looking like part of a flood (heldLooksReal in held.server.ts). */
  realLooking: number;
  /** Real-looking ones that came in since the previous notice. */
  newRealLooking: number;
  /** When the oldest real-looking one came in; null when there is none. */
  oldestRealLookingAt: Date | null;
}

export interface HeldNotice {
  subject: string;
  text: string;
  /** The back-office page where she reviews them. */
  url: string;
}

const DAY_MS = 86_400_000;
/** From this many days before the oldest one is deleted unreviewed, the subject says so. */
export const HELD_NOTICE_URGENT_DAYS = 7;

const forms = (n: number) => `${n.toLocaleString("en-GB")} form${n === 1 ? "" : "s"}`;

export function heldNotice(
  counts: HeldCounts,
  options: { siteUrl: string; retentionDays: number; now: Date },
): HeldNotice | null {
  if (counts.realLooking === 0 || !counts.oldestRealLookingAt) return null;
  const url = `${options.siteUrl.replace(/\/+$/, "")}/admin/held`;
  const expiresAt = counts.oldestRealLookingAt.getTime() + options.retentionDays * DAY_MS;
  const daysLeft = Math.max(0, Math.ceil((expiresAt - options.now.getTime()) / DAY_MS));
  const urgent = daysLeft <= HELD_NOTICE_URGENT_DAYS;
  const held = forms(counts.realLooking);
  const subject = `${urgent ? "Deleted soon: " : ""}${held} from possible clients held for your review`;
  const lines = [
    `${held} came in faster than a person usually types, so the spam check held ${counts.realLooking === 1 ? "it" : "them"} for you, and ${counts.realLooking === 1 ? "it looks" : "they look"} like real visitors${counts.newRealLooking > 0 ? ` (${counts.newRealLooking.toLocaleString("en-GB")} new since the last notice)` : ""}.`,
    daysLeft === 0
      ? "The oldest is deleted unreviewed today."
      : `The oldest is deleted unreviewed in ${daysLeft} day${daysLeft === 1 ? "" : "s"}.`,
  ];
  const flood = counts.total - counts.realLooking;
  if (flood > 0) {
    lines.push(`${forms(flood)} more look like a robot flood (the same text, or many from one network).`);
  }
  lines.push(`Accept the real ones or delete them: ${url}`);
  return { subject, text: lines.join("\n\n"), url };
}

/** The first hour (Amsterdam) at which the daily notice may go out: her morning, never the night. */
export const HELD_NOTICE_HOUR = 8;

/**
 * The day a notice at `now` belongs to (Amsterdam), or null before its hour. The day is the notice's
 * key in the message engine, so every instance and every hourly check of one day makes one notice.
 */
export function heldNoticeDay(now: Date): string | null {
  const [day, time] = localDateTimeOf(now, AMSTERDAM).split("T");
  return Number(time!.slice(0, 2)) >= HELD_NOTICE_HOUR ? day! : null;
}
