import { describe, expect, it } from "vitest";
import { afterFailure, backoffMs, BACKOFF_CAP_MS, classifyHttpStatus, classifySmtpError, MAX_ATTEMPTS } from "./rules";

describe("back-off", () => {
  it("doubles from the configured base and stops growing at the cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3].map((n) => backoffMs(n))).toEqual([60_000, 120_000, 240_000]);
    expect(backoffMs(40, 60_000)).toBe(BACKOFF_CAP_MS);
  });

  it("puts a temporary failure back in the queue until the last attempt, then fails it", () => {
    const now = new Date("2026-11-28T15:02:00Z");
    const temporary = classifySmtpError({ code: "ESOCKET", message: "connect ECONNREFUSED 127.0.0.1:2525" });
    expect(afterFailure(temporary, 1, now, 60_000)).toEqual({
      state: "queued",
      notBefore: new Date("2026-11-28T15:03:00Z"),
    });
    expect(afterFailure(temporary, MAX_ATTEMPTS, now, 60_000)).toEqual({ state: "failed" });
  });

  it("fails a permanent answer at the first attempt", () => {
    const permanent = classifySmtpError({ responseCode: 550, response: "550 5.1.1 Mailbox unknown" });
    expect(afterFailure(permanent, 1, new Date(), 60_000)).toEqual({ state: "failed" });
  });
});

describe("what the mail relay's answer means", () => {
  it("a 5xx is refused for good, with the server's words", () => {
    expect(classifySmtpError({ responseCode: 550, response: "550 5.1.1  Mailbox\r\n unknown" })).toEqual({
      ok: false,
      permanent: true,
      reason: "refused",
      detail: "550 5.1.1 Mailbox unknown",
    });
  });

  it("a 4xx is deferred, to be tried again", () => {
    expect(classifySmtpError({ responseCode: 451, response: "451 4.7.1 Try again later" })).toMatchObject({
      permanent: false,
      reason: "deferred",
    });
  });

  it("no answer at all (refused or cut connection, timeout) means the relay cannot be reached", () => {
    for (const error of [
      { code: "ESOCKET", message: "connect ECONNREFUSED 127.0.0.1:2525" },
      { code: "ETIMEDOUT", message: "Connection timeout" },
      new Error("socket hang up"),
    ])
      expect(classifySmtpError(error)).toMatchObject({ permanent: false, reason: "unreachable" });
  });
});

describe("what a web hook's status means", () => {
  it("2xx is done, 429 and 5xx wait, other 4xx fail", () => {
    expect(classifyHttpStatus(204).ok).toBe(true);
    expect(classifyHttpStatus(302).ok).toBe(true);
    expect(classifyHttpStatus(429)).toMatchObject({ permanent: false, reason: "deferred" });
    expect(classifyHttpStatus(503)).toMatchObject({ permanent: false, reason: "deferred" });
    expect(classifyHttpStatus(404)).toMatchObject({ permanent: true, reason: "refused", detail: "HTTP 404" });
  });
});
