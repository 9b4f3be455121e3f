import { describe, expect, it } from "vitest";
import { cachedByRevision, findRouteEntry, routeEntries } from "./route-meta";
import { renderRobotsTxt, renderSitemapXml, staticSitemapUrls } from "./sitemap";

describe("route table", () => {
  it("covers every public page once", () => {
    const paths = routeEntries.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      "/",
      "/success",
      "/cancel",
      "/services",
      "/blog",
      "/blog/:slug",
      "/start",
      "/privacy-policy",
      "/pricing",
      "/nicaragua",
      "/sitemap",
      "/notion-embed",
      "/faq-visual-export",
      "/testimonial-visual-export",
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths.filter((p) => p.startsWith("/services/"))).toHaveLength(6);
  });

  it("uses the agreed sitemap priorities", () => {
    const priority = (path: string) => findRouteEntry(path)?.priority;
    expect(priority("/")).toBe(1);
    expect(findRouteEntry("/")?.changefreq).toBe("daily");
    expect(priority("/services")).toBe(0.9);
    expect(priority("/blog")).toBe(0.9);
    expect(priority("/services/weight-loss")).toBe(0.8);
    expect(priority("/pricing")).toBe(0.8);
    expect(priority("/start")).toBe(0.8);
    expect(priority("/faq-visual-export")).toBe(0.1);
  });

  it("matches dynamic segments and trailing slashes", () => {
    expect(findRouteEntry("/blog/some-post")?.id).toBe("blog-post");
    expect(findRouteEntry("/pricing/")?.id).toBe("pricing");
    expect(findRouteEntry("/nope")).toBeUndefined();
  });

  it("revalidates by content revision only pages whose HTML depends on nothing else", () => {
    expect(cachedByRevision("/")).toBe(true);
    expect(cachedByRevision("/pricing/")).toBe(true);
    expect(cachedByRevision("/blog")).toBe(true);
    expect(cachedByRevision("/blog/some-post")).toBe(true);
    expect(cachedByRevision("/cancel")).toBe(true);
    // A session id in the query decides what /success shows.
    expect(cachedByRevision("/success")).toBe(false);
    expect(cachedByRevision("/admin")).toBe(false);
    expect(cachedByRevision("/faq-visual-export")).toBe(false);
    expect(cachedByRevision("/no-such-page")).toBe(false);
    // Open or closed by date: rendered per request, yet still in the sitemap.
    expect(cachedByRevision("/nicaragua")).toBe(false);
    expect(staticSitemapUrls("https://example.nl").map((u) => u.loc)).toContain("https://example.nl/nicaragua");
  });

  it("renders a sitemap and robots.txt from the table", () => {
    const xml = renderSitemapXml(staticSitemapUrls("https://example.nl"));
    expect(xml).toContain("<loc>https://example.nl/</loc>");
    expect(xml).toContain("<priority>1.0</priority>");
    expect(xml).not.toContain("/success");
    const robots = renderRobotsTxt("https://example.nl");
    expect(robots).toContain("Sitemap: https://example.nl/sitemap.xml");
    expect(robots).toContain("Disallow: /testimonial-visual-export");
    // The checkout's return pages are unlisted but open to crawlers (decision 016).
    expect(robots).not.toMatch(/Disallow: \/(success|cancel)/);
  });
});

describe("page_view category", () => {
  it("uses the table, then the first segment, and 'error' for unknown paths", async () => {
    const { pageCategory } = await import("./route-meta");
    expect(pageCategory("/pricing")).toBe("pricing");
    expect(pageCategory("/checkout/test/abc")).toBe("checkout");
    expect(pageCategory("/admin/orders")).toBe("internal");
    expect(pageCategory("/no/such/page")).toBe("error");
  });
});
