import type { Route } from "./+types/sitemap[.]xml";
import { requireServices } from "~/infra/context";
import { renderSitemapXml, staticSitemapUrls } from "~/features/site/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const xml = renderSitemapXml(staticSitemapUrls(services.env.SITE_URL));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
