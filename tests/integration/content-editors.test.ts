import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { contentFileData } from "#db/schema";
import { site as seedSite } from "#content/site";
import { trainer as seedTrainer } from "#content/trainer";
import type { AppServices } from "~/context";
import type { FaqList, TestimonialList } from "~/features/site/site-content-schemas";
import { storeImage } from "~/features/content/uploads.server";
import { startBuiltSite } from "../support/built-site";
import { htmlReader, textOf } from "../support/html";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The back office's content editors answered by the production build, as in production: the
 * services (and so the content store that refuses bad data) come from the server's own bundle and
 * the route modules from the React Router build, each with its own copy of the store's error class.
 * A refusal must reach the trainer as a message on the form, whatever copy threw it.
 */

let services: AppServices;
let close: (() => Promise<void>) | undefined;
let site = "";
let jar: Jar;
const html = htmlReader();

beforeAll(async () => {
  ({ services, site, close } = await startBuiltSite("content-editors"));
  const ctx = { services, cspNonce: "test", clientIp: "203.0.113.30" };
  ({ jar } = await enrolledTrainer(ctx, site, "editor-trainer@example.com"));
});

afterAll(async () => {
  html.close();
  await close?.();
});

/** A form sent as the browser sends it (multipart, like the article editor), signed in. */
async function post(pathname: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(jar.request(pathname, { body }), { redirect: "manual" });
}

/** Any artwork the seeded articles use, so no test waits on an upload it does not test. */
const seedImage = (() => {
  const first = readdirSync("content/blog").find((name) => name.endsWith(".md")) ?? "";
  return /^image:\s*(\S+)/m.exec(readFileSync(path.join("content/blog", first), "utf8"))?.[1] ?? "";
})();

let counter = 0;
/** A complete article as the form sends it; the title is new each time. */
function article(fields: Record<string, string> = {}) {
  counter += 1;
  return {
    intent: "save",
    title: `Hill repeats, round ${counter}`,
    slug: `hill-repeats-round-${counter}`,
    excerpt: "Why short climbs make flat running feel easier.",
    date: "2026-11-23",
    category: "Running",
    author: "Mila Jansen",
    authorTitle: "Coach",
    keywords: "hills, running",
    image: seedImage,
    imageAlt: "Green hills",
    body: "## Why hills\n\nShort climbs build strength.\n\n## Conclusion\n\nTry one a week.",
    ...fields,
  };
}

const savedKey = (response: Response) =>
  /^\/admin\/articles\/([a-z0-9-]+)\?done=/.exec(response.headers.get("location") ?? "")?.[1];

