import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webVitals } from "#db/schema";
import { createPostgresDatabase, dropPostgresDatabase, engines, type Engine } from "../support/database";
import { createServices } from "../../server/services";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { handleVitalsReport } from "~/features/vitals/collect.server";
import { vitalsSummary } from "~/features/vitals/store.server";
import { applyRetention } from "~/features/reports/retention.server";

const SITE = "https://coach.example";

/** The 75th percentile as PostgreSQL's percentile_cont computes it (linear between neighbours). */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/**
 * Real visitors' measurements through the endpoint's handler into PGlite or PostgreSQL, and the
 * back office's 75th percentiles read back from what was stored.
 */
describe.each(engines)("web vitals on %s", (engine: Engine) => {
  let services: AppServices;
  let databaseUrl: string | undefined;
  let address = 0;
  // Each test sends from its own address, so the rate limit of one never touches another.
  const ctx = (): RequestContext => ({ services, cspNonce: "test", clientIp: `198.51.100.${++address}` });
  const post = (body: unknown, init: { headers?: Record<string, string>; raw?: string; ip?: RequestContext } = {}) =>
    handleVitalsReport(
      new Request(`${SITE}/api/vitals`, {
        method: "POST",
        headers: { "content-type": "application/json", ...init.headers },
        body: init.raw ?? JSON.stringify(body),
      }),
      init.ip ?? ctx(),
    );
  const storedCount = async () => (await services.database.db.select().from(webVitals)).length;

  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const env = parseEnv({
      NODE_ENV: "production",
      SITE_URL: SITE,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "vitals-")),
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      RATE_LIMIT_VITALS_PER_MINUTE: "5",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    services = await createServices(env, { memoryDb: !databaseUrl, startOutbox: false });
  });
  afterAll(async () => {
    await services.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("stores sample measurements and gives back their 75th percentile per route and device", async () => {
    const phoneLcp = [900, 1400, 1800, 2200, 2600, 3100, 3900, 5200];
    const phoneInp = [40, 80, 120, 160, 240, 320, 480, 640];
    const phoneCls = [0, 0, 0.02, 0.05, 0.08, 0.12, 0.2, 0.3];
    for (let i = 0; i < phoneLcp.length; i++) {
      const response = await post({
        // Two different posts and a query: stored under one route pattern, without slug or query.
        path: i % 2 ? `/blog/first-post?utm_source=x${i}` : "/blog/second-post",
        device: "phone",
        metrics: [
          { name: "LCP", value: phoneLcp[i], target: "html > body > main > article > img.hero" },
          { name: "INP", value: phoneInp[i], target: "#fitness-form > button" },
          { name: "CLS", value: phoneCls[i] },
        ],
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const desktopLcp = [700, 800, 1100, 1200];
    for (const value of desktopLcp)
      expect((await post({ path: "/pricing", device: "desktop", metrics: [{ name: "LCP", value }] })).status).toBe(204);

    const rows = await services.database.db.select().from(webVitals);
    expect(new Set(rows.map((r) => r.route))).toEqual(new Set(["/blog/:slug", "/pricing"]));
    expect(rows.find((r) => r.metric === "LCP" && r.route === "/blog/:slug")?.target).toBe("article > img.hero");
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day))).toBe(true);
    expect(rows.find((r) => r.value === 5200)?.rating).toBe("poor");

    const summary = await vitalsSummary(services.database.db);
    const blogPhone = summary.byRoute.find((r) => r.route === "/blog/:slug" && r.device === "phone");
    expect(blogPhone?.metrics.LCP).toEqual({ p75: Math.round(p75(phoneLcp)), samples: 8, rating: "needs-improvement" });
    expect(blogPhone?.metrics.INP).toEqual({ p75: Math.round(p75(phoneInp)), samples: 8, rating: "needs-improvement" });
    expect(blogPhone?.metrics.CLS?.p75).toBeCloseTo(p75(phoneCls), 4);
    expect(blogPhone?.metrics.CLS?.rating).toBe("needs-improvement");
    const pricing = summary.byRoute.find((r) => r.route === "/pricing" && r.device === "desktop");
    expect(pricing?.metrics).toEqual({ LCP: { p75: Math.round(p75(desktopLcp)), samples: 4, rating: "good" } });
    // The busier route comes first; every page together per device class.
    expect(summary.byRoute[0]?.route).toBe("/blog/:slug");
    expect(summary.byDevice.map((r) => r.device).sort()).toEqual(["desktop", "phone"]);
    expect(summary.byDevice.find((r) => r.device === "desktop")?.metrics.LCP?.samples).toBe(4);
  });

  it("refuses a malformed or invalid report with 400 and stores nothing", async () => {
    const before = await storedCount();
    const good = { path: "/", device: "phone", metrics: [{ name: "LCP", value: 1200 }] };
    const bad: unknown[] = [
      { ...good, visitorId: "abc" },
      { ...good, device: "watch" },
      { ...good, path: "https://elsewhere.example/" },
      { ...good, metrics: [] },
      { ...good, metrics: [{ name: "FID", value: 10 }] },
      { ...good, metrics: [{ name: "LCP", value: -1 }] },
      { ...good, metrics: [{ name: "CLS", value: 51 }] },
      { ...good, metrics: [{ name: "INP", value: "fast" }] },
      { ...good, metrics: [{ name: "LCP", value: 1000, url: "/secret" }] },
      {
        ...good,
        metrics: [
          { name: "LCP", value: 1000 },
          { name: "LCP", value: 2000 },
        ],
      },
      [good],
      null,
    ];
    for (const body of bad) expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    expect((await post(undefined, { raw: "{not json" })).status).toBe(400);
    expect((await post(good, { headers: { "content-type": "text/plain" } })).status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it("refuses a report over 1 KB with 413, whether or not it says its length", async () => {
    const before = await storedCount();
    const big = JSON.stringify({
      path: `/${"a".repeat(1100)}`,
      device: "phone",
      metrics: [{ name: "LCP", value: 1 }],
    });
    expect((await post(undefined, { raw: big })).status).toBe(413);
    expect((await post(undefined, { raw: big, headers: { "content-length": String(big.length) } })).status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it("refuses reports from another site and too many from one address", async () => {
    const report = { path: "/", device: "desktop", metrics: [{ name: "CLS", value: 0.01 }] };
    expect((await post(report, { headers: { origin: "https://elsewhere.example" } })).status).toBe(403);
    expect((await post(report, { headers: { origin: SITE } })).status).toBe(204);
    const same = ctx();
    const limit = services.env.RATE_LIMIT_VITALS_PER_MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await post(report, { ip: same })).status);
    expect(statuses.slice(0, limit).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("keeps 28 days: older measurements leave the summary and the retention job deletes them", async () => {
    const db = services.database.db;
    const now = new Date("2026-06-30T12:00:00Z");
    await db.insert(webVitals).values([
      { route: "/start", metric: "INP", value: 90, rating: "good", device: "tablet", day: "2026-06-03" },
      { route: "/start", metric: "INP", value: 900, rating: "poor", device: "tablet", day: "2026-06-02" },
    ]);
    const summary = await vitalsSummary(db, now);
    expect(summary.from).toBe("2026-06-03");
    expect(summary.byRoute.find((r) => r.route === "/start")?.metrics.INP).toEqual({
      p75: 90,
      samples: 1,
      rating: "good",
    });
    const counts = await applyRetention(db, now);
    expect(counts.webVitals).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(webVitals)).filter((r) => r.route === "/start");
    expect(left.map((r) => r.day)).toEqual(["2026-06-03"]);
  });
});
