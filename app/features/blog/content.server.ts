import "~/infra/zod-config";
import { Marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { BlogFrontMatter } from "#content/types";
import type { BlogPost, BlogPostSummary } from "./types";
import { escapeHtml } from "~/infra/escape-html";
import {
  BLOG_CATEGORIES,
  DEFAULT_CATEGORY,
  dutchLongDate,
  leadFormFor,
  readTime,
  slugify,
  splitAtConclusion,
  type BlogCategory,
} from "./rules";

export type { BlogPost, BlogPostSummary } from "./types";

const text = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

/** A calendar day as YYYY-MM-DD; `format` says how to write one where it is typed. */
const day = (format: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      "is not a real date",
    );
const isoDate = day("must be a date written YYYY-MM-DD (in quotes)");

/** The front matter of content/types.ts BlogFrontMatter, validated. */
export const frontMatterSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by dashes"),
  title: text(140),
  excerpt: text(400),
  // YAML reads an unquoted 2025-04-08 as a Date; accept it and keep the text form.
  date: z.preprocess((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v), isoDate),
  category: z
    .enum(BLOG_CATEGORIES, { message: `must be one of ${BLOG_CATEGORIES.join(", ")} (or left out for Other)` })
    .optional(),
  author: text(80),
  authorTitle: text(120),
  image: z
    .string()
    .regex(
      /^[\w-]+(\/[\w.-]+)*\.(svg|png|jpe?g|webp)$/i,
      "must be a path under content/media such as blog/my-post.svg",
    ),
  imageAlt: text(300),
  keywords: z.array(text(80)).min(1, "needs at least one keyword"),
  metaTitle: text(70).optional(),
  metaDescription: text(170).optional(),
  // Each text on its own: what is left out is the category's wording (leadFormFor).
  leadFormContent: z
    .strictObject({
      title: text(120).optional(),
      description: text(400).optional(),
      ctaText: text(40).optional(),
      disclaimer: text(200).optional(),
      inputPlaceholder: text(60).optional(),
      serviceType: z
        .string()
        .regex(/^[a-z]+(_[a-z]+)*$/, "must be lower_case_with_underscores")
        .optional(),
    })
    .optional(),
});

/**
 * An article as the content store keeps it (kind "article", key = slug): the front matter's fields
 * and the Markdown body, plus the lead magnet its lead form hands out.
 */
export const articleSchema = frontMatterSchema.omit({ slug: true }).extend({
  // Optional in the editor: search engines give the keywords meta tag no weight.
  keywords: z.array(text(80)),
  // The editor's date picker sends YYYY-MM-DD; a browser without one shows a text field.
  date: day("must be a day written like 2026-11-23"),
  body: z
    .string()
    .max(200_000, "is too long")
    .refine((v) => v.trim().length > 0, "is required"),
  leadMagnet: z
    .strictObject({
      /** What the form tells the visitor they will receive. */
      label: text(120),
      /** An uploaded PDF (content_files) or a link; exactly one. */
      fileId: z.uuid().optional(),
      url: z.url({ protocol: /^https?$/, message: "must be a web address starting with https://" }).optional(),
    })
    .refine((v) => (v.fileId === undefined) !== (v.url === undefined), "needs either a PDF or a link, not both")
    .optional(),
});
export type ArticleData = z.infer<typeof articleSchema>;

// Compile-time check that the schema and the documented type agree.
type Parsed = z.infer<typeof frontMatterSchema>;
const _sameShape: (v: Parsed) => BlogFrontMatter = (v) => v;
void _sameShape;

export class BlogContentError extends Error {
  override name = "BlogContentError";
}

/** Intrinsic size of the artwork, from an SVG's width/height or viewBox. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, "i").exec(tag)?.[1];
  const width = Number(attr("width"));
  const height = Number(attr("height"));
  if (width > 0 && height > 0) return { width, height };
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag);
  if (viewBox) return { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  return null;
}

/** Raster artwork's size is not read at build time; the hero and cards crop to a fixed ratio anyway. */
const FALLBACK_SIZE = { width: 1600, height: 900 };

export interface MediaLookup {
  /** Is there a file at this path under content/media? */
  has(path: string): boolean;
  /** SVG source text, to read its intrinsic size. */
  svg(path: string): string | undefined;
  /** Intrinsic size of an uploaded raster image, when known. */
  size?(path: string): { width: number; height: number } | undefined;
}

function splitFrontMatter(file: string, raw: string): { yaml: string; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new BlogContentError(`${file}: must start with front matter between two '---' lines`);
  return { yaml: match[1] ?? "", body: match[2] ?? "" };
}

function createRenderer() {
  const used = new Map<string, number>();
  const uniqueId = (label: string) => {
    const base = slugify(label) || "section";
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    return n === 0 ? base : `${base}-${n + 1}`;
  };
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth, text: raw }) {
        // The article title is the page's only h1; body headings start at h2.
        const level = Math.min(6, Math.max(2, depth));
        return `<h${level} id="${uniqueId(raw)}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, title, tokens }) {
        const label = this.parser.parseInline(tokens);
        const external = /^https?:\/\//i.test(href);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const rel = external ? ' rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${label}</a>`;
      },
    },
  });
  return marked;
}

