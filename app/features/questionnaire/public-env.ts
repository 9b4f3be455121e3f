import { createContext, useContext } from "react";
import type { PublicEnv } from "~/infra/env.server";

/**
 * The public settings from the root loader. A context, not the router's loader data, because the
 * questionnaire also runs as an island with no router around it (its props carry the settings).
 */
export const PublicEnvContext = createContext<PublicEnv | undefined>(undefined);

export function usePublicEnv(): PublicEnv | undefined {
  return useContext(PublicEnvContext);
}
