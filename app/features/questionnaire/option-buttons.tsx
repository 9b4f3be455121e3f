import type { IconName } from "#content/types";
import type { Question } from "./questions";

/** The id of an option icon's symbol in the page's sprite (option-icons.tsx). */
export const optionIconId = (name: IconName) => `questionnaire-icon-${name}`;

/** An option's icon, drawn from the sprite the page carries beside the island. */
function OptionIcon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <use href={`#${optionIconId(name)}`} />
    </svg>
  );
}

/** Answer options as toggle buttons: choosing one is a deliberate press, never an arrow key. */
export function OptionButtons({
  question,
  selected,
  onChoose,
  describedBy,
}: {
  question: Question;
  selected: string | undefined;
  onChoose: (value: string) => void;
  describedBy?: string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-describedby={describedBy}>
      {question.options?.map((option) => {
        const isSelected = option.value === selected;
        return (
          <li key={option.value}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onChoose(option.value)}
              className={`flex min-h-16 w-full items-center gap-4 rounded-2xl border-2 px-4 py-3 text-left transition-colors duration-300 motion-reduce:transition-none ${
                isSelected
                  ? "border-teal bg-teal/10"
                  : "border-navy/15 bg-white hover:border-teal/60 hover:bg-[#eef6f5]"
              }`}
            >
              <span
                className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${isSelected ? "bg-teal text-white" : "bg-[#eef6f5] text-teal-700"}`}
              >
                <OptionIcon name={option.icon} />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-navy">{option.label}</span>
                {option.hint && <span className="block text-sm text-ink/75">{option.hint}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
