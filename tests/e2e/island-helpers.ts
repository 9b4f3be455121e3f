import type { Locator, Page, Route } from "@playwright/test";
import { ageWords, frequencyWords, genderWords, goalWords } from "~/features/leads/vocabulary";

/** An answer button of the questionnaire, by the start of its name (the label; a hint may follow). */
export const option = (scope: Locator, label: string) =>
  scope.getByRole("button", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`) });

/** Holds an island's entry file (`/assets/<name>.island-*.js`) until released; says whether it was asked for. */
export async function holdIsland(page: Page, name: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(new RegExp(`/assets/${name}\\.island-[^/]+\\.js$`), async (route: Route) => {
    requested = true;
    await gate;
    await route.continue();
  });
  return { release: () => release(), requested: () => requested };
}

/** Answers the four questions of the "getting fit" branch, which brings the questionnaire to its contact step. */
export async function answerToContact(scope: Locator) {
  for (const label of [
    goalWords["getting-fit"].label,
    frequencyWords.moderately.label,
    genderWords.female.label,
    ageWords["25-30"].label,
  ])
    await option(scope, label).click();
}

/**
 * Brings every island of the page near the screen, where it runs: its code is fetched after load,
 * but an island starts only within two screen heights of the view (the questionnaire at the foot of
 * the home page does not run for a visitor who stays at the top).
 */
export async function bringIslandsNear(page: Page) {
  for (const island of await page.locator("[data-island]").all()) await island.scrollIntoViewIfNeeded();
}
