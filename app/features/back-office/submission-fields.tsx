import type { DeadLetterField } from "./dead-letters";

/** What a visitor sent, label by label, with mailto:/tel: links (Unsaved submissions, Held for review). */
export function SubmissionFields({ fields }: { fields: readonly DeadLetterField[] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="font-medium text-ink/80">{field.label}</dt>
          <dd className="whitespace-pre-wrap break-words">
            {field.href ? (
              <a href={field.href} className="font-medium text-teal-700 underline">
                {field.value}
              </a>
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
