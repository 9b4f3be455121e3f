import type { Route } from "./+types/well-known-jwks";
import { requireServices } from "~/context";

/** Public keys for the back office's access tokens; a client may cache them for ten minutes. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const jwks = await services.auth.api.getJwks();
  return Response.json(jwks, { headers: { "Cache-Control": "public, max-age=600" } });
}
