/**
 * Turns the back office's article form into the article data the content store validates, and
 * back. Pure, so the same mapping serves the editor's first render and every post.
 */

import { freeSlug, slugFrom } from "~/infra/slug";

/** The largest photo or PDF the editor takes (checked in the browser first, then on the server). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const ARTICLE_TEXT_FIELDS = [
  "title",
  "excerpt",
  "date",
  "author",
  "authorTitle",
  "image",
  "imageAlt",
  "metaTitle",
  "metaDescription",
  "body",
] as const;

/** serviceType is not shown, but kept through a hidden field so a save does not drop it. */
const LEAD_FIELDS = ["title", "description", "ctaText", "inputPlaceholder", "disclaimer", "serviceType"] as const;
/** The lead magnet: what the form promises, and the PDF (stored file's id) or link that delivers it. */
const MAGNET_FIELDS = ["label", "url", "fileId"] as const;

const value = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** Empty optional fields are left out, so the schema's defaults (meta title = title, …) apply. */
export function articleFromForm(form: FormData): { slug: string; data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  for (const name of ARTICLE_TEXT_FIELDS) {
    const v = name === "body" ? value(form, name).replace(/\r\n/g, "\n") : value(form, name).trim();
    if (v !== "" || !["metaTitle", "metaDescription"].includes(name)) data[name] = v;
  }
  const category = value(form, "category");
  if (category !== "") data.category = category;
  data.keywords = value(form, "keywords")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  const lead: Record<string, string> = {};
  for (const name of LEAD_FIELDS) {
    const v = value(form, `lead.${name}`).trim();
    if (v !== "") lead[name] = v;
  }
  if (Object.keys(lead).length > 0) data.leadFormContent = lead;
  const magnet: Record<string, string> = {};
  for (const name of MAGNET_FIELDS) {
    const v = value(form, `magnet.${name}`).trim();
    if (v !== "") magnet[name] = v;
  }
  // A link typed in replaces a PDF kept from before (the form has one or the other).
  if (magnet.url && magnet.fileId) delete magnet.fileId;
  if (Object.keys(magnet).length > 0) data.leadMagnet = magnet;
  return { slug: value(form, "slug").trim(), data };
}

/** Field values for the form from stored data (the reverse of articleFromForm). */
export function formFromArticle(slug: string, data: Record<string, unknown> | null): Record<string, string> {
  const fields: Record<string, string> = { slug };
  if (!data) return fields;
  for (const name of ARTICLE_TEXT_FIELDS) if (typeof data[name] === "string") fields[name] = data[name];
  if (typeof data.category === "string") fields.category = data.category;
  if (Array.isArray(data.keywords)) fields.keywords = data.keywords.join(", ");
  const lead = (data.leadFormContent ?? {}) as Record<string, unknown>;
  for (const name of LEAD_FIELDS) if (typeof lead[name] === "string") fields[`lead.${name}`] = lead[name];
  const magnet = (data.leadMagnet ?? {}) as Record<string, unknown>;
  for (const name of MAGNET_FIELDS) if (typeof magnet[name] === "string") fields[`magnet.${name}`] = magnet[name];
  return fields;
}

/** The longest web address the editor makes from a title: long enough for a headline's gist. */
export const SLUG_MAX = 60;

/**
 * An article's web address made from its title (infra/slug.ts): at most SLUG_MAX characters, empty
 * when the title has no letter or digit.
 */
export const slugFromTitle = (title: string): string => slugFrom(title, SLUG_MAX);

/** `slug` itself when no other article has it, else the first of slug-2, slug-3, … that is free. */
export const uniqueSlug = (slug: string, taken: ReadonlySet<string>): string => freeSlug(slug, taken, SLUG_MAX);

/** What an article gets for a field left empty: the trainer's byline and today's date. */
export interface ArticleDefaults {
  author: string;
  authorTitle: string;
  /** YYYY-MM-DD in Amsterdam. */
  today: string;
}

export function withArticleDefaults(data: Record<string, unknown>, defaults: ArticleDefaults): Record<string, unknown> {
  const empty = (v: unknown) => typeof v !== "string" || v.trim() === "";
  return {
    ...data,
    author: empty(data.author) ? defaults.author : data.author,
    authorTitle: empty(data.authorTitle) ? defaults.authorTitle : data.authorTitle,
    date: empty(data.date) ? defaults.today : data.date,
  };
}

/** The calendar day in Amsterdam (the trainer's day) as YYYY-MM-DD. */
export function amsterdamDay(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Amsterdam",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Plain-language names of the fields, for messages. */
export const FIELD_LABELS: Record<string, string> = {
  slug: "Web address",
  title: "Title",
  excerpt: "Summary",
  date: "Date",
  category: "Category",
  author: "Author",
  authorTitle: "Author's role",
  image: "Image",
  imageAlt: "Image description",
  keywords: "Keywords",
  metaTitle: "Search title",
  metaDescription: "Search description",
  body: "Article text",
  "leadFormContent.title": "Form heading",
  "leadFormContent.description": "Form text",
  "leadFormContent.ctaText": "Button text",
  "leadFormContent.inputPlaceholder": "E-mail placeholder",
  "leadFormContent.disclaimer": "Small print",
  "leadFormContent.serviceType": "Service type",
  leadMagnet: "What the visitor receives",
  "leadMagnet.label": "What the visitor receives",
  "leadMagnet.url": "Link",
  "leadMagnet.fileId": "PDF",
};

/**
 * A wall-clock minute in the trainer's time zone ("2026-12-01T09:30") as an instant. The offset is
 * looked up for that very moment, so summer and winter time both come out right.
 */
export function zonedMinuteToDate(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - instant;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}
