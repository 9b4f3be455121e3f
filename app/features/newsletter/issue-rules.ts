import { z } from "zod";
import { AMSTERDAM } from "~/infra/amsterdam";
import { instantOf } from "~/infra/zoned-time";
import { freeSlug, slugFrom } from "~/infra/slug";

/**
 * The rules of the newsletter editor in the back office: what an issue may hold, its archive
 * address, when it may be scheduled, and what an article becomes as an issue. Pure, so the
 * editor's answers and the tests share them.
 */

export const ISSUE_LIMITS = { subject: 150, preheader: 200, body: 100_000 } as const;
export const SLUG_MAX = 80;

/**
 * The archive address made from a subject (infra/slug.ts), at most SLUG_MAX characters
 * ("Café & Crème: 5 tips!" → cafe-and-creme-5-tips); a subject without a letter or digit gives "issue".
 */
export const issueSlug = (subject: string): string => slugFrom(subject, SLUG_MAX) || "issue";

/** `slug` itself when no other issue has it, else the first of slug-2, slug-3, … that is free. */
export const uniqueSlug = (slug: string, taken: ReadonlySet<string>): string => freeSlug(slug, taken, SLUG_MAX);

/** The editor's fields as the form sends them (checkboxes: "on" or absent; a group: every value ticked). */
export interface IssueFields {
  subject: string;
  preheader: string;
  body: string;
  /** Signup sources ticked: only subscribers from one of them (none: from anywhere). */
  segmentSources: string[];
  /** Tag ids ticked: only subscribers with one of them (none: no tag needed). */
  segmentTags: string[];
  archived: string;
  noindex: string;
  /** The description of a photo being added, kept for the next try when the photo is refused. */
  photoAlt: string;
}

export interface IssueInput {
  subject: string;
  preheader: string;
  body: string;
  segmentSources: string[];
  segmentTags: string[];
  archived: boolean;
  noindex: boolean;
}

export type IssueErrors = Partial<Record<keyof IssueFields | "photo" | "photoAlt" | "when" | "form", string>>;

/** Line breaks from a Windows or Mac textarea become "\n"; a line break in a subject becomes a space. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const issueSchema = z.object({
  subject: z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, "Write a subject: it is the first thing people see in their inbox.")
        .max(ISSUE_LIMITS.subject, `Keep the subject to ${ISSUE_LIMITS.subject} characters or fewer.`),
    ),
  preheader: z
    .string()
    .transform(oneLine)
    .pipe(
      z.string().max(ISSUE_LIMITS.preheader, `Keep the preview line to ${ISSUE_LIMITS.preheader} characters or fewer.`),
    ),
  body: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "Write the text of the newsletter.")
        .max(ISSUE_LIMITS.body, `The text is longer than ${ISSUE_LIMITS.body.toLocaleString("en-GB")} characters.`),
    ),
});

/** The form's values, each a string (a field missing from the post is empty). */
export function issueFieldsFrom(form: { get(name: string): unknown; getAll?(name: string): unknown[] }): IssueFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const ticked = (name: string) =>
    (form.getAll?.(name) ?? []).filter((v): v is string => typeof v === "string" && v !== "");
  return {
    subject: text("subject"),
    preheader: text("preheader"),
    body: text("body"),
    segmentSources: ticked("segmentSources"),
    segmentTags: ticked("segmentTags"),
    archived: text("archived"),
    noindex: text("noindex"),
    photoAlt: text("photoAlt"),
  };
}

/**
 * Checks what the trainer typed. `sources` are the signup sources that exist and `tags` the tag ids:
 * each one ticked must be among them (none ticked: no limit of that kind). Sources and tags combine
 * as the subscriber list's filter does: any one of the sources, and any one of the tags.
 */
export function parseIssue(
  fields: IssueFields,
  sources: readonly string[],
  tags: readonly string[] = [],
): { ok: true; value: IssueInput } | { ok: false; errors: IssueErrors } {
  const errors: IssueErrors = {};
  const parsed = issueSchema.safeParse(fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof IssueFields;
      errors[field] ??= issue.message;
    }
  const segmentSources = [...new Set(fields.segmentSources.map((s) => s.trim()).filter(Boolean))];
  if (segmentSources.some((s) => !sources.includes(s)))
    errors.segmentSources =
      "Nobody signed up from one of the places you ticked any more: untick it, or tick none to send to everyone.";
  const segmentTags = [...new Set(fields.segmentTags)];
  if (segmentTags.some((t) => !tags.includes(t)))
    errors.segmentTags = "One of the tags no longer exists: choose from the listed tags.";
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...parsed.data,
      segmentSources,
      segmentTags,
      archived: fields.archived === "on",
      noindex: fields.noindex === "on",
    },
  };
}

