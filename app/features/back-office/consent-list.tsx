import type { ConsentView } from "./consent.server";
import { formatDateTime } from "./ui";

const ACTIONS: Record<string, string> = { signup: "Agreed when signing up", confirmation: "Confirmed by e-mail link" };

/** The proof-of-consent records of one person, oldest first: when, where, which words, from where. */
export function ConsentList({ records }: { records: ConsentView[] }) {
  if (records.length === 0)
    return <p className="text-sm text-ink/75">No consent record (signed up before they were kept).</p>;
  return (
    <ol className="space-y-3 text-sm">
      {records.map((r) => (
        <li key={`${r.at}-${r.action}-${r.form}`} className="rounded-xl bg-sand/40 p-3">
          <p className="font-semibold text-navy">
            {ACTIONS[r.action] ?? r.action} · <time dateTime={r.at}>{formatDateTime(r.at)}</time>
          </p>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
            <dt className="text-ink/75">Form</dt>
            <dd>{r.form}</dd>
            <dt className="text-ink/75">Page</dt>
            <dd className="break-all">{r.page ?? "unknown"}</dd>
            <dt className="text-ink/75">Text</dt>
            <dd>
              <span className="font-mono text-xs">{r.textVersion}</span>
              {r.text ? (
                <q className="mt-0.5 block text-ink/85">{r.text}</q>
              ) : (
                " (wording not found in content/consent.ts)"
              )}
            </dd>
            <dt className="text-ink/75">Network</dt>
            <dd>{r.network ?? "unknown"}</dd>
            <dt className="text-ink/75">Browser</dt>
            <dd className="break-all">{r.userAgent ?? "unknown"}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** A compact cell for list pages: the latest record, the rest behind a disclosure. */
export function ConsentCell({ records }: { records: ConsentView[] }) {
  const latest = records.at(-1);
  if (!latest) return <span className="text-ink/75">none</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {records.length === 1 ? "1 record" : `${records.length} records`}: {latest.form}
      </summary>
      <div className="mt-2 min-w-72">
        <ConsentList records={records} />
      </div>
    </details>
  );
}
