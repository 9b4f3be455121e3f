import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppServices } from "~/context";
import { createSiteContentStore, type SiteContentStore } from "~/content-kinds.server";
import { formValuesOf, saveEvent } from "~/features/events/events-admin.server";
import { WAITLIST_TEXTS } from "~/features/events/event-schema";
import { writeLead } from "~/features/leads/signups.server";
import type { Sale } from "~/features/checkout/sale-rules";
import { localDateTimeOf } from "~/infra/zoned-time";
import { event as firstEvent } from "#content/event";
import { createApp } from "../../server/app";
import { startBuiltSite } from "../support/built-site";
import { htmlReader, textOf } from "../support/html";
import { untrustedScripts } from "../support/script-trust";

/**
 * Public pages from the page cache (docs/decisions/074-public-pages-from-a-cache.md), through the
 * production build in this process. "Two instances" are two apps, each with its own cache, on one
 * database; the trainer's writes go through a content store of their own, as another instance's
 * back office would, so neither app hears of them except through the database.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const trainer = { userId: "trainer-page-cache", ip: "203.0.113.44" };

const SECURITY_HEADERS = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

/** Another app on the same services (and so the same database), answering at its own address. */
async function secondInstance(services: AppServices): Promise<{ site: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const own = { ...services, env: { ...services.env, SITE_URL: site } };
  server.on("request", createApp({ services: own, build, clientDir: path.join(buildDir, "client") }));
  return { site, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("public pages from the page cache", () => {
  let services: AppServices;
  let a = "";
  let b = "";
  let elsewhere: SiteContentStore;
  const closers: (() => Promise<void>)[] = [];
  const reader = htmlReader();

  beforeAll(async () => {
    const first = await startBuiltSite("page-cache");
    ({ services, site: a } = first);
    const second = await secondInstance(services);
    b = second.site;
    closers.push(second.close, first.close);
    elsewhere = createSiteContentStore(services.database.db);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    reader.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (site: string, target: string, etag?: string) =>
    fetch(`${site}${target}`, { headers: etag ? { "If-None-Match": etag } : {} });

  it("answers every visitor the same bytes, its inline scripts trusted by hash, with every security header", async () => {
    const first = await get(a, "/privacy-policy");
    const second = await get(a, "/privacy-policy");
    const html = await first.text();
    expect(await second.text()).toBe(html);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect(second.headers.get("etag")).toBe(etag);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    for (const name of SECURITY_HEADERS) expect(first.headers.get(name), name).toBeTruthy();

    const csp = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = (/script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc.filter((source) => /nonce|unsafe|https?:/.test(source))).toEqual([]);
    expect(html).not.toMatch(/\snonce=/);
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);
    expect(untrustedScripts(csp, html)).toEqual([]);

    const again = await get(a, "/privacy-policy", etag);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    for (const name of SECURITY_HEADERS) expect(again.headers.get(name), name).toBeTruthy();
  });

  it("renders each page for itself when several are asked for at once on a cold cache", async () => {
    const pages = ["/about", "/privacy-policy", "/terms", "/withdrawal"];
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const alone: (string | undefined)[] = [];
    for (const page of pages) alone.push(titleOf(await (await get(a, page)).text()));
    expect(new Set(alone).size).toBe(pages.length);
    const cold = await secondInstance(services);
    try {
      const together = await Promise.all(pages.map(async (page) => titleOf(await (await get(cold.site, page)).text())));
      expect(together).toEqual(alone);
    } finally {
      await cold.close();
    }
  });

  it("sends the stored Brotli or gzip bytes as the browser asks, and carries a campaign visit's source", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(`${a}/pricing`, { headers: { "Accept-Encoding": encoding } });
      expect(res.headers.get("content-encoding"), encoding).toBe(encoding);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    }
    const campaign = await get(a, "/pricing?utm_source=newsletter&utm_medium=email");
    const html = await campaign.text();
    // The source goes on in a script of its own, trusted by its hash; the page is kept by no one.
    expect(html).toContain("newsletter");
    expect(untrustedScripts(campaign.headers.get("content-security-policy") ?? "", html)).toEqual([]);
    expect(campaign.headers.get("etag")).toBeNull();
  });

  it("shows a publish made elsewhere on both instances at the next request", async () => {
    const [article] = await elsewhere.listLive("article");
    if (!article) throw new Error("no published article");
    const target = `/blog/${article.key}`;
    // No time passes between the publish and the next request: no instance may wait for its reads to age.
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await Promise.all([a, b].map(async (site) => (await get(site, target)).headers.get("etag") ?? ""));
    for (const [i, site] of [a, b].entries()) expect((await get(site, target, before[i])).status).toBe(304);

    const title = `A new title ${randomUUID().slice(0, 8)}`;
    await elsewhere.saveDraft("article", article.key, { ...article.data, title }, trainer);
    await elsewhere.publish("article", article.key, trainer);

    for (const [i, site] of [a, b].entries()) {
      const res = await get(site, target, before[i]);
      expect(res.status, site).toBe(200);
      expect(await res.text(), site).toContain(title);
    }
  });

  it("puts a scheduled change live at its moment, with no write then", async () => {
    const minute = 60_000;
    const t0 = Math.ceil(Date.now() / minute) * minute + 30 * minute;
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    const [article] = await elsewhere.listLive("article");
    if (!article) throw new Error("no published article");
    const target = `/blog/${article.key}`;
    const title = `A scheduled title ${randomUUID().slice(0, 8)}`;
    await elsewhere.saveDraft("article", article.key, { ...article.data, title }, trainer);
    await elsewhere.publish("article", article.key, trainer, { at: new Date(t0 + 2 * minute) });
    const before = await get(a, target);
    expect(await before.text()).not.toContain(title);
    vi.setSystemTime(t0 + 2 * minute - 1);
    expect((await get(a, target, before.headers.get("etag") ?? "")).status).toBe(304);
    vi.setSystemTime(t0 + 2 * minute);
    const after = await get(a, target, before.headers.get("etag") ?? "");
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(title);
  });

  it("starts and ends a sale on the pricing page at its minute", async () => {
    const minute = 60_000;
    const t0 = Math.ceil(Date.now() / minute) * minute + 10 * minute;
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    const sale: Sale = {
      id: randomUUID(),
      kind: "percent",
      percent: 20,
      amountOffCents: null,
      planIds: ["progress"],
      startsAt: new Date(t0 + 2 * minute).toISOString(),
      endsAt: new Date(t0 + 5 * minute).toISOString(),
      endedAt: null,
    };
    await elsewhere.saveDraft("sale", "main", sale, trainer);
    await elsewhere.publish("sale", "main", trainer);
    const struck = async (etag?: string) => {
      const res = await get(a, "/pricing", etag);
      if (res.status === 304) return { status: 304, etag, onSale: undefined };
      const document = reader.parse(await res.text());
      const card = [...document.querySelectorAll("article")].find((x) => textOf(x.querySelector("h2")) === "Progress");
      return { status: res.status, etag: res.headers.get("etag") ?? "", onSale: card?.querySelector("s") != null };
    };

    const waiting = await struck();
    expect(waiting.onSale).toBe(false);
    vi.setSystemTime(t0 + 2 * minute - 1);
    expect((await struck(waiting.etag)).status).toBe(304);
    vi.setSystemTime(t0 + 2 * minute);
    const running = await struck(waiting.etag);
    expect(running).toMatchObject({ status: 200, onSale: true });
    vi.setSystemTime(t0 + 5 * minute - 1);
    expect((await struck(running.etag)).status).toBe(304);
    vi.setSystemTime(t0 + 5 * minute);
    expect(await struck(running.etag)).toMatchObject({ status: 200, onSale: false });
  });

  it("shows on the event page whether places are left as of the request", async () => {
    const day = localDateTimeOf(new Date(Date.now() + 20 * 86_400_000), "America/Managua").slice(0, 10);
    const form = { ...formValuesOf(firstEvent), title: "Two places", date: day, time: "17:30", capacity: "2" };
    const saved = await saveEvent(elsewhere, undefined, form, trainer, { publish: true });
    if (!saved.ok) throw new Error(saved.message);
    const open = await get(a, "/nicaragua");
    const etag = open.headers.get("etag") ?? "";
    expect(await open.text()).not.toContain(WAITLIST_TEXTS.heading);
    expect((await get(a, "/nicaragua", etag)).status).toBe(304);

    for (const n of [1, 2]) {
      await writeLead(services.database.db, "event", {
        id: randomUUID(),
        idempotencyKey: `page-cache-${n}-${randomUUID()}`,
        sourceUrl: null,
        createdAt: new Date().toISOString(),
        name: `Runner ${n}`,
        phone: "+31 6 1234 5678",
        eventKey: saved.key,
      });
    }
    const full = await get(a, "/nicaragua", etag);
    expect(full.status).toBe(200);
    expect(await full.text()).toContain(WAITLIST_TEXTS.heading);
    expect(await (await get(b, "/nicaragua")).text()).toContain(WAITLIST_TEXTS.heading);
  });
});