/** The editor's fields for a stored issue. */
export function fieldsOfIssue(issue: {
  subject: string;
  preheader: string;
  body: string;
  segmentSources: string[];
  segmentTags: string[];
  archived: boolean;
  noindex: boolean;
}): IssueFields {
  return {
    subject: issue.subject,
    preheader: issue.preheader,
    body: issue.body,
    segmentSources: issue.segmentSources,
    segmentTags: issue.segmentTags,
    archived: issue.archived ? "on" : "",
    noindex: issue.noindex ? "on" : "",
    photoAlt: "",
  };
}

/** A new issue's fields: in the archive, open to search engines. */
export const EMPTY_ISSUE: IssueFields = {
  subject: "",
  preheader: "",
  body: "",
  segmentSources: [],
  segmentTags: [],
  archived: "on",
  noindex: "",
  photoAlt: "",
};

/**
 * "Send at" as the trainer types it (a date and a time in Amsterdam) as an instant, or why not: it
 * must be a real time on that day and still to come.
 */
export function scheduleTime(
  date: string,
  time: string,
  now: Date,
): { ok: true; at: Date } | { ok: false; error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date.trim()) || !/^\d{2}:\d{2}$/.test(time.trim()))
    return { ok: false, error: "Choose a date and a time (Amsterdam time)." };
  const result = instantOf(`${date.trim()}T${time.trim()}`, AMSTERDAM);
  if (!result.ok)
    return {
      ok: false,
      error:
        result.problem === "skipped"
          ? "The clocks jump forward over that time on that day: choose another time."
          : "That is not a date and time that exists: check the day and the time.",
    };
  if (result.instant.getTime() <= now.getTime())
    return { ok: false, error: "That time has already passed: choose a time still to come, or send it now." };
  return { ok: true, at: result.instant };
}

/** Cut at a word, with an ellipsis, when longer than `max`. */
function cut(text: string, max: number): string {
  const one = oneLine(text);
  if (one.length <= max) return one;
  const room = one.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:.–-]+$/, "")}…`;
}

/**
 * An article as the start of an issue: its title as the subject, its summary as the preview line,
 * its text, and a link to the whole article on the site (the web version keeps its pictures and form).
 */
export function issueFromArticle(
  key: string,
  article: { title: string; excerpt: string; body: string },
): Pick<IssueInput, "subject" | "preheader" | "body"> {
  return {
    subject: cut(article.title, ISSUE_LIMITS.subject),
    preheader: cut(article.excerpt, ISSUE_LIMITS.preheader),
    body: `${article.body.replace(/\r\n?/g, "\n").trim()}\n\n[Read the whole article](/blog/${key})`,
  };
}

/** Where people signed up, in the trainer's words ("/blog/x" with the article's title when known). */
export function sourceLabel(source: string, titles: ReadonlyMap<string, string> = new Map()): string {
  if (source === "footer") return "The form at the bottom of every page";
  if (source === "blog-overview") return "The blog overview";
  if (source === "event") return "The event page";
  const post = /^\/blog\/(.+)$/.exec(source)?.[1];
  if (post) return `The article “${titles.get(post) ?? post}”`;
  return source;
}

/**
 * Who an issue goes to, in her words: "Everyone who confirmed", or the places and tags ticked
 * ("The event page or the blog overview, with the tag runners or triathletes"). `tagNames` are the
 * names of the ticked tags that still exist.
 */
export function audienceLabel(
  sources: readonly string[],
  tagNames: readonly string[],
  titles: ReadonlyMap<string, string> = new Map(),
): string {
  const from = sources.length
    ? sources
        .map((s, i) => (i === 0 ? sourceLabel(s, titles) : sourceLabel(s, titles).replace(/^The /, "the ")))
        .join(" or ")
    : "Everyone who confirmed";
  return tagNames.length ? `${from}, with the tag ${tagNames.join(" or ")}` : from;
}

export const ISSUE_STATUS_LABEL: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

/** Markdown for a picture in the text: its description and its address on the site. */
export function pictureMarkdown(alt: string, src: string): string {
  return `![${oneLine(alt).replace(/[[\]]/g, "")}](${src})`;
}
