import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { ServerBuild } from "react-router";
import type { Document } from "happy-dom";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { localDateTimeOf } from "~/infra/zoned-time";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { htmlReader, textOf } from "../support/html";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { enrolledTrainer, type Jar } from "../support/trainer";
import { ensureTags, setTag } from "~/features/newsletter/tags.server";
import { countSubscribers, subscriberRows } from "~/features/newsletter/subscribers.server";

/**
 * The trainer's newsletter issues through the production build (services in this process, a local
 * SMTP server): writing, checking, starting from an article, the audience, sending, scheduling, a
 * test to herself, the accounting afterwards, and the public archive.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const TRAINER = "issues-trainer@example.com";

let services: AppServices;
let server: Server;
let smtp: LocalSmtp;
let site = "";
let jar: Jar;
const reader = htmlReader();

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  smtp = await startSmtpServer();
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "nl-issues-")),
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
  });
  services = await createServices(env, { memoryDb: true, startOutbox: false });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.40" };
  ({ jar } = await enrolledTrainer(ctx, site, TRAINER));

  // The list: confirmed from two places, and the ones an issue must never reach.
  await services.database.db.insert(newsletterSubscribers).values([
    { email: "ann@example.com", source: "footer", status: "confirmed", confirmedAt: new Date() },
    { email: "bob@example.com", source: "footer", status: "confirmed", confirmedAt: new Date() },
    { email: "cat@example.com", source: "/blog/hills", status: "confirmed", confirmedAt: new Date() },
    { email: "pending@example.com", source: "footer", status: "pending" },
    { email: "gone@example.com", source: "/blog/hills", status: "unsubscribed", unsubscribedAt: new Date() },
    {
      email: "bounced@example.com",
      source: "footer",
      status: "confirmed",
      suppressedAt: new Date(),
      suppressedReason: "550 5.1.1 mailbox unknown",
    },
  ]);
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services?.close();
  await smtp?.stop();
  reader.close();
});

const db = () => services.database.db;

/** A path on the site, or a whole address the site wrote (a link in an e-mail). */
async function get(pathname: string, signedIn = true): Promise<Response> {
  return fetch(pathname.startsWith("http") ? pathname : `${site}${pathname}`, {
    headers: signedIn ? { cookie: jar.header() } : {},
    redirect: "manual",
  });
}

async function page(pathname: string, signedIn = true): Promise<Document> {
  const res = await get(pathname, signedIn);
  expect(res.status, pathname).toBe(200);
  return reader.parse(await res.text());
}

async function post(pathname: string, form: Record<string, string> | FormData): Promise<Response> {
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  return fetch(`${site}${pathname}`, {
    method: "POST",
    headers: { cookie: jar.header(), origin: site },
    body,
    redirect: "manual",
  });
}

const issueForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  subject: "Five hill sessions for spring",
  preheader: "Short climbs, big gains.",
  body: "## Why hills\n\nShort climbs build strength.",
  archived: "on",
  ...changes,
});

/** Saves a new issue and returns its id (from the address the save leads to). */
async function newIssue(changes: Record<string, string> = {}): Promise<string> {
  const res = await post("/admin/newsletter/new", issueForm(changes));
  expect(res.status).toBe(302);
  const id = /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`no issue in ${res.headers.get("location")}`);
  return id;
}

