import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { newsletterSubscribers } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { localDateTimeOf } from "~/infra/zoned-time";
import { formValuesOf, saveEvent } from "~/features/events/events-admin.server";
import { event as firstEvent } from "#content/event";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { htmlReader, textOf } from "../support/html";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { enrolledTrainer, type Jar } from "../support/trainer";
import { calendlyInvitee, signCalendly } from "../support/scheduling-fixtures";

/**
 * What a newsletter issue brought, without a pixel (issue 51, docs/decisions/078): the issue's links
 * to the site name it in their address; a reader who arrives from one and then answers the
 * questionnaire, books her intake call, signs up for the event and the newsletter and buys (the built-in test checkout) is
 * credited to the issue on its page and in the funnel; no cookie is set for her and nothing about her
 * visit is stored, only the issue's counter of the day.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const READER = "reader.of.issues@example.test";
const SUBJECT = "Hills, then a plan";
const SCHEDULING_SECRET = "issue-attribution-signing-key";

let services: AppServices;
let server: Server;
let smtp: LocalSmtp;
let site = "";
let jar: Jar;
let issueId = "";
let mailHtml = "";
let mailText = "";
const reader = htmlReader();

const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  smtp = await startSmtpServer();
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "issue-attribution-")),
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    SCHEDULING_PROVIDER: "calendly",
    SCHEDULING_WEBHOOK_SECRET: SCHEDULING_SECRET,
  });
  // With its background jobs: the newsletter worker sends the issue.
  services = await createServices(env, { memoryDb: true });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.41" };
  ({ jar } = await enrolledTrainer(ctx, site, "attribution-trainer@example.com"));
  const day = localDateTimeOf(new Date(Date.now() + 30 * 86_400_000), "Europe/Amsterdam").slice(0, 10);
  const published = await saveEvent(
    services.content,
    undefined,
    { ...formValuesOf(firstEvent), date: day, time: "07:30", timeZone: "Europe/Amsterdam" },
    { userId: null, ip: "203.0.113.9" },
    { publish: true },
  );
  expect(published.ok).toBe(true);
  await services.database.db
    .insert(newsletterSubscribers)
    .values({ email: READER, source: "footer", status: "confirmed", confirmedAt: new Date() });

  const admin = (pathname: string, form: Record<string, string>) =>
    fetch(`${site}${pathname}`, {
      method: "POST",
      headers: { cookie: jar.header(), origin: site },
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  const saved = await admin("/admin/newsletter/new", {
    intent: "save",
    subject: SUBJECT,
    preheader: "Short climbs.",
    body: "Read [why hills work](/services) and [the plans](/pricing?plan=elite#faq), or see [my club](https://strava.com/clubs/mila?ref=nl).",
    archived: "on",
  });
  issueId = /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(saved.headers.get("location") ?? "")?.[1] ?? "";
  expect(issueId).not.toBe("");
  expect((await admin(`/admin/newsletter/${issueId}`, { intent: "send" })).status).toBe(302);
  const [mail] = await smtp.waitForMessages(1);
  expect(mail?.to).toEqual([READER]);
  const raw = decoded(mail!.raw);
  mailHtml = /<!doctype html>[\s\S]*<\/html>/i.exec(raw)?.[0] ?? "";
  mailText = raw.slice(0, raw.indexOf("<!doctype html>"));
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services?.close();
  await smtp?.stop();
  reader.close();
});

const unescape = (href: string) => href.replaceAll("&amp;", "&");
const hrefsOf = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => unescape(m[1]!));

describe("an issue's links", () => {
  it("name the issue in every link to a page of the site, keep their own query and fragment, and leave other sites alone", async () => {
    const slug = "hills-then-a-plan";
    const source = `utm_source=newsletter&utm_medium=email&utm_campaign=${slug}`;
    const hrefs = hrefsOf(mailHtml);
    expect(hrefs).toContain(`${site}/services?${source}`);
    expect(hrefs).toContain(`${site}/pricing?plan=elite&${source}#faq`);
    expect(hrefs).toContain(`${site}/newsletter/archive/${slug}?${source}`);
    expect(hrefs).toContain("https://strava.com/clubs/mila?ref=nl");
    expect(mailText).toContain(`${site}/services?${source}`);
    // Every link to the site but the reader's own unsubscribe link names the issue, and none names her.
    const own = hrefs.filter((href) => href.startsWith(site) && !href.includes("/newsletter/unsubscribe"));
    expect(own).toHaveLength(3);
    for (const href of own) {
      expect(href).toContain(source);
      expect(href.toLowerCase()).not.toContain("reader");
      expect(href).not.toContain(encodeURIComponent(READER));
    }

    // "Read it online" opens the archive page, which carries the issue on in its own links.
    const online = await fetch(hrefsOf(mailHtml).find((href) => href.includes("/newsletter/archive/"))!);
    expect(online.status).toBe(200);
    const via = /var V=("[^"]*")/.exec(await online.text())?.[1];
    expect(decodeURIComponent(JSON.parse(via!) as string)).toContain(`c=${slug}`);
  });
});

/** Row counts of every table: what a visit writes, whatever the table. */
async function rowCounts(): Promise<Map<string, number>> {
  const db = services.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts = new Map<string, number>();
  for (const { table_name } of tables.rows) {
    const result = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as unknown as {
      rows: { n: number }[];
    };
    counts.set(table_name, Number(result.rows[0]?.n ?? 0));
  }
  return counts;
}

