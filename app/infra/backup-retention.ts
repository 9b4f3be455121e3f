/**
 * Which backups to keep: the 3 newest whatever their time (several made in one hour are not
 * one copy: a damaged newest one has another beside it), and the newest of each of the last 24
 * hours, 7 days, 4 ISO weeks and 6 months that have a backup (all in UTC). A backup kept by any
 * rule stays; the rest go.
 */
export const RETENTION = { newest: 3, hourly: 24, daily: 7, weekly: 4, monthly: 6 } as const;

export interface BackupFile {
  name: string;
  createdAt: Date;
}

type Bucket = (date: Date) => string;

const pad = (value: number) => String(value).padStart(2, "0");
const day: Bucket = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const hour: Bucket = (d) => `${day(d)}T${pad(d.getUTCHours())}`;
const month: Bucket = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
const isoWeek: Bucket = (d) => {
  // The ISO week belongs to the year of its Thursday.
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / 604_800_000);
  return `${thursday.getUTCFullYear()}-W${pad(week)}`;
};

export function backupsToKeep(backups: BackupFile[], rules: Record<keyof typeof RETENTION, number> = RETENTION) {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>();
  const apply = (bucket: Bucket, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = bucket(backup.createdAt);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup.name);
    }
  };
  for (const backup of newestFirst.slice(0, rules.newest)) keep.add(backup.name);
  apply(hour, rules.hourly);
  apply(day, rules.daily);
  apply(isoWeek, rules.weekly);
  apply(month, rules.monthly);
  return keep;
}

/**
 * `backup-20261127T223000Z.tar.gz` (`.enc` when encrypted): the time it was made, in UTC. A second
 * backup made in the same second is `backup-20261127T223000Z-2.tar.gz`, and so on.
 */
const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-[2-9]|-[1-9]\d+)?\.tar\.gz(\.enc)?$/;

export function backupTime(name: string): Date | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, date, hours, minutes, seconds] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, date, hours, minutes, seconds));
}

/** The name of a backup made at `createdAt`; `nth` > 1 for another one made in the same second. */
export function backupName(createdAt: Date, encrypted: boolean, nth = 1): string {
  const stamp = createdAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `backup-${stamp}${nth > 1 ? `-${nth}` : ""}.tar.gz${encrypted ? ".enc" : ""}`;
}
