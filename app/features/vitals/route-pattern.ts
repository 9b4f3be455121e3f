import { matchPath } from "react-router";
import { routeEntries } from "~/kernel/route-meta";

/** Visitor pages outside the page table (app/routes.ts); anything else is the not-found route. */
const EXTRA_PATTERNS = ["/checkout/test/:id", "/newsletter", "/newsletter/confirm", "/newsletter/unsubscribe"];
const PATTERNS = [...routeEntries.map((entry) => entry.path), ...EXTRA_PATTERNS];
export const NOT_FOUND_PATTERN = "*";

/**
 * The route a visited path belongs to (`/blog/:slug` for every post), so what is stored never
 * holds a slug, an id or a query, only a pattern from the site's own route table.
 */
export function routePatternOf(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? "/";
  // Static patterns first: `/services/get-fit` is its own page, not a parameter of another.
  const byStatic = [...PATTERNS].sort((a, b) => Number(a.includes(":")) - Number(b.includes(":")));
  for (const pattern of byStatic) if (matchPath({ path: pattern, end: true }, path)) return pattern;
  return NOT_FOUND_PATTERN;
}
