import type { Route } from "./+types/robots-txt";
import { requireServices } from "~/context";
import { renderRobotsTxt } from "~/kernel/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  return new Response(renderRobotsTxt(services.env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
