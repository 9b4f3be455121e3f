import { describe, expect, it } from "vitest";
import { backupName, backupsToKeep, backupTime, RETENTION } from "./backup-retention";

const start = Date.UTC(2026, 0, 1, 0, 30);
/** One backup an hour for `hours` hours, newest last. */
function hourly(hours: number) {
  return Array.from({ length: hours }, (_, i) => {
    const createdAt = new Date(start + i * 3_600_000);
    return { name: createdAt.toISOString(), createdAt };
  });
}

describe("backup retention", () => {
  it("keeps the newest few whatever their hour: backups made in one hour are not one copy", () => {
    const sameHour = Array.from({ length: 5 }, (_, i) => {
      const createdAt = new Date(start + i * 60_000);
      return { name: String(i), createdAt };
    });
    expect(backupsToKeep(sameHour)).toEqual(new Set(["4", "3", "2"]));
  });

  it("keeps everything while there are fewer backups than the hourly rule allows", () => {
    const backups = hourly(10);
    expect(backupsToKeep(backups).size).toBe(10);
  });

  it("keeps 24 hourly, then one a day for 7 days, one a week for 4 weeks and one a month for 6 months", () => {
    // A year of hourly backups.
    const backups = hourly(365 * 24);
    const kept = [...backupsToKeep(backups)].map((name) => new Date(name)).sort((a, b) => b.getTime() - a.getTime());
    const newest = backups.at(-1)!.createdAt;
    // The 24 newest are all kept.
    for (const backup of backups.slice(-RETENTION.hourly)) expect(kept.map(String)).toContain(String(backup.createdAt));
    const days = new Set(kept.map((d) => d.toISOString().slice(0, 10)));
    const months = new Set(kept.map((d) => d.toISOString().slice(0, 7)));
    expect(months.size).toBe(RETENTION.monthly);
    // Hourly (24) + earlier days + weeks + months overlap, so far fewer than their sum.
    expect(kept.length).toBeLessThanOrEqual(RETENTION.hourly + RETENTION.daily + RETENTION.weekly + RETENTION.monthly);
    expect(kept.length).toBeGreaterThan(RETENTION.hourly);
    expect(days.size).toBeGreaterThanOrEqual(RETENTION.daily);
    // Nothing older than six months back.
    const oldest = kept.at(-1)!;
    expect(newest.getTime() - oldest.getTime()).toBeLessThan(190 * 24 * 3_600_000);
  });

  it("keeps the newest backup of each day, not the first", () => {
    const backups = hourly(24 * 10);
    const kept = backupsToKeep(backups, { newest: 0, hourly: 0, daily: 3, weekly: 0, monthly: 0 });
    expect(kept.size).toBe(3);
    for (const name of kept) expect(name.slice(11, 16)).toBe("23:30");
  });

  it("counts ISO weeks across a year boundary (2026-12-31 and 2027-01-01 share a week)", () => {
    const a = { name: "a", createdAt: new Date(Date.UTC(2026, 11, 31, 12)) };
    const b = { name: "b", createdAt: new Date(Date.UTC(2027, 0, 1, 12)) };
    const c = { name: "c", createdAt: new Date(Date.UTC(2027, 0, 4, 12)) };
    expect(backupsToKeep([a, b, c], { newest: 0, hourly: 0, daily: 0, weekly: 2, monthly: 0 })).toEqual(
      new Set(["c", "b"]),
    );
  });
});

describe("backup names", () => {
  it("name the second's later backups -2, -3, … and read the same time back from each", () => {
    const at = new Date("2026-11-28T03:00:00.250Z");
    const names = [1, 2, 12].map((nth) => backupName(at, true, nth));
    expect(names).toEqual([
      "backup-20261128T030000Z.tar.gz.enc",
      "backup-20261128T030000Z-2.tar.gz.enc",
      "backup-20261128T030000Z-12.tar.gz.enc",
    ]);
    for (const name of names) expect(backupTime(name)?.toISOString()).toBe("2026-11-28T03:00:00.000Z");
    expect(backupTime("backup-20261128T030000Z-1.tar.gz")).toBeUndefined();
    expect(backupTime("backup-20261128T030000Z-x.tar.gz")).toBeUndefined();
  });
});