describe("the article editor", () => {
  it("saves a partly written sign-up form, the rest completed by the category's wording, and never answers 500", async () => {
    const partial: Record<string, string>[] = [
      { "lead.title": "My hill plan" },
      { "lead.ctaText": "Send me the plan" },
    ];
    for (const lead of partial) {
      const response = await post("/admin/articles/new", article(lead));
      expect(response.status).toBe(302);
      const stored = await services.content.get("article", savedKey(response)!);
      const own = Object.fromEntries(Object.entries(lead).map(([k, v]) => [k.replace(/^lead\./, ""), v]));
      expect(stored?.draft.leadFormContent).toEqual(own);
    }
  });

  it("brings any refusal by the store back as a message under the field, with everything typed, status 400", async () => {
    const typed = article({ keywords: `hills, ${"k".repeat(81)}`, "lead.title": "My hill plan" });
    const response = await post("/admin/articles/new", typed);
    expect(response.status).toBe(400);
    const document = html.parse(await response.text());
    const keywords = document.querySelector("#keywords")!;
    expect(keywords.getAttribute("aria-invalid")).toBe("true");
    expect(textOf(document.getElementById(keywords.getAttribute("aria-describedby")!.split(" ").at(-1)!))).toMatch(
      /^Keywords .*80 characters/,
    );
    for (const name of ["title", "imageAlt", "lead.title"])
      expect(document.getElementById(name)?.getAttribute("value"), name).toBe(typed[name as keyof typeof typed]);
    // A form sends line ends as CRLF; the text area shows the same lines.
    for (const name of ["excerpt", "body"])
      expect(document.getElementById(name)?.textContent?.replace(/\r\n/g, "\n"), name).toBe(
        typed[name as keyof typeof typed],
      );
    expect(document.getElementById("keywords")?.getAttribute("value")).toBe(typed.keywords);
  });

  it("makes an empty web address from the title, unique, and fills in author, role and date when left empty", async () => {
    const title = "Café crème: één keer per week";
    const empty = { slug: "", author: "", authorTitle: "", date: "", keywords: "" };
    const first = await post("/admin/articles/new", article({ title, ...empty }));
    expect(first.status).toBe(302);
    expect(savedKey(first)).toBe("cafe-creme-een-keer-per-week");
    const second = await post("/admin/articles/new", article({ title, ...empty }));
    expect(savedKey(second)).toBe("cafe-creme-een-keer-per-week-2");
    const stored = await services.content.get("article", savedKey(first)!);
    expect(stored?.draft).toMatchObject({
      author: seedSite.trainerName,
      authorTitle: seedTrainer.role,
      keywords: [],
    });
    expect(stored?.draft.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses, under the web address, a new address another article already uses", async () => {
    const mine = await post("/admin/articles/new", article());
    const key = savedKey(mine)!;
    const [other] = (await services.content.list("article")).filter((entry) => entry.key !== key);
    const response = await post(`/admin/articles/${key}`, article({ slug: other!.key }));
    expect(response.status).toBe(400);
    const document = html.parse(await response.text());
    expect(document.getElementById("slug")?.getAttribute("aria-invalid")).toBe("true");
    expect(textOf(document.getElementById("slug-error"))).toMatch(/already uses/);
    expect(await services.content.get("article", key)).toBeDefined();
  });

  it("offers a date picker and asks for author, role and keywords only as options", async () => {
    const response = await fetch(jar.request("/admin/articles/new", { method: "GET" }));
    const document = html.parse(await response.text());
    expect(document.getElementById("date")?.getAttribute("type")).toBe("date");
    for (const name of ["author", "authorTitle", "keywords", "slug"])
      expect(document.getElementById(name)?.hasAttribute("required"), name).toBe(false);
  });
});

describe("an uploaded picture", () => {
  it("sends the browser from an AVIF not made yet to the WebP of that width, and that answer is not kept", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(services.database.db, { name: "a.jpg", bytes: new Uint8Array(jpeg) }, "A", {
      userId: "t",
    });
    await stored.complete;
    // As if the upload's later work had not run yet.
    await services.database.db
      .delete(contentFileData)
      .where(and(eq(contentFileData.fileId, stored.id), eq(contentFileData.variant, "960.avif")));
    const name = `${stored.id}-${stored.width}x${stored.height}`;
    const avif = await fetch(`${site}/media/uploads/${name}-960.avif`, { redirect: "manual" });
    expect(avif.status).toBe(307);
    expect(avif.headers.get("location")).toBe(`/media/uploads/${name}-960.webp`);
    expect(avif.headers.get("cache-control")).toBe("no-store");
    const webp = await fetch(`${site}/media/uploads/${name}-960.webp`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await fetch(`${site}/media/uploads/${name}-1440.avif`)).headers.get("content-type")).toBe("image/avif");
  });
});

describe("the testimonials and FAQ editors", () => {
  const testimonialIds = async () =>
    ((await services.content.get("testimonials", "main"))?.draft as TestimonialList).items.map((t) => t.id);

  it("move a testimonial to the top and to the bottom in one action each", async () => {
    const before = await testimonialIds();
    const last = before.at(-1)!;
    const top = await post("/admin/testimonials", { intent: "top", id: String(last) });
    expect(top.status).toBe(200);
    expect(await testimonialIds()).toEqual([last, ...before.slice(0, -1)]);
    const bottom = await post("/admin/testimonials", { intent: "bottom", id: String(last) });
    expect(bottom.status).toBe(200);
    expect(await testimonialIds()).toEqual(before);
  });

  it("refuse a question already in the FAQ with a message, not a 500, and change nothing", async () => {
    const faq = (await services.content.get("faq", "main"))!;
    const [first] = (faq.draft as FaqList).items;
    const response = await post("/admin/faq", { intent: "save", question: first!.question, answer: "Again." });
    expect(response.status).toBe(400);
    expect(textOf(html.parse(await response.text()).querySelector("[role=alert]"))).toMatch(/twice/);
    expect((await services.content.get("faq", "main"))?.version).toBe(faq.version);
  });
});
