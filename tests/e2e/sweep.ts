/**
 * Tests that walk every route are split: `npm test` walks a representative handful (the home page,
 * one service page, pricing, one post, the lead page and the article editor), and the tests of the
 * other routes carry the tag @sweep, which only `npm run test:sweeps` runs (once per CI run).
 */
export const HANDFUL = new Set(["/", "/services/get-fit", "/pricing", "/blog/:slug", "/start", "/admin/articles/new"]);

/** " @sweep" for a route outside the handful (a path or a route pattern), "" for one in it. */
export const sweepTag = (route: string): string => (HANDFUL.has(route) ? "" : " @sweep");

/** The routes of a list that `npm test` walks, and the ones only the sweeps stage walks. */
export function splitRoutes<T>(routes: readonly T[], pathOf: (route: T) => string): { handful: T[]; rest: T[] } {
  return {
    handful: routes.filter((r) => HANDFUL.has(pathOf(r))),
    rest: routes.filter((r) => !HANDFUL.has(pathOf(r))),
  };
}