const issueRow = async (id: string) =>
  (await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!;
const fieldError = (doc: Document, id: string) => textOf(doc.getElementById(`${id}-error`));

describe("writing an issue", () => {
  it("is in the back-office menu, and a save makes a draft whose address comes from the subject", async () => {
    const list = await page("/admin/newsletter");
    expect(list.querySelector('nav[aria-label="Back office"] a[href="/admin/newsletter"]')).not.toBeNull();
    expect(list.querySelector('a[href="/admin/newsletter/new"]')).not.toBeNull();

    const first = await newIssue({ subject: "Café & Crème: the race-week menu" });
    const again = await newIssue({ subject: "Café & Crème: the race-week menu" });
    expect((await issueRow(first)).slug).toBe("cafe-and-creme-the-race-week-menu");
    expect((await issueRow(again)).slug).toBe("cafe-and-creme-the-race-week-menu-2");
    expect(await issueRow(first)).toMatchObject({
      status: "draft",
      archived: true,
      noindex: false,
      segmentSources: [],
    });

    // Edited later: the subject changes, the shared address stays.
    const res = await post(`/admin/newsletter/${first}`, issueForm({ subject: "The race-week menu", noindex: "on" }));
    expect(res.headers.get("location")).toBe(`/admin/newsletter/${first}?done=saved`);
    expect(await issueRow(first)).toMatchObject({
      subject: "The race-week menu",
      slug: "cafe-and-creme-the-race-week-menu",
      noindex: true,
    });
    const listed = await page("/admin/newsletter");
    expect(textOf(listed.querySelector("main"))).toContain("The race-week menu");
  });

  it("refuses a missing subject or text and a long preview line under the fields, keeping what she typed", async () => {
    const before = (await db().select().from(newsletterIssues)).length;
    const res = await post("/admin/newsletter/new", issueForm({ subject: " ", preheader: "p".repeat(201), body: "" }));
    expect(res.status).toBe(400);
    const doc = reader.parse(await res.text());
    expect(fieldError(doc, "subject")).toMatch(/Write a subject/);
    expect(fieldError(doc, "preheader")).toMatch(/200 characters/);
    expect(fieldError(doc, "body")).toMatch(/Write the text/);
    expect(doc.getElementById("subject")?.getAttribute("aria-invalid")).toBe("true");
    expect(doc.getElementById("preheader")?.textContent).toBe("p".repeat(201));
    expect((await db().select().from(newsletterIssues)).length).toBe(before);

    const kept = await post("/admin/newsletter/new", issueForm({ subject: "", body: "My **whole** text" }));
    const keptDoc = reader.parse(await kept.text());
    expect(keptDoc.getElementById("body")?.textContent).toBe("My **whole** text");
    expect(keptDoc.getElementById("preheader")?.textContent).toBe("Short climbs, big gains.");
  });

  it("adds an uploaded photo to the end of the text as a picture on the site", async () => {
    const png = await sharp({ create: { width: 32, height: 20, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries(issueForm())) form.set(key, value);
    form.set("photo", new File([new Uint8Array(png)], "hill.png", { type: "image/png" }));
    form.set("photoAlt", "A runner on a hill");
    const noAlt = new FormData();
    for (const [key, value] of form) noAlt.set(key, value);
    noAlt.set("photoAlt", "");

    const refused = await post("/admin/newsletter/new", noAlt);
    expect(refused.status).toBe(400);
    expect(fieldError(reader.parse(await refused.text()), "photoAlt")).toMatch(/Describe what the photo shows/);

    const res = await post("/admin/newsletter/new", form);
    expect(res.status).toBe(302);
    const id = /([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")![1]!;
    const body = (await issueRow(id)).body;
    const src = /!\[A runner on a hill\]\((\/media\/uploads\/[^)]+-960\.webp)\)$/.exec(body)?.[1];
    expect(src, body).toBeDefined();
    expect((await fetch(`${site}${src}`)).status).toBe(200);
  });

  it("starts from a published article: its title, summary and text, with a link to the whole article", async () => {
    const [article] = await services.content.listLive("article");
    const res = await post("/admin/newsletter", { article: article!.key });
    expect(res.status).toBe(302);
    const id = /\/admin\/newsletter\/([0-9a-f-]{36})\?done=from-article$/.exec(res.headers.get("location") ?? "")![1]!;
    const issue = await issueRow(id);
    expect(issue).toMatchObject({
      subject: article!.data.title,
      preheader: article!.data.excerpt,
      fromArticle: article!.key,
    });
    expect(issue.body).toContain(article!.data.body.trim().slice(0, 40));
    expect(issue.body.endsWith(`[Read the whole article](/blog/${article!.key})`)).toBe(true);

    const refused = await post("/admin/newsletter", { article: "no-such-article" });
    expect(refused.status).toBe(400);
    expect(textOf(reader.parse(await refused.text()).getElementById("article-error"))).toMatch(/no longer on the site/);
  });
});

describe("the preview and a test to herself", () => {
  it("shows the HTML part in a frame no script can run in, and the plain text, as the engine builds them", async () => {
    const id = await newIssue({ subject: "Preview me", body: "Hello **runners**.\n\n[Plans](/pricing)" });
    const res = await post(`/admin/newsletter/${id}`, issueForm({ intent: "preview", subject: "Preview me" }));
    expect(res.headers.get("location")).toBe(`/admin/newsletter/${id}?preview=1#preview`);
    const res2 = await get(`/admin/newsletter/${id}?preview=1`);
    // The srcdoc frame inherits the page's policy: scripts only with the page's nonce, no inline handlers.
    const policy = res2.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src [^;]*'nonce-/);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(policy).toMatch(/script-src-attr 'none'/);
    const doc = reader.parse(await res2.text());
    const frame = doc.querySelector("#preview iframe");
    const html = frame?.getAttribute("srcdoc") ?? "";
    expect(html).toContain("Short climbs build strength.");
    expect(html).toContain(`${site}/newsletter/archive/preview-me`);
    expect(html).toMatch(/Unsubscribe<\/a>/);
    expect(textOf(doc.querySelector("#preview pre"))).toContain("Read it online:");
    expect(doc.querySelectorAll('#preview input[name="preview-width"]')).toHaveLength(2);
  });

  it("sends her a copy with [Test] before the subject, and says so plainly when there is no mail server", async () => {
    const id = await newIssue({ subject: "Test this one" });
    const before = smtp.messages.length;
    const res = await post(`/admin/newsletter/${id}`, issueForm({ intent: "test", subject: "Test this one" }));
    expect(res.headers.get("location")).toBe(`/admin/newsletter/${id}?done=test-sent#done`);
    const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(mail).toMatchObject({ to: [TRAINER], subject: "[Test] Test this one" });
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(textOf((await page(`/admin/newsletter/${id}?done=test-sent`)).querySelector('[role="status"]'))).toMatch(
      /test copy is on its way/,
    );

    const mailer = services.mailer;
    (services as { mailer: AppServices["mailer"] }).mailer = null;
    try {
      const none = await post(`/admin/newsletter/${id}`, issueForm({ intent: "test", subject: "Test this one" }));
      expect(none.headers.get("location")).toBe(`/admin/newsletter/${id}?test=no-mailer#done`);
      const doc = await page(`/admin/newsletter/${id}?test=no-mailer`);
      expect(textOf(doc.querySelector('[role="alert"]'))).toMatch(/No mail server is set up \(SMTP_URL\)/);
    } finally {
      (services as { mailer: AppServices["mailer"] }).mailer = mailer;
    }
    expect(smtp.messages.length).toBe(before + 1);
  });
});

describe("sending", () => {
  it("counts the audience by signup source: confirmed, not suppressed", async () => {
    const everyone = await newIssue({ subject: "To everyone" });
    const doc = await page(`/admin/newsletter/${everyone}`);
    expect(textOf(doc.querySelector("main"))).toContain("This goes to 3 people");
    expect(textOf(doc.getElementById("audience-hint"))).toContain("confirmed their subscription: 3 today");
    const places = [...doc.querySelectorAll('input[name="segmentSources"]')].map((box) => textOf(box.parentElement));
    expect(places.find((o) => o.includes("bottom of every page"))).toMatch(/\(2\)$/);

    const hills = await newIssue({ subject: "Hill readers only", segmentSources: "/blog/hills" });
    expect(textOf((await page(`/admin/newsletter/${hills}`)).querySelector("main"))).toContain("This goes to 1 person");
  });

  it("sends now after a confirmation step: every recipient a delivery row, and the page becomes read-only", async () => {
    const id = await newIssue({ subject: "Send me now" });
    const ask = await post(`/admin/newsletter/${id}`, issueForm({ intent: "send-ask", subject: "Send me now" }));
    expect(ask.headers.get("location")).toBe(`/admin/newsletter/${id}?confirm=send#confirm`);
    const confirm = await page(`/admin/newsletter/${id}?confirm=send`);
    expect(textOf(confirm.getElementById("confirm"))).toContain("goes to 3 people now");
    expect((await issueRow(id)).status).toBe("draft");

    const sent = await post(`/admin/newsletter/${id}`, { intent: "send" });
    expect(sent.headers.get("location")).toBe(`/admin/newsletter/${id}?done=started`);
    expect((await issueRow(id)).status).not.toBe("draft");
    const rows = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    expect(rows.map((r) => r.email).sort()).toEqual(["ann@example.com", "bob@example.com", "cat@example.com"]);

    // Where she lands after the tap says it started; a list sent before that page is made, that it went out.
    const landed = async () => textOf((await page(`/admin/newsletter/${id}?done=started`)).getElementById("done"));
    expect(await landed()).toMatch(/^Sending has started\./);
    await db().update(newsletterIssues).set({ status: "sent" }).where(eq(newsletterIssues.id, id));
    expect(await landed()).toMatch(/^It has gone out\./);

    const doc = await page(`/admin/newsletter/${id}`);
    expect(doc.getElementById("subject")).toBeNull();
    expect(textOf(doc.getElementById("progress-title"))).toMatch(/Progress|Delivery/);
    const again = await post(`/admin/newsletter/${id}`, issueForm({ subject: "Changed afterwards" }));
    expect(again.status).toBe(409);
    expect((await issueRow(id)).subject).toBe("Send me now");
    expect((await post(`/admin/newsletter/${id}`, { intent: "send" })).status).toBe(409);
  });

  it("schedules in Amsterdam time, refuses a time in the past, and unschedules back to a draft", async () => {
    const id = await newIssue({ subject: "Later please" });
    const past = localDateTimeOf(new Date(Date.now() - 60 * 60_000), "Europe/Amsterdam");
    const refused = await post(
      `/admin/newsletter/${id}`,
      issueForm({ intent: "schedule", subject: "Later please", sendDate: past.slice(0, 10), sendTime: past.slice(11) }),
    );
    expect(refused.status).toBe(400);
    const doc = reader.parse(await refused.text());
    expect(textOf(doc.getElementById("when-error"))).toMatch(/already passed/);
    expect(doc.getElementById("sendDate")?.getAttribute("value")).toBe(past.slice(0, 10));
    expect((await issueRow(id)).status).toBe("draft");

    const future = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    const local = localDateTimeOf(future, "Europe/Amsterdam");
    const res = await post(
      `/admin/newsletter/${id}`,
      issueForm({
        intent: "schedule",
        subject: "Later please",
        sendDate: local.slice(0, 10),
        sendTime: local.slice(11),
      }),
    );
    expect(res.headers.get("location")).toBe(`/admin/newsletter/${id}?done=scheduled#done`);
    expect(await issueRow(id)).toMatchObject({ status: "scheduled", scheduledAt: future });
    expect(textOf((await page(`/admin/newsletter/${id}?done=scheduled`)).querySelector('[role="status"]'))).toMatch(
      /Scheduled: it goes out/,
    );

    await post(`/admin/newsletter/${id}`, issueForm({ intent: "unschedule", subject: "Later please" }));
    expect(await issueRow(id)).toMatchObject({ status: "draft", scheduledAt: null });
  });

  it("accounts for every address afterwards: counts, who did not get it and why, a retry and the failure banner", async () => {
    const id = await newIssue({ subject: "Accounted for" });
    await post(`/admin/newsletter/${id}`, { intent: "send" });
    const problem = "The mail server refused every message so far (535 authentication failed).";
    await db()
      .update(newsletterDeliveries)
      .set({ state: "failed", attempts: 1, lastError: "535 authentication failed" })
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.email, "ann@example.com")));
    await db()
      .update(newsletterDeliveries)
      .set({ state: "sent", sentAt: new Date() })
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.email, "bob@example.com")));
    await db()
      .update(newsletterDeliveries)
      .set({ state: "unknown", lastError: "The send was interrupted" })
      .where(and(eq(newsletterDeliveries.issueId, id), eq(newsletterDeliveries.email, "cat@example.com")));
    await db()
      .update(newsletterIssues)
      .set({ status: "sent", finishedAt: new Date(), problem })
      .where(eq(newsletterIssues.id, id));

    const doc = await page(`/admin/newsletter/${id}`);
    expect(textOf(doc.querySelector('[role="alert"]'))).toContain(problem);
    const numbers = Object.fromEntries(
      [...doc.querySelectorAll("dl > div")].map((d) => [textOf(d.querySelector("dt")), textOf(d.querySelector("dd"))]),
    );
    expect(numbers).toMatchObject({ Sent: "1", "To go": "0", Failed: "1", Unknown: "1", "Left out": "0" });
    const missed = textOf(doc.querySelector('section[aria-labelledby="undelivered-title"]'));
    expect(missed).toContain("ann@example.com");
    expect(missed).toContain("535 authentication failed");
    expect(missed).toContain("cat@example.com");
    expect(missed).not.toContain("bob@example.com");

    const retried = await post(`/admin/newsletter/${id}`, { intent: "retry" });
    expect(retried.headers.get("location")).toBe(`/admin/newsletter/${id}?done=retried&retried=2#done`);
    expect((await issueRow(id)).problem).toBeNull();
  });

  it("while the mail server is away: one line for everyone waiting, and no Retry when nothing can be retried", async () => {
    const id = await newIssue({ subject: "Relay away" });
    const since = new Date("2026-11-28T14:02:00Z");
    const next = new Date(Date.now() + 30 * 60_000);
    await db().update(newsletterIssues).set({ status: "sending", startedAt: since }).where(eq(newsletterIssues.id, id));
    const waiting = {
      state: "deferred",
      attempts: 2,
      nextAttemptAt: next,
      waitingSince: since,
      waitReason: "unreachable",
    };
    await db()
      .insert(newsletterDeliveries)
      .values([
        ...["ann@example.com", "bob@example.com", "cat@example.com"].map((email) => ({
          issueId: id,
          email,
          ...waiting,
          lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
        })),
        // Refused for good (the address is suppressed): a retry cannot help it.
        {
          issueId: id,
          email: "bounced@example.com",
          state: "failed",
          attempts: 1,
          lastError: "550 5.1.1 mailbox unknown",
        },
      ]);

    const doc = await page(`/admin/newsletter/${id}`);
    const section = doc.querySelector('section[aria-labelledby="undelivered-title"]');
    const time = (at: Date) => amsterdamDateTime(at).slice(11, 16);
    expect([...(section?.querySelectorAll('ul[aria-label="Waiting"] > li') ?? [])].map(textOf)).toEqual([
      `3 e-mails wait: the mail server cannot be reached since ${time(since)}, next try ${time(next)}.`,
    ]);
    expect(textOf(section)).not.toContain("ECONNREFUSED");
    expect(textOf(section)).not.toContain("ann@example.com");
    expect(textOf(section)).toContain("bounced@example.com");
    expect(doc.querySelector('button[value="retry"]')).toBeNull();
  });
});

