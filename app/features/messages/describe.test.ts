import { describe, expect, it } from "vitest";
import { describeWait, retryHelps } from "./describe";

const time = (at: Date) => at.toISOString().slice(11, 16);

describe("the Messages page's lines", () => {
  it("says in one line for many messages that the mail server cannot be reached, since when and the next try", () => {
    expect(
      describeWait(
        {
          channel: "email",
          reason: "unreachable",
          count: 196,
          since: new Date("2026-11-28T15:02:00Z"),
          nextTry: new Date("2026-11-28T15:30:00Z"),
          lastAnswer: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
        },
        time,
      ),
    ).toBe("196 e-mails wait: the mail server cannot be reached since 15:02, next try 15:30.");
  });

  it("gives the other side's words when it asked to try later", () => {
    expect(
      describeWait(
        {
          channel: "webhook",
          reason: "deferred",
          count: 1,
          since: new Date("2026-11-28T15:02:00Z"),
          nextTry: new Date("2026-11-28T15:04:00Z"),
          lastAnswer: "HTTP 503",
        },
        time,
      ),
    ).toBe("1 web hook call waits: the web hook asked to try again later (HTTP 503), next try 15:04.");
  });

  it("offers Retry only where it can help", () => {
    expect(retryHelps({ state: "unknown", waitReason: null })).toBe(true);
    expect(retryHelps({ state: "failed", waitReason: "unreachable" })).toBe(true);
    expect(retryHelps({ state: "failed", waitReason: "refused" })).toBe(false);
    expect(retryHelps({ state: "sent", waitReason: null })).toBe(false);
  });
});
