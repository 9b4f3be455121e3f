import type { BackupSummary } from "~/infra/backup-schedule.server";
import { formatDateTime } from "./ui";

/** Rounded for a person: "45 minutes", "3 hours", "2 days". */
export function backupAge(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} minutes`;
  if (hours < 48) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
  return `${Math.round(hours / 24)} days`;
}

export function backupSize(bytes: number): string {
  return bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * The newest good backup on the dashboard: when it was made and its size, and a warning the
 * trainer cannot miss when it is overdue (older than a day and two hours) or the last try failed.
 */
export function BackupStatus({ backup }: { backup: BackupSummary }) {
  const overdue = backup.stale || backup.lastAttemptFailed;
  return (
    <section
      aria-labelledby="backup-heading"
      className={`mb-6 rounded-2xl p-5 ring-1 ${overdue ? "bg-amber-50 ring-amber-300" : "bg-white ring-navy/10"}`}
    >
      <h2 id="backup-heading" className="mb-2 text-lg font-semibold text-navy">
        Backups
      </h2>
      {backup.lastGoodAt && backup.ageHours !== null ? (
        <p>
          Last good backup: <time dateTime={backup.lastGoodAt}>{formatDateTime(backup.lastGoodAt)}</time> (
          {backupAge(backup.ageHours)} ago), {backupSize(backup.size ?? 0)}.
        </p>
      ) : (
        <p>No backup has been made yet.</p>
      )}
      {overdue ? (
        <p role="alert" className="mt-2 font-semibold text-amber-900">
          {backup.lastAttemptFailed
            ? "The last backup attempt failed. "
            : "Backups are overdue: the newest one is more than 26 hours old. "}
          Ask whoever runs the site to check the server&apos;s backups (the site&apos;s README explains how).
        </p>
      ) : null}
    </section>
  );
}
