import { useRouteLoaderData } from "react-router";
import type { PublicEnv } from "~/infra/env.server";

/** The public settings the root loader hands to the browser (baked into prerendered pages). */
export function usePublicEnv(): PublicEnv | undefined {
  return useRouteLoaderData<{ publicEnv: PublicEnv }>("root")?.publicEnv;
}
