import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { parseEnv } from "~/infra/env.server";
import { createApp } from "../../server/app";
import { createServices } from "../../server/services";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { fullDisk } from "~/features/leads/full-disk";

/**
 * The database goes away under a running server (the embedded database is closed; every query
 * fails): the public site keeps answering from the content it read last and keeps taking forms,
 * the rate limits hold in memory, and the back office says what is going on.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const FORMS_PER_MINUTE = 3;
let services: AppServices;
let server: Server;
let site = "";
/** The form outbox's disk: filled by the test of a form that could not be kept. */
const disk = fullDisk();

/** Pages a visitor reaches before and during the outage, each with the form it leads to. */
const PAGES = ["/", "/start", "/pricing", "/blog", "/services", "/nicaragua", "/newsletter", "/about", "/sitemap.xml"];

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "outage-")),
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
  });
  services = await createServices(env, { logger: pino({ level: "silent" }), memoryDb: true, outboxFiles: disk });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
});

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? /<loc>/.exec(html)?.[0];

function subscribe(tag: string) {
  return fetch(`${site}/api/newsletter`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: `reader-${tag}@example.nl`,
      source: "footer",
      variant: "footer",
      elapsedMs: "30000",
      website: "",
    }),
  });
}

describe("while the database is away", () => {
  const before = new Map<string, string | undefined>();
  let post = "";

  beforeAll(async () => {
    const blog = await (await fetch(`${site}/blog`)).text();
    post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1] ?? "";
    for (const page of [...PAGES, post]) {
      const res = await fetch(`${site}${page}`);
      expect(res.status, page).toBe(200);
      before.set(page, titleOf(await res.text()));
    }
    await services.database.close();
  });

  it("public pages answer 200 with the content read last", async () => {
    expect(post).not.toBe("");
    for (const page of [...PAGES, post]) {
      const res = await fetch(`${site}${page}`);
      const html = await res.text();
      expect(res.status, `${page}: ${html.slice(0, 200)}`).toBe(200);
      expect(titleOf(html), page).toBe(before.get(page));
    }
  });

  it("a questionnaire is acknowledged and waits in the outbox", async () => {
    const tag = Date.now().toString(36);
    const res = await fetch(`${site}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
        contact: { firstName: "Outage", lastName: "Lead", email: `lead-${tag}@example.nl`, phone: "+31612345678" },
        idempotencyKey: `outage-${tag}`,
        sourceUrl: `${site}/start`,
        website: "",
        elapsedMs: 30_000,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    expect((await services.outbox.stats()).depth).toBeGreaterThanOrEqual(1);
  });

  it("a questionnaire the outbox cannot keep either is answered as not saved, with the form kept and her WhatsApp and e-mail", async () => {
    disk.fill(0);
    try {
      const json = await fetch(`${site}/api/intake`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
          contact: { firstName: "Full", lastName: "Disk", email: "full-disk@example.nl", phone: "+31612345678" },
          idempotencyKey: `full-disk-${Date.now().toString(36)}`,
          sourceUrl: `${site}/start`,
          website: "",
          elapsedMs: 30_000,
        }),
      });
      expect(json.status).toBe(503);
      expect(await json.json()).toMatchObject({
        status: "not-saved",
        message: expect.stringContaining("not saved"),
        reach: { messagingUrl: expect.stringMatching(/^https:\/\//), email: expect.stringContaining("@") },
      });

      // The page without JavaScript: the same answer above the plain form, every field still filled.
      const page = await fetch(`${site}/start`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        body: new URLSearchParams({
          "form-name": "fitness-form",
          "service-type": "weight-loss",
          "sports-event": "hardly-ever",
          gender: "male",
          "age-range": "25-30",
          "first-name": "Noor",
          "last-name": "Kept",
          email: "noor-kept@example.nl",
          phone: "+31 6 11112222",
          message: "Three runs a week",
          "source-url": "/start",
          website: "",
        }),
      });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain("Your form was not saved");
      expect(html).not.toContain("Thank you");
      expect(html).toMatch(/href="https:\/\/wa\.me\/[^"]+"/);
      expect(html).toMatch(/href="mailto:[^"@]+@[^"]+"/);
      for (const value of ["Noor", "Kept", "noor-kept@example.nl", "+31 6 11112222"]) {
        expect(html).toContain(`value="${value}"`);
      }
      expect(html).toMatch(/value="weight-loss"[^>]*checked|checked[^>]*value="weight-loss"/);
      expect(html).toContain("Three runs a week");
    } finally {
      disk.free();
    }
  });

  it("the rate limit still holds, counted in this instance's memory", async () => {
    // The limit counts per clock minute: close to the next one, start after it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
    const statuses: number[] = [];
    for (let i = 0; i < FORMS_PER_MINUTE + 3; i++) statuses.push((await subscribe(`limit-${i}`)).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(FORMS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
  });

  it("the back office says plainly that the database is away, instead of a 500", async () => {
    for (const page of ["/admin", "/admin/login", "/admin/leads/some-id"]) {
      const res = await fetch(`${site}${page}`, { redirect: "manual" });
      expect(res.status, page).toBe(503);
      const html = await res.text();
      expect(html).toMatch(/<h1>[^<]*database[^<]*<\/h1>/);
      expect(html).toContain("every form they send is kept");
    }
    const signIn = await fetch(`${site}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site },
      body: JSON.stringify({ email: "mila@example.nl", password: "a-password-of-some-length" }),
    });
    expect(signIn.status).toBe(503);
    expect(((await signIn.json()) as { message: string }).message).toMatch(/database/);
  });
});

