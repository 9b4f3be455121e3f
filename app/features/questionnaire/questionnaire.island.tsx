import { runIslands } from "~/features/islands/island-client";
import { QuestionnaireIsland, type QuestionnaireIslandProps } from "./questionnaire-island";

/**
 * The questionnaire's island entry: the UI library (Preact in the browser build, decision 034) and
 * the questionnaire, nothing of the router (docs/decisions/017-islands-and-per-request-pages.md). Run by the page's boot script
 * when the questionnaire comes near the screen; importing it starts every questionnaire on the page.
 */
runIslands("questionnaire", (props) => <QuestionnaireIsland {...(props as QuestionnaireIslandProps)} />);
