import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeEntries } from "~/kernel/route-meta";
import { startServer, type RunningServer } from "../support/server";

/**
 * Every page's JSON-LD against what Google's structured-data documentation asks of each type the
 * site uses (written down here as rules, not copied): the properties it requires, and those it
 * recommends that the site has the data for. Runs against the built server, page by page.
 */
type Node = Record<string, unknown>;

/** ISO 8601 with a time and a zone: a bare day is ambiguous across time zones. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const get = (node: unknown, key: string): unknown => (node as Node | undefined)?.[key];
const text = (value: unknown) => typeof value === "string" && value.trim().length > 0;

function jsonLdOf(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const parsed = JSON.parse(match[1]!) as Node | Node[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

describe("structured data on every public page", () => {
  let server: RunningServer;
  const found = new Map<string, Node[]>();

  beforeAll(async () => {
    server = await startServer();
    const slugs = readdirSync(path.resolve(import.meta.dirname, "../../content/blog"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => name.replace(/\.md$/, ""));
    const paths = routeEntries
      .filter((entry) => entry.indexable && !entry.path.includes(":"))
      .map((entry) => entry.path)
      .concat(slugs.map((slug) => `/blog/${slug}`));
    for (const page of paths) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      found.set(page, jsonLdOf(await res.text()));
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const ofType = (type: string) =>
    [...found].flatMap(([page, nodes]) => nodes.filter((n) => n["@type"] === type).map((node) => ({ page, node })));

  it("marks up each FAQ question once, site-wide, each with its answer", () => {
    const faqPages = ofType("FAQPage");
    expect(faqPages.length).toBeLessThanOrEqual(1);
    for (const { node } of faqPages) {
      const questions = get(node, "mainEntity") as Node[];
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(q["@type"]).toBe("Question");
        expect(text(q.name)).toBe(true);
        expect(text(get(q.acceptedAnswer, "text"))).toBe(true);
      }
    }
  });

  it("gives the organization a name, an address and a logo of at least 112 × 112 pixels that loads", async () => {
    const organizations = ofType("Organization");
    expect(organizations.length).toBeGreaterThan(0);
    for (const { page, node } of organizations) {
      expect(text(node.name), page).toBe(true);
      expect(text(node.url), page).toBe(true);
      const logo = get(node, "logo");
      const logoUrl = typeof logo === "string" ? logo : (get(logo, "url") as string);
      const res = await fetch(new URL(new URL(logoUrl).pathname, server.url));
      expect(res.status, logoUrl).toBe(200);
      const { width = 0, height = 0, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      // A raster format search engines accept, large enough to show.
      expect(["png", "jpeg", "webp"], logoUrl).toContain(format);
      expect(Math.min(width, height), logoUrl).toBeGreaterThanOrEqual(112);
    }
  });

  it("dates every article with a time and zone, and names an author whose page says who they are", async () => {
    const posts = ofType("BlogPosting");
    expect(posts.length).toBe([...found.keys()].filter((p) => p.startsWith("/blog/")).length);
    const authorPages = new Set<string>();
    for (const { page, node } of posts) {
      expect(text(node.headline), page).toBe(true);
      expect((node.headline as string).length, page).toBeLessThanOrEqual(110);
      expect((node.image as string[]).length, page).toBeGreaterThan(0);
      expect(node.datePublished, page).toMatch(DATE_TIME);
      expect(node.dateModified, page).toMatch(DATE_TIME);
      expect(Date.parse(node.dateModified as string), page).toBeGreaterThanOrEqual(
        Date.parse(node.datePublished as string),
      );
      const author = get(node, "author");
      expect(text(get(author, "name")), page).toBe(true);
      expect(text(get(author, "url")), page).toBe(true);
      authorPages.add(`${new URL(get(author, "url") as string).pathname}|${get(author, "name") as string}`);
      expect(text(get(get(node, "publisher"), "name")), page).toBe(true);
    }
    for (const entry of authorPages) {
      const [authorPath, name] = entry.split("|") as [string, string];
      // The author's own page, not the home page, and it describes that person.
      expect(authorPath).not.toBe("/");
      const people = found.get(authorPath)?.filter((n) => n["@type"] === "Person") ?? [];
      expect(people.map((p) => p.name)).toContain(name);
    }
  });

  it("describes the event with its place's full address, its performer and when tickets are on sale", () => {
    const events = ofType("Event");
    expect(events.length).toBe(1);
    for (const { page, node } of events) {
      for (const key of ["name", "description", "eventStatus", "eventAttendanceMode"])
        expect(text(node[key]), `${page} ${key}`).toBe(true);
      expect(node.startDate, page).toMatch(DATE_TIME);
      expect(node.endDate, page).toMatch(DATE_TIME);
      const location = get(node, "location");
      expect(text(get(location, "name")), page).toBe(true);
      const address = get(location, "address");
      for (const key of ["streetAddress", "addressLocality", "addressRegion", "addressCountry"])
        expect(text(get(address, key)), `${page} address.${key}`).toBe(true);
      expect(text(get(get(node, "performer"), "name")), page).toBe(true);
      expect(text(get(get(node, "organizer"), "name")), page).toBe(true);
      expect(text(get(get(node, "organizer"), "url")), page).toBe(true);
      const offer = get(node, "offers");
      expect(get(offer, "price"), page).toBeDefined();
      for (const key of ["priceCurrency", "availability", "url"])
        expect(text(get(offer, key)), `${page} offers.${key}`).toBe(true);
      expect(get(offer, "validFrom"), page).toMatch(DATE_TIME);
      expect((node.image as string[]).length, page).toBeGreaterThan(0);
    }
  });

  it("numbers breadcrumbs from 1 with a name and an address each", () => {
    for (const { page, node } of ofType("BreadcrumbList")) {
      const items = get(node, "itemListElement") as Node[];
      items.forEach((item, index) => {
        expect(item.position, page).toBe(index + 1);
        expect(text(item.name), page).toBe(true);
        expect(text(item.item), page).toBe(true);
      });
    }
  });
});