/** The blog's pages show dates: what comes back from the file must be dates again. */
const RESTART_PAGES = ["/", "/start", "/pricing", "/blog", "/nicaragua"];

describe.runIf(process.env.TEST_DATABASE_URL)("a server started while PostgreSQL is away", () => {
  let url = "";
  let running: RunningServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "outage-restart-"));
  const name = () => new URL(url).pathname.slice(1);
  afterAll(async () => {
    await running?.stop();
    if (url) {
      await admin(`alter database ${name()} allow_connections true`).catch(() => undefined);
      await dropPostgresDatabase(url);
    }
  });

  it("serves the pages kept on disk beside the outbox, takes forms, and catches up when it answers", async () => {
    url = await createPostgresDatabase();
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, AUTH_SECRET: "outage-restart-secret-0123456789abcdef" };
    running = await startServer(env);
    const titles = new Map<string, string | undefined>();
    for (const page of RESTART_PAGES) {
      titles.set(page, titleOf(await (await fetch(`${running.url}${page}`)).text()));
    }
    await running.stop();

    await admin(`alter database ${name()} allow_connections false`);
    running = await startServer({ ...env, PORT: String(running.port) });
    for (const page of RESTART_PAGES) {
      const res = await fetch(`${running.url}${page}`);
      const html = await res.text();
      expect(res.status, `${page}: ${html.slice(0, 200)}`).toBe(200);
      expect(titleOf(html), page).toBe(titles.get(page));
    }
    expect((await fetch(`${running.url}/readyz`)).status).toBe(503);
    const sent = await fetch(`${running.url}/api/newsletter`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "restart@example.nl",
        source: "footer",
        variant: "footer",
        elapsedMs: "30000",
        website: "",
      }),
    });
    expect(sent.status).toBe(200);

    await admin(`alter database ${name()} allow_connections true`);
    const client = new pg.Client({ connectionString: url });
    const deadline = Date.now() + 60_000;
    let stored = 0;
    while (Date.now() < deadline) {
      if ((await fetch(`${running.url}/readyz`)).status === 200) {
        await client.connect().catch(() => undefined);
        const result = await client
          .query<{ n: string }>("select count(*) as n from newsletter_subscribers where email = 'restart@example.nl'")
          .catch(() => ({ rows: [{ n: "0" }] }));
        stored = Number(result.rows[0]?.n ?? 0);
        if (stored === 1) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await client.end().catch(() => undefined);
    expect(stored).toBe(1);
  });
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
