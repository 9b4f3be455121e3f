import { LEAD_STATUSES, STATUS_LABELS } from "./labels";
import { compactInputClass } from "~/ui/field";

/** The lead statuses as a select; `anyLabel` adds a first "no choice" option (the list filter). */
export function StatusSelect({
  id,
  label,
  defaultValue,
  anyLabel,
}: {
  id: string;
  label: string;
  defaultValue: string;
  anyLabel?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name="status" defaultValue={defaultValue} className={compactInputClass}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The trainer's private note on a lead, with its error under it. */
export function NoteField({
  id,
  defaultValue,
  rows,
  error,
}: {
  id: string;
  defaultValue: string;
  rows: number;
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Private note
      </label>
      <textarea
        id={id}
        name="note"
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={compactInputClass}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
