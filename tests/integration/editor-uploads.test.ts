import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Document } from "happy-dom";
import { newsletterIssues } from "#db/schema";
import type { AppServices } from "~/context";
import { ISSUE_LIMITS } from "~/features/newsletter/issue-rules";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { formValuesOf } from "~/features/events/events-admin.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import { event as firstEvent } from "#content/event";
import { startBuiltSite } from "../support/built-site";
import { htmlReader, textOf } from "../support/html";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * What the editors promise, through the production build: the newsletter editor takes a phone's
 * photo and a text at its stated length, and anything refused (a file over 20 MB, one that is not a
 * photo, a text too long) comes back as a message under its field with every other field as she
 * typed it, never a bare "413 Payload Too Large". The article editor likewise for its photo and PDF,
 * and the event editor takes its texts at their stated lengths.
 */
let services: AppServices;
let close: (() => Promise<void>) | undefined;
let site = "";
let jar: Jar;
const reader = htmlReader();

beforeAll(async () => {
  ({ services, site, close } = await startBuiltSite("editor-uploads"));
  const ctx = { services, cspNonce: "test", clientIp: "203.0.113.31" };
  ({ jar } = await enrolledTrainer(ctx, site, "uploads-trainer@example.com"));
}, 120_000);

afterAll(async () => {
  reader.close();
  await close?.();
});

/** The form as the browser sends it: multipart, files where the inputs are. */
function post(pathname: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(jar.request(pathname, { body }), { redirect: "manual" });
}

/** A phone photo's weight: noise does not compress, so a 2,600 × 1,950 JPEG stays over 4 MB. */
async function phoneJpeg(): Promise<File> {
  const [width, height] = [2600, 1950];
  const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(4 * 1024 * 1024);
  return new File([new Uint8Array(jpeg)], "IMG_2041.JPG", { type: "image/jpeg" });
}

