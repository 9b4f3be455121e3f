import type { BackupSummary } from "~/infra/backup-schedule.server";
import { buttonStyles } from "~/ui/button";
import { formatDateTime } from "./ui";

/** Rounded for a person: "45 minutes", "3 hours", "2 days". */
export function backupAge(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  if (hours < 48) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
  return `${Math.round(hours / 24)} days`;
}

export function backupSize(bytes: number): string {
  return bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** What the card says: one state at a time, so a new site is never both "none yet" and "overdue". */
export type BackupState =
  { kind: "failed" } | { kind: "none" } | { kind: "overdue"; ageHours: number } | { kind: "good"; ageHours: number };

export function backupState(backup: BackupSummary): BackupState {
  if (backup.lastAttemptFailed) return { kind: "failed" };
  if (!backup.lastGoodAt || backup.ageHours === null) return { kind: "none" };
  return backup.stale ? { kind: "overdue", ageHours: backup.ageHours } : { kind: "good", ageHours: backup.ageHours };
}

const ASK = "ask whoever runs the site to check the server\u2019s backups (the site\u2019s README explains how).";

/** The copy kept away from the server, which is what survives the server itself breaking. */
export type OffsiteState =
  | { kind: "not-configured" }
  | { kind: "failed" }
  | { kind: "none" }
  | { kind: "overdue"; ageHours: number; at: string }
  | { kind: "good"; ageHours: number; at: string };

export function offsiteState(backup: BackupSummary): OffsiteState {
  const { offsite } = backup;
  if (!offsite.configured) return { kind: "not-configured" };
  if (offsite.lastAttemptFailed) return { kind: "failed" };
  if (!offsite.lastGoodAt || offsite.ageHours === null) return { kind: "none" };
  const copy = { ageHours: offsite.ageHours, at: offsite.lastGoodAt };
  return offsite.stale ? { kind: "overdue", ...copy } : { kind: "good", ...copy };
}

function OffsiteLine({ state }: { state: OffsiteState }) {
  switch (state.kind) {
    case "not-configured":
      return (
        <p className="mt-2">
          The backups are kept on this server only, so a broken server would take them with it. Ask whoever runs the
          site to set up an off-site copy.
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="mt-2 font-semibold text-amber-900">
          The last off-site copy failed: please {ASK}
        </p>
      );
    case "none":
      return (
        <p role="alert" className="mt-2 font-semibold text-amber-900">
          No backup has been copied off-site yet. If this still says so tomorrow, please {ASK}
        </p>
      );
    case "overdue":
      return (
        <p role="alert" className="mt-2 font-semibold text-amber-900">
          The newest off-site copy is {backupAge(state.ageHours)} old. Please {ASK}
        </p>
      );
    case "good":
      return (
        <p className="mt-2">
          Off-site copy: <time dateTime={state.at}>{formatDateTime(state.at)}</time> ({backupAge(state.ageHours)} ago).
        </p>
      );
  }
}

/**
 * The newest good backup on the dashboard, with a link to download it: when it was made and its
 * size, and a warning the trainer cannot miss when it is overdue (older than a day and two hours)
 * or the last try failed. The link is a plain one (no `download` attribute): when the server first
 * asks for her code, she sees that page instead of the browser saving it as the file.
 */
export function BackupStatus({ backup }: { backup: BackupSummary }) {
  const state = backupState(backup);
  const offsite = offsiteState(backup);
  const warn = ["failed", "overdue"].includes(state.kind) || ["failed", "none", "overdue"].includes(offsite.kind);
  return (
    <section
      aria-labelledby="backup-heading"
      className={`mb-6 rounded-2xl p-5 ring-1 ${warn ? "bg-amber-50 ring-amber-300" : "bg-white ring-navy/10"}`}
    >
      <h2 id="backup-heading" className="mb-2 text-lg font-semibold text-navy">
        Backups
      </h2>
      {state.kind === "none" ? (
        <p>No backup has been made yet. The server makes them on its own; if this still says so tomorrow, {ASK}</p>
      ) : null}
      {state.kind === "failed" ? (
        <p role="alert" className="font-semibold text-amber-900">
          The last backup attempt failed: please {ASK}
        </p>
      ) : null}
      {state.kind === "overdue" ? (
        <p role="alert" className="font-semibold text-amber-900">
          Backups are overdue: the newest one is {backupAge(state.ageHours)} old. Please {ASK}
        </p>
      ) : null}
      {backup.lastGoodAt && backup.ageHours !== null ? (
        <p className={warn ? "mt-2" : undefined}>
          {state.kind === "good" ? "Last good backup" : "Newest good backup"}:{" "}
          <time dateTime={backup.lastGoodAt}>{formatDateTime(backup.lastGoodAt)}</time> ({backupAge(backup.ageHours)}{" "}
          ago), {backupSize(backup.size ?? 0)}.
        </p>
      ) : null}
      {/* On a new site the one thing to say is that no backup exists yet. */}
      {state.kind === "none" ? null : <OffsiteLine state={offsite} />}
      {backup.file ? (
        <p className="mt-3">
          <a
            href={`/admin/backups/${encodeURIComponent(backup.file)}`}
            className={buttonStyles({ variant: "secondary", size: "md", className: "py-2.5" })}
          >
            Download this backup
          </a>
        </p>
      ) : null}
    </section>
  );
}