/**
 * What a post's Markdown may become. Markdown passes raw HTML through, so the rendered
 * body is cut down to an allow-list: no scripts, styles, frames, forms or event handlers,
 * and links and images only to http(s), mailto or this site's own paths.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ..."h2 h3 h4 h5 h6 p br hr blockquote ul ol li strong em b i del s sup sub code pre a img".split(" "),
    ..."table thead tbody tr th td".split(" "),
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export const sanitizePostHtml = (html: string) => sanitizeHtml(html, SANITIZE);

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Parses and validates one post file. Any problem throws a BlogContentError
 * naming the file and the field, which stops the build.
 */
export function parsePost(file: string, raw: string, media: MediaLookup): BlogPost {
  const { yaml, body } = splitFrontMatter(file, raw);
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (error) {
    throw new BlogContentError(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = frontMatterSchema.safeParse(data ?? {});
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const field = issue.path.join(".") || "(front matter)";
      const message = issue.code === "unrecognized_keys" ? `unknown field(s) ${issue.keys.join(", ")}` : issue.message;
      return `field "${field}": ${message}`;
    });
    throw new BlogContentError(`${file}: ${issues.join("; ")}`);
  }
  const fm = result.data;
  const fileSlug = file.replace(/^.*\//, "").replace(/\.md$/, "");
  if (fm.slug !== fileSlug)
    throw new BlogContentError(`${file}: field "slug": "${fm.slug}" must equal the file name "${fileSlug}"`);
  const { slug, ...fields } = fm;
  const post = renderPost(slug, { ...fields, body }, media, file);
  const plain = stripTags(`${post.bodyBefore} ${post.bodyAfter}`);
  if (plain.length < 200) throw new BlogContentError(`${file}: the article body is missing or too short`);
  return post;
}

/** A post file's front matter (without its slug) and its Markdown body: an article as the content store keeps it. */
export function splitPostFile(file: string, raw: string): { slug: string; data: Record<string, unknown> } {
  const { yaml, body } = splitFrontMatter(file, raw);
  const fm = frontMatterSchema.parse(parseYaml(yaml) ?? {});
  const { slug, ...fields } = fm;
  return { slug, data: { ...fields, body } };
}

/**
 * Renders one article (front matter fields and Markdown body) into what the pages show. `label`
 * names the article in errors: a file path for the seed, the slug for the store.
 */
export function renderPost(
  slug: string,
  fm: Omit<Parsed, "slug"> & { body: string; leadMagnet?: { label: string } },
  media: MediaLookup,
  label: string = slug,
): BlogPost {
  if (!media.has(fm.image)) throw new BlogContentError(`${label}: field "image": no file content/media/${fm.image}`);
  const svg = fm.image.toLowerCase().endsWith(".svg") ? media.svg(fm.image) : undefined;
  const size = svg !== undefined ? svgSize(svg) : (media.size?.(fm.image) ?? FALLBACK_SIZE);
  if (!size)
    throw new BlogContentError(`${label}: field "image": content/media/${fm.image} has no width/height or viewBox`);

  const marked = createRenderer();
  const tokens = marked.lexer(fm.body);
  const { before, after } = splitAtConclusion<Token>(tokens, (t) =>
    t.type === "heading" ? (t as Tokens.Heading).text : null,
  );
  const render = (part: Token[]) => sanitizePostHtml(marked.parser(Object.assign(part, { links: tokens.links })));
  const bodyBefore = render(before);
  const bodyAfter = render(after);
  const plain = stripTags(`${bodyBefore} ${bodyAfter}`);

  const category: BlogCategory = fm.category ?? DEFAULT_CATEGORY;
  return {
    slug,
    title: fm.title,
    excerpt: fm.excerpt,
    date: fm.date,
    dateLabel: dutchLongDate(fm.date),
    category,
    readTime: readTime(`${fm.title} ${plain}`),
    image: { src: fm.image, alt: fm.imageAlt, ...size },
    author: fm.author,
    authorTitle: fm.authorTitle,
    keywords: fm.keywords,
    metaTitle: fm.metaTitle ?? fm.title,
    metaDescription: fm.metaDescription ?? fm.excerpt,
    leadForm: leadFormFor(category, fm.leadFormContent),
    leadMagnet: fm.leadMagnet ? { label: fm.leadMagnet.label } : null,
    bodyBefore,
    bodyAfter,
  };
}

/** Every post, checked for duplicate slugs; the caller sorts. */
export function parsePosts(files: Record<string, string>, media: MediaLookup): BlogPost[] {
  const posts = Object.entries(files).map(([file, raw]) => parsePost(file.replace(/^\//, ""), raw, media));
  const seen = new Set<string>();
  for (const post of posts) {
    if (seen.has(post.slug)) throw new BlogContentError(`content/blog: two posts have the slug "${post.slug}"`);
    seen.add(post.slug);
  }
  return posts;
}

export function toSummary(post: BlogPost): BlogPostSummary {
  const { slug, title, excerpt, date, dateLabel, category, readTime: minutes, image } = post;
  return { slug, title, excerpt, date, dateLabel, category, readTime: minutes, image };
}