describe("the public archive", () => {
  const publish = async (id: string, changes: Partial<typeof newsletterIssues.$inferInsert> = {}) =>
    db()
      .update(newsletterIssues)
      .set({ status: "sent", startedAt: new Date(), finishedAt: new Date(), ...changes })
      .where(eq(newsletterIssues.id, id));

  it("shows a sent, archived issue with a sign-up form, lists it on /newsletter and in the sitemap", async () => {
    const id = await newIssue({ subject: "Archive me", body: "Read **this** with [a link](/pricing)." });
    const slug = (await issueRow(id)).slug;
    expect((await get(`/newsletter/archive/${slug}`, false)).status).toBe(404);
    await publish(id);

    const doc = await page(`/newsletter/archive/${slug}`, false);
    expect(textOf(doc.querySelector("h1"))).toBe("Archive me");
    expect(doc.querySelector("article time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(doc.querySelector(`.prose a[href="${site}/pricing"]`)).not.toBeNull();
    expect(doc.querySelector('form input[type="email"]')).not.toBeNull();
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();

    const list = await page("/newsletter", false);
    expect(list.querySelector(`a[href="/newsletter/archive/${slug}"]`)).not.toBeNull();
    const sitemap = await (await get("/sitemap.xml", false)).text();
    expect(sitemap).toContain(`<loc>${site}/newsletter/archive/${slug}</loc>`);
  });

  it("answers 404 for a draft, a scheduled or an unarchived issue; noindex keeps it out of search", async () => {
    const draft = await newIssue({ subject: "Still a draft" });
    const scheduled = await newIssue({ subject: "Still scheduled" });
    await db()
      .update(newsletterIssues)
      .set({ status: "scheduled", scheduledAt: new Date(Date.now() + 86_400_000) })
      .where(eq(newsletterIssues.id, scheduled));
    const hidden = await newIssue({ subject: "Sent but hidden" });
    await publish(hidden, { archived: false });
    const quiet = await newIssue({ subject: "Sent and quiet" });
    await publish(quiet, { noindex: true });

    for (const id of [draft, scheduled, hidden]) {
      const slug = (await issueRow(id)).slug;
      expect((await get(`/newsletter/archive/${slug}`, false)).status, slug).toBe(404);
    }
    expect((await get("/newsletter/archive/no-such-issue", false)).status).toBe(404);

    const slug = (await issueRow(quiet)).slug;
    const doc = await page(`/newsletter/archive/${slug}`, false);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toMatch(/noindex/);
    const sitemap = await (await get("/sitemap.xml", false)).text();
    expect(sitemap).not.toContain(`/newsletter/archive/${slug}<`);
    expect(sitemap).not.toContain((await issueRow(hidden)).slug);
  });
});

// The smaller things from issue 51's walkthrough: confirmations where she sees them, a test's
// "Read it online" link, an issue made from an article not a second indexable copy, photos a mail app
// shows, a preview that fits.
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Sends her a test of issue `id` and returns the decoded mail. */
async function testMail(id: string, changes: Record<string, string> = {}): Promise<string> {
  const before = smtp.messages.length;
  const res = await post(`/admin/newsletter/${id}`, issueForm({ intent: "test", ...changes }));
  expect(res.status).toBe(302);
  const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
  return decoded(mail!.raw);
}

describe("the answer to a button is where she sees it", () => {
  it("a test, a schedule and an unschedule lead to the confirmation (#done), announced as a status", async () => {
    const id = await newIssue({ subject: "Confirm me" });
    const tested = await post(`/admin/newsletter/${id}`, issueForm({ intent: "test", subject: "Confirm me" }));
    expect(tested.headers.get("location")).toBe(`/admin/newsletter/${id}?done=test-sent#done`);
    const doc = await page(`/admin/newsletter/${id}?done=test-sent`);
    expect(textOf(doc.querySelector('#done [role="status"]'))).toMatch(/test copy is on its way/);

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await post(
      `/admin/newsletter/${id}`,
      issueForm({ intent: "schedule", subject: "Confirm me", sendDate: tomorrow, sendTime: "09:00" }),
    );
    expect(scheduled.headers.get("location")).toBe(`/admin/newsletter/${id}?done=scheduled#done`);
    const after = await page(`/admin/newsletter/${id}?done=scheduled`);
    expect(textOf(after.querySelector('#done [role="status"]'))).toMatch(/^Scheduled: it goes out/);

    // Unscheduling is a button down there too.
    const unscheduled = await post(
      `/admin/newsletter/${id}`,
      issueForm({ intent: "unschedule", subject: "Confirm me" }),
    );
    expect(unscheduled.headers.get("location")).toBe(`/admin/newsletter/${id}?done=unscheduled#done`);
  });
});

describe("a test's Read it online link", () => {
  it("opens the issue for her before it is sent, and shows it to nobody else", async () => {
    const id = await newIssue({ subject: "Online before sending", body: "Only **in the test** so far." });
    const mail = await testMail(id, { subject: "Online before sending", body: "Only **in the test** so far." });
    const href = /<a href="([^"]+)"[^>]*>Read it online<\/a>/.exec(mail)?.[1]?.replaceAll("&amp;", "&");
    expect(href, mail).toBeDefined();
    expect(mail).toContain(`Read it online: ${href}`);
    expect(href!.startsWith(site)).toBe(true);

    const res = await get(href!);
    expect(res.status).toBe(200);
    const doc = reader.parse(await res.text());
    expect(doc.querySelector("#preview iframe")?.getAttribute("srcdoc")).toContain("in the test");

    const stranger = await get(href!, false);
    expect(stranger.status).not.toBe(200);
    expect(await stranger.text()).not.toContain("in the test");
  });
});

