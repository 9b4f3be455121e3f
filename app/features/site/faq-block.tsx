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
  // Five elements a question: the plus/minus badge is the summary's ::after and the classes are
  // the `faq-*` rules of site.css, so a page with many questions parses and styles little.
  const item = (entry: FaqEntry) => (
    <li key={entry.question}>
      <details name={group} className="faq-item">
        <summary className="faq-question">
          <Heading className="text-base sm:text-lg">{entry.question}</Heading>
        </summary>
        <p className="faq-answer">{entry.answer}</p>
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
