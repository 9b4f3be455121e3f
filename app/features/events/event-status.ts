/** A content entry's state, as the content store keeps it. */
export type EntryStatus = "draft" | "scheduled" | "published" | "unpublished";

const LABELS: Record<EntryStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "On the site",
  unpublished: "Off the site",
};

/**
 * What the back office calls an event: once it has started it is "Past", whatever its entry's
 * state (a published past event is not something visitors can still join, so not "On the site").
 */
export function eventStatusLabel(status: EntryStatus, past: boolean): { label: string; live: boolean } {
  if (past) return { label: "Past", live: false };
  return { label: LABELS[status], live: status === "published" };
}
