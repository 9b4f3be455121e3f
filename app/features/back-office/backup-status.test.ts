import { describe, expect, it } from "vitest";
import { summarise } from "~/infra/backup-schedule.server";
import { backupAge, backupSize } from "./backup-status";

describe("backup status", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const made = (hoursAgo: number) => ({
    lastGood: {
      file: "b",
      size: 2_097_152,
      createdAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
      durationMs: 1,
    },
  });

  it("warns once the newest good backup is older than 26 hours, or when there is none", () => {
    expect(summarise(made(25.9), now).stale).toBe(false);
    expect(summarise(made(26.1), now).stale).toBe(true);
    expect(summarise({}, now)).toMatchObject({ stale: true, lastGoodAt: null });
  });

  it("reports a failed last attempt even when an older good backup exists", () => {
    const status = { ...made(1), lastAttempt: { at: new Date(now).toISOString(), ok: false, error: "disk full" } };
    expect(summarise(status, now)).toMatchObject({ stale: false, lastAttemptFailed: true });
  });

  it("says age and size the way a person reads them", () => {
    expect(backupAge(0.25)).toBe("15 minutes");
    expect(backupAge(1)).toBe("1 hour");
    expect(backupAge(30)).toBe("30 hours");
    expect(backupAge(72)).toBe("3 days");
    expect(backupSize(2_097_152)).toBe("2.0 MB");
    expect(backupSize(10_240)).toBe("10 KB");
  });
});
