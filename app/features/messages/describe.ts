import type { FailureReason } from "./rules";

/** Messages that wait for the same reason on the same channel: one line on the Messages page. */
export interface WaitingGroup {
  channel: string;
  reason: FailureReason | null;
  count: number;
  /** The oldest of them: the other side has been away at least since then. */
  since: Date;
  nextTry: Date;
  /** One of their last answers (code and words). */
  lastAnswer: string | null;
}

const SIDE: Record<string, string> = { email: "the mail server", push: "the push service", webhook: "the web hook" };

/** "3 e-mails wait: the mail server cannot be reached since 15:02, next try 15:30." */
export function describeWait(group: WaitingGroup, time: (at: Date) => string): string {
  const noun = group.channel === "email" ? "e-mail" : group.channel === "push" ? "notification" : "web hook call";
  const what = `${group.count} ${noun}${group.count === 1 ? "" : "s"} ${group.count === 1 ? "waits" : "wait"}`;
  const side = SIDE[group.channel] ?? "the other side";
  const why =
    group.reason === "unreachable"
      ? `${side} cannot be reached since ${time(group.since)}`
      : `${side} asked to try again later${group.lastAnswer ? ` (${group.lastAnswer})` : ""}`;
  return `${what}: ${why}, next try ${time(group.nextTry)}.`;
}

/**
 * Whether Retry can help a message that went no further: an unknown one (the trainer chooses a
 * possible second copy), or one that ran out of tries while the other side was away; never one the
 * other side refused for good (a 5xx: the same answer would come again).
 */
export function retryHelps(message: { state: string; waitReason: string | null }): boolean {
  if (message.state === "unknown") return true;
  return message.state === "failed" && message.waitReason !== "refused";
}
