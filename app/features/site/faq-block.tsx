import { useId, useState } from "react";
import type { FaqEntry } from "#content/types";
import { Icon } from "~/ui/icon";
import { buttonStyles } from "~/ui/button";

export const FAQ_VISIBLE_COUNT = 3;

/**
 * Accordion with one answer open at a time; the first three questions show,
 * "Show more" reveals the rest. Each question is a button with aria-expanded
 * controlling a labelled region.
 */
export function FaqBlock({ entries, headingLevel = 3 }: { entries: FaqEntry[]; headingLevel?: 3 | 4 }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const visible = showAll ? entries : entries.slice(0, FAQ_VISIBLE_COUNT);
  const Heading = headingLevel === 3 ? "h3" : "h4";

  return (
    <div className="mx-auto max-w-3xl">
      <ul id={listId} className="grid gap-3">
        {visible.map((entry, index) => {
          const open = openIndex === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <li
              key={entry.question}
              className={`rounded-2xl border bg-white transition-shadow ${open ? "border-teal/40 shadow-lg shadow-navy/5" : "border-navy/10"}`}
            >
              <Heading className="text-base sm:text-lg">
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(open ? null : index)}
                  className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-navy hover:text-teal-700 sm:px-6 sm:py-5"
                >
                  <span>{entry.question}</span>
                  <span
                    className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${open ? "bg-teal text-white" : "bg-[#eef6f5] text-teal-700"}`}
                  >
                    <Icon name={open ? "minus" : "plus"} className="h-4 w-4" strokeWidth={2.4} />
                  </span>
                </button>
              </Heading>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!open}
                className="px-5 pb-5 leading-relaxed text-ink/85 sm:px-6"
              >
                <p>{entry.answer}</p>
              </div>
            </li>
          );
        })}
      </ul>
      {entries.length > FAQ_VISIBLE_COUNT && (
        <div className="mt-8 text-center">
          <button
            type="button"
            aria-expanded={showAll}
            aria-controls={listId}
            onClick={() => {
              if (showAll && openIndex !== null && openIndex >= FAQ_VISIBLE_COUNT) setOpenIndex(null);
              setShowAll(!showAll);
            }}
            className={buttonStyles({ variant: "secondary", className: "py-2.5" })}
          >
            {showAll ? "Show less" : "Show more"}
            <Icon name="chevron-down" className={`h-4 w-4 ${showAll ? "rotate-180" : ""}`} strokeWidth={2.4} />
          </button>
        </div>
      )}
    </div>
  );
}
