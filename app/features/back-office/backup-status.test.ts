import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { summarise } from "~/infra/backup-schedule.server";
import { backupAge, backupSize, BackupStatus } from "./backup-status";

describe("backup status", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const made = (hoursAgo: number) => ({
    lastGood: {
      file: "backup-20261123T110000Z.tar.gz",
      size: 2_097_152,
      createdAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
      durationMs: 1,
    },
  });
  const card = (status: Parameters<typeof summarise>[0]) =>
    renderToStaticMarkup(createElement(BackupStatus, { backup: summarise(status, now) }));

  it("warns once the newest good backup is older than 26 hours, or when there is none", () => {
    expect(summarise(made(25.9), now).stale).toBe(false);
    expect(summarise(made(26.1), now).stale).toBe(true);
    expect(summarise({}, now)).toMatchObject({ stale: true, lastGoodAt: null });
  });

  it("reports a failed last attempt even when an older good backup exists", () => {
    const status = { ...made(1), lastAttempt: { at: new Date(now).toISOString(), ok: false, error: "disk full" } };
    expect(summarise(status, now)).toMatchObject({ stale: false, lastAttemptFailed: true });
  });

  it("says one thing on a new site: no backup yet, not also that backups are overdue, and offers no download", () => {
    const html = card({});
    expect(html).toContain("No backup has been made yet.");
    expect(html).not.toMatch(/overdue|failed/i);
    expect(html).not.toContain("/admin/backups/");
  });

  it("links the newest backup as a plain link (no download attribute), in every state that has one", () => {
    for (const status of [made(1), made(30), { ...made(30), lastAttempt: { at: "", ok: false } }]) {
      const html = card(status);
      expect(html).toContain('href="/admin/backups/backup-20261123T110000Z.tar.gz"');
      expect(html).not.toMatch(/<a[^>]*\sdownload/);
    }
    expect(card(made(30))).toMatch(/overdue/);
    expect(card({ ...made(1), lastAttempt: { at: "", ok: false } })).toMatch(/attempt failed/);
  });

  describe("the off-site copy", () => {
    const offCard = (status: Parameters<typeof summarise>[0]) =>
      renderToStaticMarkup(createElement(BackupStatus, { backup: summarise(status, now, true) }));
    const copied = (hoursAgo: number) => ({
      lastGood: { file: "f", size: 1, createdAt: new Date(now - hoursAgo * 3_600_000).toISOString(), copiedAt: "" },
      lastAttempt: { at: "", file: "f", ok: true },
    });

    it("says when the newest copy away from the server was made", () => {
      const html = offCard({ ...made(1), offsite: copied(1) });
      expect(html).toMatch(/Off-site copy: <time dateTime="[^"]+">[^<]+<\/time> \(1 hour ago\)\./);
      expect(html).not.toContain('role="alert"');
    });

    it("warns when the last copy failed, when there is none, and when the newest is over 26 hours old", () => {
      const failed = { ...copied(1), lastAttempt: { at: "", file: "g", ok: false, error: "NoSuchBucket" } };
      expect(offCard({ ...made(1), offsite: failed })).toMatch(/role="alert"[^>]*>The last off-site copy failed/);
      expect(offCard(made(1))).toMatch(/role="alert"[^>]*>No backup has been copied off-site yet/);
      expect(offCard({ ...made(1), offsite: copied(27) })).toMatch(
        /role="alert"[^>]*>The newest off-site copy is 27 hours old/,
      );
      expect(summarise({ ...made(1), offsite: copied(27) }, now, true).offsite).toMatchObject({
        stale: true,
        ageHours: 27,
      });
    });

    it("tells a site without one that its backups share the server's fate, without raising an alarm", () => {
      const html = card(made(1));
      expect(html).toContain("kept on this server only");
      expect(html).not.toContain('role="alert"');
      expect(summarise(made(1), now).offsite).toMatchObject({
        configured: false,
        stale: false,
        lastAttemptFailed: false,
      });
    });
  });

  it("says age and size the way a person reads them", () => {
    expect(backupAge(0.25)).toBe("15 minutes");
    expect(backupAge(0.01)).toBe("1 minute");
    expect(backupAge(1)).toBe("1 hour");
    expect(backupAge(30)).toBe("30 hours");
    expect(backupAge(72)).toBe("3 days");
    expect(backupSize(2_097_152)).toBe("2.0 MB");
    expect(backupSize(10_240)).toBe("10 KB");
  });
});
