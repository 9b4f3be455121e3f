import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  createTestDatabase,
  createPostgresDatabase,
  dropPostgresDatabase,
  engines,
  type TestDatabase,
} from "../support/database";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { runServerExpectingExit, startServer } from "../support/server";
import { untrustedScripts } from "../support/script-trust";
import { routeEntries } from "~/kernel/route-meta";
import { consentDefaultsScript } from "~/features/site/gtm";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { parseEnv } from "~/infra/env.server";
import { signups } from "#db/schema";

describe.each(engines)("database on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("applies every migration and creates the tables", async () => {
    const result = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const tables = result.rows.map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "signups",
        "newsletter_subscribers",
        "orders",
        "payments",
        "processed_events",
        "rate_limits",
        "audit_log",
        "user",
        "session",
      ]),
    );
  });

  it("running the migrations again changes nothing", async () => {
    // Every column and index of the schema, and the migrations recorded as applied.
    const shape = async () => {
      const columns = (await database.db.execute(
        sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`,
      )) as unknown as { rows: unknown[] };
      const indexes = (await database.db.execute(
        sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
      )) as unknown as { rows: unknown[] };
      const applied = (await database.db.execute(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
      )) as unknown as { rows: unknown[] };
      return { columns: columns.rows, indexes: indexes.rows, applied: applied.rows };
    };
    const before = await shape();
    expect(before.applied.length).toBeGreaterThan(0);
    await database.migrate();
    await database.migrate();
    expect(await shape()).toEqual(before);
    const [row] = await database.db
      .insert(signups)
      .values({ formName: "Fitness Intake Form", email: "a@b.nl" })
      .returning();
    expect(row?.status).toBe("new");
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("rejects a second row with the same idempotency key", async () => {
    await database.db.insert(signups).values({ formName: "x", idempotencyKey: `k-${engine}` });
    const refused = await database.db
      .insert(signups)
      .values({ formName: "x", idempotencyKey: `k-${engine}` })
      .then(
        () => null,
        (error: unknown) => error as { code?: string; cause?: { code?: string } },
      );
    // PostgreSQL's unique_violation, not just any failure.
    expect(refused?.code ?? refused?.cause?.code).toBe("23505");
  });

  it("counts a rate limit window and resets in the next one", async () => {
    const now = new Date("2026-01-01T10:00:10Z");
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await hitRateLimit(database.db, "test:1.2.3.4", 3, 60, now));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]?.retryAfter).toBe(50);
    const next = await hitRateLimit(database.db, "test:1.2.3.4", 3, 60, new Date("2026-01-01T10:01:01Z"));
    expect(next.allowed).toBe(true);
  });
});

describe("configuration", () => {
  it("parses an empty environment to the embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("stops start-up naming the bad variable", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "not-a-port", SMTP_URL: "mail.example.com" });
    expect(code).toBe(1);
    expect(output).toContain("Invalid environment configuration");
    expect(output).toContain("PORT");
    expect(output).toContain("SMTP_URL: must start with smtp:// or smtps://");
  });
});

/** The production build served in this process; what only the process shows starts one (SIGTERM). */
describe("server", () => {
  let url = "";
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ site: url, close } = await startBuiltSite("foundation"));
  });
  afterAll(() => close());

  // Requests only, no page: moved here from the end-to-end specs (foundation, blog).
  describe("feeds, the sitemap and robots.txt", () => {
    /** The posts as written in content/blog (slug and date), newest first. */
    const posts = readdirSync("content/blog")
      .filter((f) => f.endsWith(".md"))
      .map((file) => {
        const text = readFileSync(`content/blog/${file}`, "utf8");
        const date = /^date:\s*"?(.*?)"?\s*$/m.exec(text)?.[1] ?? "";
        return { slug: file.replace(/\.md$/, ""), date };
      })
      .sort((a, b) => b.date.localeCompare(a.date));
    type Sitemap = { urlset: { url: { loc: string; lastmod?: string; priority: number; changefreq: string }[] } };

    it("sitemap.xml lists every indexable static route with priority and change frequency", async () => {
      const res = await fetch(`${url}/sitemap.xml`);
      expect(res.headers.get("content-type")).toContain("application/xml");
      const urls = (new XMLParser().parse(await res.text()) as Sitemap).urlset.url;
      for (const entry of routeEntries.filter((r) => r.indexable && !r.dynamic)) {
        const url = urls.find((u) => new URL(u.loc).pathname === entry.path);
        expect(url, entry.path).toBeTruthy();
        expect(Number(url?.priority)).toBe(entry.priority);
        expect(url?.changefreq).toBe(entry.changefreq);
      }
      expect(urls.some((u) => u.loc.includes("faq-visual-export"))).toBe(false);
    });

    it("sitemap.xml has every post with its date as lastmod", async () => {
      const xml = new XMLParser().parse(await (await fetch(`${url}/sitemap.xml`)).text()) as Sitemap;
      const urls = xml.urlset.url;
      expect(urls.find((u) => new URL(u.loc).pathname === "/blog")?.priority).toBe(0.9);
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) {
        expect(urls.find((u) => new URL(u.loc).pathname === `/blog/${post.slug}`)?.lastmod, post.slug).toBe(post.date);
      }
    });

    it("robots.txt points to the sitemap and keeps internal pages out", async () => {
      const body = await (await fetch(`${url}/robots.txt`)).text();
      expect(body).toContain("Sitemap: ");
      expect(body).toContain("Disallow: /faq-visual-export");
    });

    it("RSS parses as XML and lists every post newest first", async () => {
      const res = await fetch(`${url}/blog/rss.xml`);
      expect(res.headers.get("content-type")).toContain("application/rss+xml");
      const feed = new XMLParser({ ignoreAttributes: false }).parse(await res.text()) as {
        rss: { "@_version": string; channel: { item: { link: string }[] } };
      };
      expect(feed.rss["@_version"]).toBe("2.0");
      expect(feed.rss.channel.item.map((i) => new URL(i.link).pathname)).toEqual(posts.map((p) => `/blog/${p.slug}`));
    });
  });

  it("reports health with the database engine", async () => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      database: "pglite",
      outbox: { depth: 0, deadLetters: 0 },
      // A new site has no backup yet, which counts as overdue.
      backup: expect.objectContaining({ lastGoodAt: null, stale: true }),
    });
  });

  it("sends the security headers with a fresh nonce per request", async () => {
    // A page rendered per request (one from the page cache names its scripts' hashes: decision 074).
    const first = await fetch(`${url}/success`);
    const second = await fetch(`${url}/success`);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (tag.includes("application/ld+json")) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("sends HSTS when reached over HTTPS through a trusted proxy", async () => {
    const proxied = await startBuiltSite("foundation-proxied", { TRUST_PROXY: "1" });
    try {
      const res = await fetch(`${proxied.site}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await proxied.close();
    }
  });

  it("caches hashed assets for a year and revalidates HTML", async () => {
    const html = await (await fetch(`${url}/`)).text();
    // A quoted site path: the page also names other hosts' /assets/ paths (the scheduling widget's).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${url}${asset}`);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${url}/pricing`)).headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers public pages from the page cache and an unchanged one with 304", async () => {
    for (const target of ["/", "/pricing", "/blog", "/blog/optimize-running-cadence", "/cancel", "/nicaragua"]) {
      const first = await fetch(`${url}${target}`);
      const etag = first.headers.get("etag");
      expect(etag, target).toMatch(/^W\/"/);
      // The same bytes for every visitor: no nonce stamped into them, each script trusted by its hash.
      const csp = first.headers.get("content-security-policy") ?? "";
      expect(csp, target).not.toContain("'nonce-");
      expect(untrustedScripts(csp, await first.text()), target).toEqual([]);
      const again = await fetch(`${url}${target}`, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status, target).toBe(304);
      expect(again.headers.get("content-security-policy"), target).toBeNull();
    }
    for (const target of ["/success", "/no-such-page"]) {
      const res = await fetch(`${url}${target}`, { headers: { "If-None-Match": "*" } });
      expect(res.status, target).not.toBe(304);
      expect(res.headers.get("etag"), target).toBeNull();
    }
  });

  it("sends Consent Mode's defaults, as the first script, only with a tag manager", async () => {
    const without = await fetch(`${url}/pricing`);
    expect(await without.text()).not.toContain(consentDefaultsScript);
    // A process of its own: the root loader reads GTM_ID from the process's environment.
    const tagged = await startServer({ GTM_ID: "GTM-TEST123" });
    try {
      const res = await fetch(`${tagged.url}/pricing`);
      const html = await res.text();
      expect(html).toContain(consentDefaultsScript);
      // Run before anything else on the page can push to the data layer.
      const firstScript = html.slice(html.indexOf("<script"), html.indexOf("</script>"));
      expect(firstScript).toContain(consentDefaultsScript);
    } finally {
      await tagged.stop();
    }
  });

  it("compresses responses with Brotli for browsers and gzip for the rest", async () => {
    // What Chromium sends, over plain HTTP too.
    const browser = await fetch(`${url}/`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(browser.headers.get("content-encoding")).toBe("br");
    expect(await browser.text()).toContain("</html>");
    const other = await fetch(`${url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(other.headers.get("content-encoding")).toBe("gzip");
    // Brotli is chosen first, so it must not send more bytes than gzip would (at the middleware's
    // default quality it sent more on the small pages).
    for (const target of ["/", "/sitemap", "/privacy-policy"]) {
      const [br, gzip] = [await sentBytes(`${url}${target}`, "br"), await sentBytes(`${url}${target}`, "gzip")];
      expect(br, target).toBeLessThan(gzip);
    }
  });

  it("refuses oversized bodies before reading them", async () => {
    const res = await fetch(`${url}/start`, { method: "POST", body: "x".repeat(200_000) });
    expect(res.status).toBe(413);
  });

  it("answers unknown paths with a real 404 page", async () => {
    const res = await fetch(`${url}/this/does/not/exist`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("404 Not Found");
  });

  it("finishes in-flight requests on SIGTERM and exits cleanly", async () => {
    const other = await startServer();
    // A request whose body is still arriving when the signal comes.
    const socket = connect(other.port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let response = "";
    socket.on("data", (d: Buffer) => (response += d.toString()));
    // Expect: 100-continue makes the server say when it holds the request (headers read, body due).
    socket.write(
      "POST /sitemap.xml HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n",
    );
    await expect.poll(() => response).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write("hello");
    const exited = other.stop("SIGTERM");
    // The signal has been handled once the server stops taking new connections.
    const refuses = () =>
      new Promise<boolean>((resolve) => {
        const probe = connect(other.port, "127.0.0.1");
        probe.once("connect", () => (probe.destroy(), resolve(false)));
        probe.once("error", () => resolve(true));
      });
    await expect.poll(refuses, { timeout: 10_000 }).toBe(true);
    socket.write("world");
    const code = await exited;
    // The request begun before the signal got its whole answer: this route takes GET only.
    expect(response).toMatch(/HTTP\/1\.1 405 /);
    expect(code).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let url: string;
  let a: BuiltSite;
  let b: BuiltSite;
  beforeAll(async () => {
    url = await createPostgresDatabase();
    // Two sites, each with its own services (their memory holds nothing of the other's), sharing the database.
    const env = { DATABASE_URL: url, RATE_LIMIT_POSTS_PER_MINUTE: "4" };
    [a, b] = await Promise.all([startBuiltSite("instance-a", env), startBuiltSite("instance-b", env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await dropPostgresDatabase(url);
  });

  it("both report healthy on postgres", async () => {
    for (const s of [a, b])
      expect(await (await fetch(`${s.site}/healthz`)).json()).toEqual({
        status: "ok",
        database: "postgres",
        outbox: { depth: 0, deadLetters: 0 },
        backup: expect.objectContaining({ stale: true }),
      });
  });

  it("counts the rate limit across both instances", async () => {
    // The limit counts per clock minute: close to the next one, start after it, so the six
    // requests fall in one window.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 250));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${target.site}/api/first-touch`, { method: "POST", body: "x=1" })).status);
    }
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});

/** The bytes a page's body takes on the wire in one content encoding (fetch would decode them). */
function sentBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        res.headers["content-encoding"] === encoding ? resolve(bytes) : reject(new Error(`not ${encoding}`)),
      );
    });
    call.on("error", reject);
    call.end();
  });
}
