import type { IconName } from "#content/types";
import { iconPath } from "~/ui/icon";
import {
  ageQuestion,
  competitionGoalQuestion,
  frequencyQuestion,
  genderQuestion,
  goalQuestion,
  sportQuestion,
} from "./questions";
import { optionIconId } from "./option-buttons";

/** Every icon an answer option can show. */
const optionIcons = (): IconName[] => [
  ...new Set(
    [goalQuestion, sportQuestion, frequencyQuestion, competitionGoalQuestion(undefined), genderQuestion, ageQuestion]
      .flatMap((question) => question.options ?? [])
      .map((option) => option.icon),
  ),
];

/**
 * The answer options' icons as one hidden sprite in the page's HTML, beside the questionnaire's
 * island: the options draw them with `<use>`, so the island's code carries no icon paths
 * (docs/decisions/027-island-budgets.md).
 */
export function OptionIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <defs>
        {optionIcons().map((name) => (
          <symbol key={name} id={optionIconId(name)} viewBox="0 0 24 24">
            <path d={iconPath(name)} />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}
