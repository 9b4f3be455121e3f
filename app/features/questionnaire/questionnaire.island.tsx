import { runIsland, runIslands } from "~/features/islands/island-client";
import { QuestionnaireIsland, type QuestionnaireIslandProps } from "./questionnaire-island";

/**
 * The questionnaire's island entry: the UI library (Preact in the browser build, decision 034) and
 * the questionnaire, nothing of the router (docs/decisions/017-islands-and-per-request-pages.md). Fetched by the page after it has loaded;
 * importing it starts every questionnaire on the page.
 */
const render = (props: unknown) => <QuestionnaireIsland {...(props as QuestionnaireIslandProps)} />;

export function startIsland(container: HTMLElement): () => void {
  return runIsland(container, render);
}

runIslands("questionnaire", render);
