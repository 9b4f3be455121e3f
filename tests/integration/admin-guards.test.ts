import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { session as sessionTable } from "#db/schema";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The back office's guards are middleware on its layouts and on the routes that need the code again
 * (app/routes.ts): every admin route, read from the build, still refuses what it refused when each
 * route called the guards itself. A signed-out request goes to sign in, a post from another site gets
 * 403, and where a recent code is needed an old one sends her to confirm it.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

/** The pages where a session is being made: open to anyone, but forms only from the site itself. */
const SIGN_IN = new Set(["/admin/login", "/admin/verify", "/admin/forgot-password", "/admin/reset-password"]);
/** Downloads scripts may fetch with an access token instead of a session (checked by their own middleware). */
const TOKEN_DOWNLOADS = new Set(["/admin/export/x"]);
/** Where every request (or every form, on Security) needs the code from the last 15 minutes. */
const RECENT_CODE = ["/admin/data-requests", "/admin/data-requests/export", "/admin/security", "/admin/backups/x"];

interface AdminRoute {
  path: string;
  action: boolean;
  loader: boolean;
}

/** Every route under /admin in the server build, with its parameters filled in. */
async function adminRoutes(): Promise<AdminRoute[]> {
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? "";
    const parent = route.parentId ? full(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .map((id) => ({ id, path: `/${full(id)}`.replace(/:\w+/g, "x") }))
    .filter(({ path: p, id }) => /^\/admin(\/|$)/.test(p) && !build.routes[id]!.index)
    .map(({ id, path: p }) => ({
      path: p,
      action: typeof build.routes[id]!.module.action === "function",
      loader: typeof build.routes[id]!.module.loader === "function",
    }));
}

describe("the back office's guards, as middleware", () => {
  let built: BuiltSite;
  let jar: Jar;
  let routes: AdminRoute[];
  const request = (
    pathname: string,
    init: { method?: string; origin?: string | null; referer?: string; cookie?: string } = {},
  ) =>
    fetch(`${built.site}${pathname}`, {
      method: init.method ?? "POST",
      redirect: "manual",
      headers: {
        ...(init.origin === null ? {} : { origin: init.origin ?? built.site }),
        ...(init.referer ? { referer: init.referer } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        "content-type": "application/x-www-form-urlencoded",
      },
      ...((init.method ?? "POST") === "POST" ? { body: "intent=probe" } : {}),
    });

  beforeAll(async () => {
    built = await startBuiltSite("admin-guards");
    ({ jar } = await enrolledTrainer(
      { services: built.services, cspNonce: "test", clientIp: "203.0.113.61" },
      built.site,
      "guards@example.com",
    ));
    routes = await adminRoutes();
    // The list is read from the build: it holds the pages the guards cover, not only a few.
    expect(routes.filter((r) => r.action).length).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await built.close();
  });

  it("sends a signed-out request to sign in, for every page, form and download behind the sign-in", async () => {
    const guarded = routes.filter((r) => !SIGN_IN.has(r.path) && r.path !== "/admin/sign-out");
    for (const route of guarded) {
      for (const method of [...(route.action ? ["POST"] : []), ...(route.loader ? ["GET"] : [])]) {
        const answer = await request(route.path, { method });
        const refused = TOKEN_DOWNLOADS.has(route.path)
          ? answer.status === 302 || answer.status === 401
          : answer.status === 302 && answer.headers.get("location")!.startsWith("/admin/login?");
        expect(refused, `${method} ${route.path}: ${answer.status} ${answer.headers.get("location")}`).toBe(true);
      }
    }
  });

  it("refuses a form from another site, or from nowhere it can tell, on every back-office action", async () => {
    for (const route of routes.filter((r) => r.action)) {
      const cookie = jar.header();
      // Another site's Origin: React Router's own check answers 400 before any route code runs.
      const foreign = await request(route.path, { origin: "https://evil.example", cookie });
      expect([400, 403], `${route.path} from another origin`).toContain(foreign.status);
      // No Origin (an older browser, a stripped header): the back office's own check, 403.
      const unknown = await request(route.path, { origin: null, cookie });
      expect(unknown.status, `${route.path} without an origin`).toBe(403);
      const referred = await request(route.path, { origin: null, referer: "https://evil.example/page", cookie });
      expect(referred.status, `${route.path} referred by another site`).toBe(403);
    }
  });

  it("asks for the code again where a recent one is needed", async () => {
    await built.services.database.db
      .update(sessionTable)
      .set({ verifiedAt: sql`${sessionTable.verifiedAt} - interval '20 minutes'` })
      .where(eq(sessionTable.userId, (await built.services.database.db.select().from(sessionTable))[0]!.userId));
    for (const pathname of RECENT_CODE) {
      const route = routes.find((r) => r.path === pathname);
      expect(route, pathname).toBeDefined();
      const answer = await request(pathname, { method: route!.action ? "POST" : "GET", cookie: jar.header() });
      expect(answer.status, pathname).toBe(302);
      expect(answer.headers.get("location"), pathname).toMatch(/^\/admin\/confirm\?redirectTo=/);
    }
    // Pages without that need stay open with the older code.
    expect((await request("/admin", { method: "GET", cookie: jar.header() })).status).toBe(200);
  });
});