describe("an issue made from an article", () => {
  it("points search engines to the article and is not in the sitemap a second time", async () => {
    const [article] = await services.content.listLive("article");
    const res = await post("/admin/newsletter", { article: article!.key });
    const id = /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")![1]!;
    await db()
      .update(newsletterIssues)
      .set({ status: "sent", startedAt: new Date(), finishedAt: new Date() })
      .where(eq(newsletterIssues.id, id));
    const slug = (await issueRow(id)).slug;

    const doc = await page(`/newsletter/archive/${slug}`, false);
    const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
    expect(new URL(canonical).pathname).toBe(`/blog/${article!.key}`);
    const sitemap = await (await get("/sitemap.xml", false)).text();
    expect(sitemap).not.toContain(`/newsletter/archive/${slug}<`);
    expect(sitemap).toContain(`/blog/${article!.key}</loc>`);
  });
});

describe("photos in the e-mail", () => {
  it("are JPEG renderings, never WebP", async () => {
    const png = await sharp({ create: { width: 40, height: 24, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries(issueForm({ subject: "With a photo" }))) form.set(key, value);
    form.set("photo", new File([new Uint8Array(png)], "hill.png", { type: "image/png" }));
    form.set("photoAlt", "A runner on a hill");
    const saved = await post("/admin/newsletter/new", form);
    const id = /([0-9a-f-]{36})/.exec(saved.headers.get("location") ?? "")![1]!;

    const mail = await testMail(id, { subject: "With a photo", body: (await issueRow(id)).body });
    expect(mail).not.toMatch(/\.webp|image\/webp/);
    const src = /<img [^>]*src="([^"]+)"/.exec(mail)?.[1];
    expect(src, mail).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/uploads\/.+\.jpg$/);
    const picture = await fetch(src!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe("jpeg");
  });
});

