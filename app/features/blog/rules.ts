/**
 * The blog's rules as pure functions, shared by the
 * server-side post loader and the pages, and unit-tested in rules.test.ts.
 */
import type { LeadFormContent } from "#content/types";

export const BLOG_CATEGORIES = ["Triathlon", "Running", "Training", "Nutrition", "Fitness"] as const;
export type KnownCategory = (typeof BLOG_CATEGORIES)[number];
/** A post without a category is listed under Other. */
export type BlogCategory = KnownCategory | "Other";
export const DEFAULT_CATEGORY = "Other" satisfies BlogCategory;

/** Groups of the /sitemap page, in the trainer's order (Training, Running, Triathlon, Fitness); other categories follow. */
export const SITEMAP_CATEGORY_ORDER: readonly BlogCategory[] = ["Training", "Running", "Triathlon", "Fitness"];

export const BREADCRUMB_MAX = 30;

/**
 * Breadcrumb label: cut at the first colon to 'prefix...', otherwise to 30
 * characters plus an ellipsis when the title is longer than 30.
 */
export function breadcrumbTitle(title: string): string {
  const colon = title.indexOf(":");
  if (colon > 0) return `${title.slice(0, colon).trim()}...`;
  if (title.length > BREADCRUMB_MAX) return `${title.slice(0, BREADCRUMB_MAX).trimEnd()}...`;
  return title;
}

/** Average silent-reading speed for non-fiction on a screen. */
export const WORDS_PER_MINUTE = 220;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** '6 min read' from the plain text of a post; at least one minute. */
export function readTime(text: string): string {
  const minutes = Math.max(1, Math.round(wordCount(text) / WORDS_PER_MINUTE));
  return `${minutes} min read`;
}

/** Categories alphabetically, each once. */
export function sortCategories(categories: Iterable<string>): string[] {
  return [...new Set(categories)].sort((a, b) => a.localeCompare(b, "en"));
}

/** Newest first; equal dates by title so the order is stable. */
export function sortNewestFirst<T extends { date: string; title: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, "en"));
}

/**
 * Articles on one page of the blog overview: a page weighs the same however many articles there
 * are (docs/decisions/075-…). Twelve fill whole rows of the two- and three-column grids.
 */
export const BLOG_PAGE_SIZE = 12;

/**
 * One page of the blog overview from the address's `?category=` (any case; unknown means all) and
 * `?page=` (1 when missing or not a number, the last page when past it), posts newest first.
 */
export function blogListing<T extends { category: string }>(
  posts: readonly T[],
  categories: readonly string[],
  query: URLSearchParams,
): { active: string | null; posts: T[]; page: number; pages: number } {
  const requested = query.get("category")?.toLowerCase();
  const active = categories.find((c) => c.toLowerCase() === requested) ?? null;
  const shown = active ? posts.filter((p) => p.category === active) : posts;
  const pages = Math.max(1, Math.ceil(shown.length / BLOG_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(query.get("page") ?? "", 10) || 1));
  return { active, posts: shown.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE), page, pages };
}

export const DEFAULT_DISCLAIMER = "No spam, just expert training tips. Unsubscribe anytime.";

/** The post's own lead-form texts, each one it leaves out taken from the category's defaults. */
export function leadFormFor(category: BlogCategory, content: LeadFormContent = {}): Required<LeadFormContent> {
  const defaults = categoryLeadForm(category);
  const own = Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined));
  return { ...defaults, ...own };
}

function categoryLeadForm(category: BlogCategory): Required<LeadFormContent> {
  const named = category !== DEFAULT_CATEGORY;
  const serviceType = `${category.toLowerCase()}_training`;
  return {
    title: named ? `Get Your Free ${category} Training Plan` : "Get Your Free Training Plan",
    description: named
      ? `Improve your ${category.toLowerCase()} performance with a structured plan built around your week. Leave your e-mail and I'll send it over.`
      : "Improve your performance with a structured plan built around your week. Leave your e-mail and I'll send it over.",
    ctaText: "Get My Plan",
    disclaimer: DEFAULT_DISCLAIMER,
    inputPlaceholder: "Enter your email",
    serviceType,
  };
}

const CONCLUSION = /^(conclusion|conclusie)$/i;

/** True for the heading the in-article lead form goes before. */
export function isConclusionHeading(text: string): boolean {
  return CONCLUSION.test(text.replace(/[:.!]+$/, "").trim());
}

/**
 * Splits a list of blocks at the first heading named Conclusion or Conclusie.
 * Without one, everything is "before" and the lead form goes after the body.
 */
export function splitAtConclusion<T>(
  blocks: readonly T[],
  headingText: (block: T) => string | null,
): { before: T[]; after: T[] } {
  const index = blocks.findIndex((block) => {
    const text = headingText(block);
    return text !== null && isConclusionHeading(text);
  });
  if (index < 0) return { before: [...blocks], after: [] };
  return { before: blocks.slice(0, index), after: blocks.slice(index) };
}

const DUTCH_MONTHS = [
  "januari",
  "februari",
  "maart",
  "april",
  "mei",
  "juni",
  "juli",
  "augustus",
  "september",
  "oktober",
  "november",
  "december",
];

/** '2025-04-08' to '8 april 2025' (Dutch long date, no dependency on the runtime's ICU data). */
export function dutchLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const name = DUTCH_MONTHS[(month ?? 1) - 1];
  if (!year || !name || !day) throw new Error(`not a YYYY-MM-DD date: ${isoDate}`);
  return `${day} ${name} ${year}`;
}

/** Lower-case, dash-separated id for a heading; the caller makes repeats unique. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Up to `count` other posts, same category first, then the newest. */
export function relatedPosts<T extends { slug: string; category: string; date: string; title: string }>(
  posts: readonly T[],
  current: { slug: string; category: string },
  count = 3,
): T[] {
  const others = sortNewestFirst(posts.filter((p) => p.slug !== current.slug));
  return [
    ...others.filter((p) => p.category === current.category),
    ...others.filter((p) => p.category !== current.category),
  ].slice(0, count);
}