const changed = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].filter(([table, n]) => before.get(table) !== n).map(([table]) => table);

describe("a reader who arrives from the issue", () => {
  it("is credited to it on its page and in the funnel for her questionnaire, call, sign-ups and purchase, with no cookie and nothing stored about her visit", async () => {
    const visitor = async (pathname: string, init: RequestInit = {}) => {
      const res = await fetch(pathname.startsWith("http") ? pathname : `${site}${pathname}`, {
        redirect: "manual",
        ...init,
      });
      expect(res.headers.getSetCookie(), pathname).toEqual([]);
      return res;
    };
    const carried = (html: string) => {
      const literal = /var V=("[^"]*")/.exec(html)?.[1];
      return literal ? (JSON.parse(literal) as string) : null;
    };

    // She opens the plans from the e-mail, and reads on inside the site.
    const link = hrefsOf(mailHtml).find((href) => href.startsWith(`${site}/pricing`))!;
    const visits = async () => {
      const result = (await services.database.db.execute(
        sql`select coalesce(sum(count), 0)::int as n from newsletter_issue_visits where issue_id = ${issueId}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n);
    };
    const visitsBefore = await visits();
    const before = await rowCounts();
    const landing = await visitor(link, { headers: { referer: "https://mail.example.net/" } });
    expect(landing.status).toBe(200);
    const via = carried(await landing.text());
    expect(via).not.toBeNull();
    // The page's script puts `via` into its address: a reload from there is the same visit, not another.
    const reloaded = await visitor(`${link.replace("#faq", "")}&via=${encodeURIComponent(via!)}`);
    expect(reloaded.status).toBe(200);
    const start = `${site}/start?via=${encodeURIComponent(via!)}`;
    const next = await visitor(start, { headers: { referer: link } });
    expect(carried(await next.text())).toBe(via);
    // Her visit stored nothing but one more visit on the issue's counter of the day.
    // (The counter's row of the day is new unless the "Read it online" visit above made it.)
    expect(changed(before, await rowCounts()).filter((table) => table !== "newsletter_issue_visits")).toEqual([]);
    expect(await visits()).toBe(visitsBefore + 1);

    // The questionnaire, the event, the newsletter and a purchase, each sent from a page of her visit.
    const json = (pathname: string, body: unknown, referer: string) =>
      visitor(pathname, {
        method: "POST",
        headers: { origin: site, referer, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
    const buyer = "hill.runner@example.test";
    const intake = await json(
      "/api/intake",
      {
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: { firstName: "Hanna", lastName: "Heuvel", email: buyer, phone: "+31612345678", message: "" },
        idempotencyKey: "issue-attribution-0001",
        elapsedMs: 30_000,
        website: "",
      },
      start,
    );
    expect(intake.status, await intake.clone().text()).toBe(200);
    // She books her intake call from the thank-you (the scheduling service reports it with her lead id).
    const { leadId } = (await intake.clone().json()) as { leadId: string };
    const booking = JSON.stringify(
      calendlyInvitee("invitee.created", { uri: "issue-attribution-1", utmContent: leadId }),
    );
    const booked = await fetch(`${site}/api/scheduling-webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "calendly-webhook-signature": signCalendly(booking, SCHEDULING_SECRET, new Date()),
      },
      body: booking,
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    const event = await json(
      "/api/event-signup",
      { name: "Hanna Heuvel", phone: "+31612345678", elapsedMs: 9_000 },
      `${site}/nicaragua?via=${encodeURIComponent(via!)}`,
    );
    expect(event.status, await event.clone().text()).toBe(200);
    const subscribed = await visitor("/api/newsletter", {
      method: "POST",
      headers: { origin: site, referer: start, accept: "application/json" },
      body: new URLSearchParams({ email: buyer, source: "footer", variant: "footer", elapsedMs: "9000" }),
    });
    expect(subscribed.status, await subscribed.clone().text()).toBeLessThan(300);
    const created = await json(
      "/api/create-checkout-session",
      { priceId: "elite:onetime", planName: "Elite", billingType: "onetime", frequency: "1" },
      `${site}/pricing?via=${encodeURIComponent(via!)}`,
    );
    expect(created.status).toBe(200);
    const { sessionUrl } = (await created.json()) as { sessionUrl: string };
    const paid = await visitor(new URL(new URL(sessionUrl).pathname, site).href, {
      method: "POST",
      headers: { origin: site, referer: sessionUrl },
      body: new URLSearchParams({ email: buyer, cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" }),
    });
    expect(paid.status).toBe(303);

    // Someone who came straight to the site is credited to no issue.
    const direct = await json(
      "/api/intake",
      {
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: {
          firstName: "Dirk",
          lastName: "Direct",
          email: "direct@example.test",
          phone: "+31612345679",
          message: "",
        },
        idempotencyKey: "issue-attribution-0002",
        elapsedMs: 30_000,
        website: "",
      },
      `${site}/start`,
    );
    expect(direct.status).toBe(200);

    const admin = async (pathname: string) => {
      const res = await fetch(`${site}${pathname}`, { headers: { cookie: jar.header() } });
      expect(res.status, pathname).toBe(200);
      return reader.parse(await res.text());
    };
    const issuePage = await admin(`/admin/newsletter/${issueId}`);
    const panel = issuePage.querySelector('section[aria-labelledby="brought-title"]');
    const figures = Object.fromEntries(
      [...(panel?.querySelectorAll("dl > div") ?? [])].map((item) => [
        textOf(item.querySelector("dt")),
        textOf(item.querySelector("dd")),
      ]),
    );
    expect(figures).toEqual({
      // Her visit, and the "Read it online" one above when it ran.
      Visits: String(visitsBefore + 1),
      Questionnaires: "1",
      "Intake calls booked": "1",
      "Event sign-ups": "1",
      "Newsletter sign-ups": "1",
      "Paid orders": "1",
    });

    const funnel = await admin("/admin/funnel");
    const table = [...funnel.querySelectorAll("table")].find(
      (t) => textOf(t.querySelector("caption")) === "Per newsletter issue",
    );
    const rows = [...(table?.querySelectorAll("tbody tr") ?? [])].map((tr) =>
      [...tr.querySelectorAll("th, td")].map((cell) => textOf(cell)),
    );
    // One lead from the issue, who booked a call and became a paying client (the direct lead is not in this table).
    expect(rows).toEqual([[SUBJECT, "1", "1", "100%", "1", "100%"]]);
  });
});

describe("an arrival at a page the page cache keeps", () => {
  it("still counts on the issue", async () => {
    const page = `${site}/privacy-policy`;
    const first = await fetch(page);
    expect(first.headers.get("etag"), "a page from the cache").toBeTruthy();
    const count = async () => {
      const result = (await services.database.db.execute(
        sql`select coalesce(sum(count), 0)::int as n from newsletter_issue_visits where issue_id = ${issueId}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n);
    };
    const before = await count();
    const arrival = await fetch(`${page}?utm_source=newsletter&utm_medium=email&utm_campaign=hills-then-a-plan`);
    expect(arrival.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
