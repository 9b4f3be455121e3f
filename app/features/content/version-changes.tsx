import type { FieldChange } from "./diff";

/** What one version changed against the one saved before it, as a line diff per field. */
export function VersionChanges({ version, changes }: { version: number; changes: FieldChange[] | null }) {
  if (!changes) return <p className="w-full text-sm text-ink/70">The first version.</p>;
  if (changes.length === 0)
    return <p className="w-full text-sm text-ink/70">Nothing changed from version {version - 1}.</p>;
  return (
    <details className="w-full rounded-lg bg-white p-3 ring-1 ring-navy/10">
      <summary className="cursor-pointer font-medium text-teal-700">
        What changed from version {version - 1}: {changes.map((c) => c.label).join(", ")}
      </summary>
      <div className="mt-3 grid gap-4">
        {changes.map((change) => (
          <div key={change.field}>
            <h3 className="font-semibold text-navy">{change.label}</h3>
            <div className="mt-1 overflow-x-auto rounded bg-sand/40 p-2 font-mono text-sm leading-relaxed">
              {change.lines.map((line, index) =>
                line.kind === "folded" ? (
                  <p key={index} className="text-ink/70">
                    … {line.count} unchanged {line.count === 1 ? "line" : "lines"}
                  </p>
                ) : line.kind === "removed" ? (
                  <del key={index} className="block whitespace-pre-wrap bg-red-50 text-red-900">
                    <span className="sr-only">Removed: </span>
                    <span aria-hidden="true">− </span>
                    {line.text}
                  </del>
                ) : line.kind === "added" ? (
                  <ins key={index} className="block whitespace-pre-wrap bg-emerald-50 text-emerald-900 no-underline">
                    <span className="sr-only">Added: </span>
                    <span aria-hidden="true">+ </span>
                    {line.text}
                  </ins>
                ) : (
                  <span key={index} className="block whitespace-pre-wrap text-ink/80">
                    {"  "}
                    {line.text}
                  </span>
                ),
              )}
            </div>
          </div>
        ))}
      </div>
    </details>
  );
}