describe("the preview on a phone", () => {
  it("scales the desktop width down to the screen instead of scrolling sideways", async () => {
    const id = await newIssue({ subject: "Fit the phone" });
    const doc = await page(`/admin/newsletter/${id}?preview=1`);
    const frame = doc.querySelector("#preview iframe");
    expect(frame).not.toBeNull();
    expect(doc.querySelector("#preview .overflow-x-auto")).toBeNull();
    expect(frame!.getAttribute("class")).toMatch(/zoom/);
  });
});

describe("an audience of several signup sources and a tag", () => {
  /** The editor's form with several boxes ticked under one name, as a browser posts them. */
  const ticked = (subject: string, sources: string[], tags: string[], changes: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(issueForm({ subject, ...changes }))) form.set(name, value);
    for (const source of sources) form.append("segmentSources", source);
    for (const tag of tags) form.append("segmentTags", tag);
    return form;
  };

  it("reaches exactly the people the subscriber list shows for that choice, as the editor counted", async () => {
    const rows = await db()
      .insert(newsletterSubscribers)
      .values([
        { email: "eva@example.com", source: "event", status: "confirmed", confirmedAt: new Date() },
        { email: "eli@example.com", source: "event", status: "confirmed", confirmedAt: new Date() },
        { email: "ola@example.com", source: "blog-overview", status: "confirmed", confirmedAt: new Date() },
        { email: "oti@example.com", source: "blog-overview", status: "pending" },
        {
          email: "oz@example.com",
          source: "blog-overview",
          status: "confirmed",
          confirmedAt: new Date(),
          suppressedAt: new Date(),
          suppressedReason: "550 5.1.1 mailbox unknown",
        },
      ])
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    const club = [...(await ensureTags(db(), ["Running club"])).values()][0]!;
    const clubbed = ["eva@example.com", "ola@example.com", "oti@example.com", "oz@example.com"];
    const ann = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "ann@example.com"));
    await setTag(
      db(),
      [...rows.filter((r) => clubbed.includes(r.email)), ...ann].map((r) => r.id),
      club,
      true,
    );

    const chosen = { state: "confirmed" as const, sources: ["event", "blog-overview"], tags: [club] };
    const listed = (await subscriberRows(db(), chosen, 100, 0)).map((r) => r.email).sort();
    // Checked by hand once: the footer's ann has the tag but not the source; eli the source but not the tag.
    expect(listed).toEqual(["eva@example.com", "ola@example.com"]);
    expect((await countSubscribers(db(), chosen)).byState.confirmed).toBe(listed.length);

    const res = await post("/admin/newsletter/new", ticked("Club night", ["event", "blog-overview"], [club]));
    expect(res.status).toBe(302);
    const id = /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")![1]!;
    const editor = await page(`/admin/newsletter/${id}`);
    expect(textOf(editor.querySelector("main"))).toContain(`This goes to ${listed.length} people`);
    const checked = (name: string) =>
      [...editor.querySelectorAll(`input[name="${name}"]`)]
        .filter((box) => box.hasAttribute("checked"))
        .map((box) => box.getAttribute("value"));
    expect(checked("segmentSources").sort()).toEqual(["blog-overview", "event"]);
    expect(checked("segmentTags")).toEqual([club]);

    expect((await post(`/admin/newsletter/${id}`, { intent: "send" })).status).toBe(302);
    const sent = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    expect(sent.map((d) => d.email).sort()).toEqual(listed);
    // Once it has gone, the page still says who it went to.
    const after = textOf((await page(`/admin/newsletter/${id}`)).querySelector("main"));
    expect(after).toContain("To: The event page or the blog overview, with the tag Running club");
  });

  it("refuses a source or a tag that is not there any more under its field, keeping what she ticked", async () => {
    const before = (await db().select().from(newsletterIssues)).length;
    const club = [...(await ensureTags(db(), ["Running club"])).values()][0]!;
    const gone = "00000000-0000-4000-8000-000000000000";
    const res = await post(
      "/admin/newsletter/new",
      ticked("Nowhere", ["event", "/blog/nowhere"], [club, gone], { body: "Still here" }),
    );
    expect(res.status).toBe(400);
    const doc = reader.parse(await res.text());
    expect(fieldError(doc, "segmentSources")).toMatch(/Nobody signed up from one of the places you ticked/);
    expect(fieldError(doc, "segmentTags")).toMatch(/no longer exists/);
    const box = (name: string, value: string) => doc.querySelector(`input[name="${name}"][value="${value}"]`);
    expect(box("segmentSources", "event")?.hasAttribute("checked")).toBe(true);
    expect(box("segmentSources", "/blog/nowhere")?.hasAttribute("checked")).toBe(true);
    expect(box("segmentTags", club)?.hasAttribute("checked")).toBe(true);
    expect(doc.getElementById("body")?.textContent).toBe("Still here");
    expect((await db().select().from(newsletterIssues)).length).toBe(before);
  });
});
