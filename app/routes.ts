import { type RouteConfig, route } from "@react-router/dev/routes";
import { routeEntries } from "./features/site/route-meta";

export default [
  ...routeEntries.map((entry) => route(entry.path, entry.file, { id: entry.id })),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
