import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { ServerBuild } from "react-router";
import type { Document } from "happy-dom";
import { newsletterIssues, newsletterSubscribers } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { htmlReader, textOf } from "../support/html";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The smaller things from issue 51's walkthrough of the newsletter issue page, through the
 * production build: confirmations where she sees them, a test's "Read it online" link, an issue
 * made from an article not a second indexable copy, photos a mail app shows, a preview that fits.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const TRAINER = "fixes-trainer@example.com";

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
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "nl-fixes-")),
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
  });
  services = await createServices(env, { memoryDb: true, startOutbox: false });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.41" };
  ({ jar } = await enrolledTrainer(ctx, site, TRAINER));
  await services.database.db
    .insert(newsletterSubscribers)
    .values({ email: "ann@example.com", source: "footer", status: "confirmed", confirmedAt: new Date() });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services?.close();
  await smtp?.stop();
  reader.close();
});

const db = () => services.database.db;

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
  segment: "",
  archived: "on",
  ...changes,
});

async function newIssue(changes: Record<string, string> = {}): Promise<string> {
  const res = await post("/admin/newsletter/new", issueForm(changes));
  expect(res.status).toBe(302);
  const id = /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`no issue in ${res.headers.get("location")}`);
  return id;
}

const issueRow = async (id: string) =>
  (await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!;

/** The decoded text of a received mail (quoted-printable soft breaks and escapes undone). */
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
