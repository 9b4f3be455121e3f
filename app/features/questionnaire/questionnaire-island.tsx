import type { PublicEnv } from "~/infra/env.server";
import { PublicEnvContext } from "./public-env";
import { Questionnaire, type QuestionnaireProps } from "./questionnaire";

export type QuestionnaireIslandProps = QuestionnaireProps & { publicEnv?: PublicEnv };

/** The questionnaire as an island's whole tree: what the server renders and the entry hydrates. */
export function QuestionnaireIsland({ publicEnv, ...props }: QuestionnaireIslandProps) {
  return (
    <PublicEnvContext.Provider value={publicEnv}>
      <Questionnaire {...props} />
    </PublicEnvContext.Provider>
  );
}