/** A file of `bytes` that starts as a JPEG does (what the browser's picker would send). */
const bigFile = (bytes: number, name: string, type: string) => {
  const data = new Uint8Array(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([data], name, { type });
};

/** A text of exactly `length` characters with accents, euro signs and curly quotes, as typed on a phone. */
function longText(length: number): string {
  const paragraph = "Klimmen op de Veluwe – €5 per ronde, “geen excuses”, café après.\n\n";
  const text = paragraph.repeat(Math.ceil(length / paragraph.length)).slice(0, length - 1);
  return `${text}x`;
}

/** The editor's fields in the order the browser sends them: the photo before the fields below it. */
const issue = (changes: Record<string, string> = {}) => ({
  subject: "Hills before spring",
  preheader: "Short climbs, big gains.",
  body: "## Why hills\n\nShort climbs build strength.",
  photoAlt: "A runner on a forest hill",
  archived: "on",
  noindex: "on",
  intent: "save",
  ...changes,
});
const withPhoto = (typed: ReturnType<typeof issue>, photo: File) => {
  const { subject, preheader, body, ...below } = typed;
  return { subject, preheader, body, photo, ...below };
};

const issueId = (response: Response) =>
  /\/admin\/newsletter\/([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "")?.[1];
const storedIssue = async (id: string) =>
  (await services.database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]!;

/** The refused editor page: its status is a form's answer and its HTML the editor, not an error page. */
async function refusedPage(response: Response): Promise<Document> {
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  return reader.parse(await response.text());
}

const value = (doc: Document, id: string) => doc.getElementById(id)?.getAttribute("value");
const area = (doc: Document, id: string) => doc.getElementById(id)?.textContent?.replace(/\r\n/g, "\n");
const checked = (doc: Document, id: string) => doc.getElementById(id)?.hasAttribute("checked");
const fieldError = (doc: Document, id: string) => textOf(doc.getElementById(`${id}-error`));

/** Every field of `typed` but the photo is on the page as she typed it. */
function expectIssueFields(doc: Document, typed: ReturnType<typeof issue>) {
  expect(value(doc, "subject")).toBe(typed.subject);
  expect(area(doc, "preheader")).toBe(typed.preheader);
  expect(area(doc, "body")).toBe(typed.body);
  expect(value(doc, "photoAlt")).toBe(typed.photoAlt);
  expect(checked(doc, "archived")).toBe(true);
  expect(checked(doc, "noindex")).toBe(true);
}

describe("the newsletter editor", () => {
  it("saves a 4 MB photo from a phone and a text at its stated length", async () => {
    const photo = await post("/admin/newsletter/new", withPhoto(issue(), await phoneJpeg()));
    expect(photo.status).toBe(302);
    const stored = await storedIssue(issueId(photo)!);
    expect(stored).toMatchObject({ subject: "Hills before spring", archived: true, noindex: true });
    expect(stored.body).toMatch(/!\[A runner on a forest hill\]\(\/media\/uploads\/[0-9a-f-]{36}-[^)]+\)$/);

    const atLimit = longText(ISSUE_LIMITS.body);
    const text = await post("/admin/newsletter/new", issue({ body: atLimit }));
    expect(text.status).toBe(302);
    expect((await storedIssue(issueId(text)!)).body).toBe(atLimit);
  });

  it("answers a text over its length under the field, with the whole text and every other field kept", async () => {
    const typed = issue({ body: longText(ISSUE_LIMITS.body + 1) });
    const doc = await refusedPage(await post("/admin/newsletter/new", typed));
    expect(fieldError(doc, "body")).toMatch(/longer than 100,000 characters/);
    expectIssueFields(doc, typed);
  });

  it("answers a photo over 20 MB, a file that is not a photo or a damaged one under the photo, keeping the draft", async () => {
    const typed = issue();
    const tooBig = bigFile(MAX_UPLOAD_BYTES + 5 * 1024 * 1024, "IMG_2042.JPG", "image/jpeg");
    const big = await refusedPage(await post("/admin/newsletter/new", withPhoto(typed, tooBig)));
    expect(fieldError(big, "photo")).toMatch(/^The photo is 25\.0 MB; the limit is 20 MB/);
    expectIssueFields(big, typed);

    const notPhoto = new File(["not a picture"], "notes.jpg", { type: "image/jpeg" });
    const wrong = await refusedPage(await post("/admin/newsletter/new", withPhoto(typed, notPhoto)));
    expect(fieldError(wrong, "photo")).toMatch(/is not a JPEG, HEIC or PNG photo/);
    expectIssueFields(wrong, typed);

    const damaged = bigFile(64 * 1024, "IMG_2044.JPG", "image/jpeg");
    const unreadable = await refusedPage(await post("/admin/newsletter/new", withPhoto(typed, damaged)));
    expect(fieldError(unreadable, "photo")).toMatch(/could not be read as a picture/);
    expectIssueFields(unreadable, typed);
  });
});

describe("the article editor", () => {
  it("answers a photo and a PDF over 20 MB each under the field, with the article as typed", async () => {
    const typed = {
      intent: "save",
      title: "Hill repeats for the spring",
      excerpt: "Why short climbs make flat running feel easier.",
      category: "Running",
      imageAlt: "Green hills",
      body: "## Why hills\n\nShort climbs build strength.",
    };
    const response = await post("/admin/articles/new", {
      ...typed,
      imageFile: bigFile(30 * 1024 * 1024, "IMG_3001.JPG", "image/jpeg"),
      magnetFile: bigFile(30 * 1024 * 1024, "hill-plan.pdf", "application/pdf"),
    });
    const doc = await refusedPage(response);
    expect(fieldError(doc, "imageFile")).toMatch(/^The photo is 30\.0 MB; the limit is 20 MB/);
    expect(value(doc, "title")).toBe(typed.title);
    expect(value(doc, "imageAlt")).toBe(typed.imageAlt);
    expect(area(doc, "body")).toBe(typed.body);
  });
});

describe("the event editor", () => {
  it("saves its texts at their stated lengths, however they are encoded", async () => {
    // Ten paragraphs of 1,990 characters with accents and curly quotes (6 and 9 bytes each in form encoding).
    const paragraph = "Één ‘rondje’ – “café” → ".repeat(90).slice(0, 1_989) + ".";
    const description = Array.from({ length: 10 }, () => paragraph).join("\n\n");
    const day = localDateTimeOf(new Date(Date.now() + 30 * 86_400_000), "Europe/Amsterdam").slice(0, 10);
    const body = new URLSearchParams({
      ...formValuesOf(firstEvent),
      title: "Sunrise run and stretch",
      date: day,
      time: "07:30",
      description,
      intent: "save",
    });
    expect(body.toString().length).toBeGreaterThan(64 * 1024);
    const response = await fetch(jar.request("/admin/events/new", { body }), { redirect: "manual" });
    expect(response.status).toBe(302);
    const key = /^\/admin\/events\/([^?]+)\?done=saved$/.exec(response.headers.get("location") ?? "")?.[1];
    const saved = await services.content.get("event", key!);
    expect(saved?.draft.description).toEqual(Array.from({ length: 10 }, () => paragraph));
  });
});
