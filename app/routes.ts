import { type RouteConfig, route } from "@react-router/dev/routes";
import { routeEntries } from "./features/site/route-meta";

export default [
  ...routeEntries.map((entry) => route(entry.path, entry.file, { id: entry.id })),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("api/create-checkout-session", "routes/api.create-checkout-session.ts"),
  route("api/stripe-webhook", "routes/api.stripe-webhook.ts"),
  route("api/customer-portal", "routes/api.customer-portal.ts"),
  route("checkout/test/:id", "routes/checkout-test.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
