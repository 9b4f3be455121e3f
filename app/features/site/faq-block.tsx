import { useId } from "react";
import type { FaqEntry } from "#content/types";
import { Icon } from "~/ui/icon";
import { buttonStyles } from "~/ui/button";

export const FAQ_VISIBLE_COUNT = 3;

/**
 * Accordion with one answer open at a time; the first three questions show, "Show more" reveals
 * the rest. Native HTML, so it works before the app loads and without JavaScript (decision 009):
 * each question is a <details> of one exclusive group (`name`), "Show more" a <details> of its own
 * whose summary sits below the extra questions.
 */
export function FaqBlock({ entries, headingLevel = 3 }: { entries: FaqEntry[]; headingLevel?: 3 | 4 }) {
  // One group per block: the browser keeps at most one of its answers open.
  const group = `faq${useId()}`;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const item = (entry: FaqEntry) => (
    <li key={entry.question}>
      <details
        name={group}
        className="group rounded-2xl border border-navy/10 bg-white transition-shadow open:border-teal/40 open:shadow-lg open:shadow-navy/5"
      >
        <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-navy hover:text-teal-700 sm:px-6 sm:py-5 [&::-webkit-details-marker]:hidden">
          <Heading className="text-base sm:text-lg">{entry.question}</Heading>
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-[#eef6f5] text-teal-700 group-open:bg-teal group-open:text-white">
            {/* One icon: a plus whose upright stroke hides when the answer is open. */}
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.4}
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M5 12h14" />
              <path d="M12 5v14" className="group-open:hidden" />
            </svg>
          </span>
        </summary>
        <div className="px-5 pb-5 leading-relaxed text-ink/85 sm:px-6">
          <p>{entry.answer}</p>
        </div>
      </details>
    </li>
  );
  const extra = entries.slice(FAQ_VISIBLE_COUNT);

  return (
    <div className="mx-auto max-w-3xl">
      <ul className="grid gap-3">{entries.slice(0, FAQ_VISIBLE_COUNT).map(item)}</ul>
      {extra.length > 0 && (
        // Column-reverse puts the summary ("Show more" / "Show less") below the questions it reveals.
        <details className="group/more flex flex-col-reverse">
          <summary
            className={buttonStyles({
              variant: "secondary",
              className: "mt-8 cursor-pointer list-none self-center py-2.5 [&::-webkit-details-marker]:hidden",
            })}
          >
            <span className="group-open/more:hidden">Show more</span>
            <span className="hidden group-open/more:inline">Show less</span>
            <Icon name="chevron-down" className="h-4 w-4 group-open/more:rotate-180" strokeWidth={2.4} />
          </summary>
          <ul className="mt-3 grid gap-3">{extra.map(item)}</ul>
        </details>
      )}
    </div>
  );
}
