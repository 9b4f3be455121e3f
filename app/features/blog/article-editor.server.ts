import { data, redirect } from "react-router";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { trainer as trainerProfile } from "#content/trainer";
import {
  isContentError,
  type ContentEntry,
  type ContentError,
  type ContentVersion,
} from "~/features/content/store.server";
import {
  amsterdamDay,
  articleFromForm,
  FIELD_LABELS,
  formFromArticle,
  slugFromTitle,
  uniqueSlug,
  withArticleDefaults,
  zonedMinuteToDate,
  type ArticleDefaults,
} from "~/features/content/article-form";
import { fileInfo, oversizedUpload, storeImage, storePdf, UploadError } from "~/features/content/uploads.server";
import type { PostedForm } from "~/infra/posted-form.server";
import { versionChanges } from "~/features/content/diff";
import { formatDateTime } from "~/features/back-office/ui";
import { currentSite, type SiteContentReader } from "~/features/site/site-content.server";
import { renderPost, type ArticleData } from "./content.server";
import { media } from "./posts.server";

/**
 * The article editor's server side: what the page shows, and what each of its buttons does. The
 * route checks the trainer and the origin, then hands over the form.
 */

/** The trainer schedules in her own time zone. */
const TIME_ZONE = "Europe/Amsterdam";
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Who saves: the signed-in trainer, and where from (for the audit). */
type Actor = { userId: string; ip?: string | null };

/** What the editor does with the content store (app/features/content/store.server.ts): its articles. */
interface ArticleStore {
  get(kind: "article", key: string): Promise<ContentEntry<ArticleData> | undefined>;
  keysInUse(kind: "article"): Promise<string[]>;
  versions(kind: "article", key: string): Promise<ContentVersion<ArticleData>[]>;
  validate(kind: "article", data: unknown): ArticleData;
  saveDraft(kind: "article", key: string, data: unknown, actor: Actor): Promise<unknown>;
  publish(kind: "article", key: string, actor: Actor, options?: { at?: Date }): Promise<void>;
  unpublish(kind: "article", key: string, actor: Actor): Promise<void>;
  restore(kind: "article", key: string, version: number, actor: Actor): Promise<unknown>;
  rename(kind: "article", key: string, newKey: string, actor: Actor): Promise<void>;
}

/** What the editor needs of the services. */
export interface ArticleEditorServices {
  /** The articles, and the site's facts for the byline. */
  content: ArticleStore & SiteContentReader["content"];
  database: { db: Db };
  logger: Pick<Logger, "warn">;
}

/**
 * The download links the lead magnet hands out (app/features/newsletter/downloads.server.ts). The
 * route passes them in: the newsletter renders articles, so the blog does not import it back.
 */
export interface MagnetGrants {
  forArticle(
    slug: string,
  ): Promise<{ id: string; email: string; createdAt: Date; downloads: number; revokedAt: Date | null }[]>;
  revoke(slug: string, grantId: string): Promise<boolean>;
}

/** What a field left empty becomes: the trainer's name and role as the site shows them, and today. */
async function articleDefaults(services: Pick<ArticleEditorServices, "content">): Promise<ArticleDefaults> {
  const site = await currentSite(services);
  return { author: site.trainerName, authorTitle: trainerProfile.role, today: amsterdamDay(new Date()) };
}

/** Field names for the version diff: the form's own labels, and one for each group of fields. */
const VERSION_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FIELD_LABELS).filter(([key]) => !key.includes("."))),
  leadFormContent: "Sign-up form in the article",
  leadMagnet: "What the visitor receives",
};

/**
 * What the page shows: a new article's empty form, or an existing one's draft, status, versions and
 * download links. Undefined when there is no such article. `done` is what the last save did.
 */
export async function loadArticleEditor(
  services: ArticleEditorServices,
  grants: MagnetGrants,
  slug: string | undefined,
  done: string | null,
) {
  const defaults = await articleDefaults(services);
  // Every address in use, old ones included, so the one suggested as she types is free.
  const taken = (await services.content.keysInUse("article")).filter((key) => key !== slug);
  const byline = { author: defaults.author, authorTitle: defaults.authorTitle };
  if (!slug)
    return {
      isNew: true as const,
      done,
      fields: { ...formFromArticle("", null), date: defaults.today } as Record<string, string>,
      byline,
      taken,
      entry: null,
      versions: [],
      grants: [],
      magnetFile: null,
    };
  const entry = await services.content.get("article", slug);
  if (!entry) return undefined;
  const { db } = services.database;
  const magnetFileId = (entry.draft as { leadMagnet?: { fileId?: string } }).leadMagnet?.fileId;
  const magnetFile = magnetFileId ? ((await fileInfo(db, magnetFileId)) ?? null) : null;
  const all = await services.content.versions("article", slug);
  const byNumber = new Map(all.map((v) => [v.version, v.data as Record<string, unknown>]));
  const versions = all.map((v) => {
    const before = byNumber.get(v.version - 1);
    return {
      version: v.version,
      reason: v.reason,
      at: v.createdAt.toISOString(),
      title: v.data.title,
      // Against the version saved just before it; the first has nothing to compare with.
      changes: before ? versionChanges(before, v.data as Record<string, unknown>, VERSION_LABELS) : null,
    };
  });
  return {
    isNew: false as const,
    done,
    fields: formFromArticle(slug, entry.draft as Record<string, unknown>),
    byline,
    taken,
    entry: {
      status: entry.status,
      publishAt: entry.publishAt?.toISOString() ?? null,
      publishedAt: entry.publishedAt?.toISOString() ?? null,
      version: entry.version,
      unpublishedChanges: JSON.stringify(entry.live) !== JSON.stringify(entry.draft),
    },
    versions,
    grants: (await grants.forArticle(slug)).map((g) => ({
      id: g.id,
      email: g.email,
      at: g.createdAt.toISOString(),
      downloads: g.downloads,
      revokedAt: g.revokedAt?.toISOString() ?? null,
    })),
    magnetFile: magnetFile ? { id: magnetFile.id, name: magnetFile.originalName, bytes: magnetFile.bytes } : null,
  };
}

type Errors = Record<string, string>;

/**
 * One shape for every refusal, so the page reads errors and message the same way. `fields` is what
 * she sent, so the form comes back as she left it (undefined for the buttons that edit nothing).
 */
const fail = (fields: Record<string, string> | undefined, errors: Errors, message?: string) =>
  data({ ok: false as const, fields, errors, message }, { status: 400 });

/** The form field a schema path belongs to: keywords.1 → keywords; unknown paths → form. */
function fieldOf(path: string): string {
  let key = path;
  while (key && !(key in FIELD_LABELS)) key = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : "";
  return key || "form";
}

/**
 * The store's refusal as messages under the fields, and, for what has no field of its own, one
 * sentence for the top of the form. Any refusal comes back this way, never as an error page.
 */
function refusal(fields: Record<string, string> | undefined, error: ContentError) {
  const errors: Errors = {};
  const unplaced: string[] = [];
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (field === "form") unplaced.push(issue.message);
    else errors[field] ??= issue.message;
  }
  if (error.issues.length === 0) unplaced.push(error.message);
  const message = unplaced.length ? `Not saved: ${unplaced.join(" ")}` : undefined;
  return fail(fields, errors, message);
}

/**
 * Does what the tapped button says (its `intent`) for the article at `current` (undefined for a new
 * one): a message or a preview to show, a refusal with her fields, or a redirect after a save.
 */
export async function articleEditorAction(
  services: ArticleEditorServices,
  grants: MagnetGrants,
  actor: Actor,
  form: FormData,
  current: string | undefined,
  oversized: PostedForm["oversized"] = {},
) {
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const editing = !["unpublish", "revoke-grant", "restore"].includes(intent);
  try {
    return await act(services, grants, actor, form, fields, intent, current, oversized);
  } catch (error) {
    // A refusal the steps below did not foresee still ends on the form, with what she typed.
    if (isContentError(error)) return refusal(editing ? fields : undefined, error);
    throw error;
  }
}

async function act(
  services: ArticleEditorServices,
  grants: MagnetGrants,
  actor: Actor,
  form: FormData,
  fields: Record<string, string>,
  intent: string,
  current: string | undefined,
  oversized: PostedForm["oversized"],
) {
  const { content } = services;
  if (current && intent === "unpublish") {
    await content.unpublish("article", current, actor);
    return data({ ok: true as const, fields: undefined, message: "The article is off the site." });
  }
  if (current && intent === "revoke-grant") {
    const revoked = await grants.revoke(current, String(form.get("grant") ?? ""));
    return data({
      ok: true as const,
      fields: undefined,
      message: revoked
        ? "The download link is revoked: it now shows a page saying it was withdrawn."
        : "That link was already revoked.",
    });
  }
  if (current && intent === "restore") {
    const version = Number(form.get("version"));
    await content.restore("article", current, version, actor);
    return data({
      ok: true as const,
      fields: undefined,
      message: `Version ${version} is back as the draft. Publish it to put it live.`,
    });
  }

  // A file that arrived over its limit was only counted: refused before anything is stored.
  for (const field of ["imageFile", "magnetFile"] as const) {
    const over = oversized[field];
    if (over) return fail(fields, { [field]: oversizedUpload(field, over.bytes).message });
  }

  // A chosen photo is stored first, whatever else the form says: a refusal further down then
  // keeps it (its name is in the form again) and the trainer never uploads it twice.
  const photo = form.get("imageFile");
  if (photo instanceof File && photo.size > 0) {
    try {
      const bytes = new Uint8Array(await photo.arrayBuffer());
      const stored = await storeImage(services.database.db, { name: photo.name, bytes }, fields.imageAlt ?? "", actor);
      fields.image = stored.src;
      form.set("image", stored.src);
      void stored.complete.then((done) => {
        if (!done) services.logger.warn({ id: stored.id }, "an upload's AVIF renderings were not made; a visit will");
      });
    } catch (error) {
      if (error instanceof UploadError) return fail(fields, { [error.field]: error.message });
      throw error;
    }
  }

  const pdf = form.get("magnetFile");
  if (pdf instanceof File && pdf.size > 0) {
    try {
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const stored = await storePdf(services.database.db, { name: pdf.name, bytes }, actor);
      fields["magnet.fileId"] = stored.id;
      form.set("magnet.fileId", stored.id);
    } catch (error) {
      if (error instanceof UploadError) return fail(fields, { [error.field]: error.message });
      throw error;
    }
  } else if (form.get("magnet.remove") === "on") {
    delete fields["magnet.fileId"];
    form.delete("magnet.fileId");
  }
  delete fields["magnet.remove"];

  const typed = articleFromForm(form);
  const article = withArticleDefaults(typed.data, await articleDefaults(services));
  let slug = typed.slug;
  if (slug === "") {
    // Left empty (or no script to suggest one): made from the title, free among the addresses in use.
    const base = slugFromTitle(String(article.title ?? ""));
    if (!base) return fail(fields, { slug: "is made from the title: give the article a title, or type an address" });
    const taken = new Set((await content.keysInUse("article")).filter((key) => key !== current));
    slug = uniqueSlug(base, taken);
    fields.slug = slug;
  } else if (!SLUG.test(slug)) {
    const suggestion = slugFromTitle(slug) || "my-first-race";
    return fail(fields, { slug: `may hold only lower-case letters, digits and dashes, like ${suggestion}` });
  }

  // Checked before anything changes: a refused save must not have renamed the article already.
  let valid: ArticleData;
  try {
    valid = content.validate("article", article);
  } catch (error) {
    if (isContentError(error)) return refusal(fields, error);
    throw error;
  }

  if (intent === "preview") {
    try {
      const post = renderPost(slug, valid, media);
      return data({
        ok: true as const,
        fields,
        preview: {
          title: post.title,
          image: post.image,
          before: post.bodyBefore,
          after: post.bodyAfter,
          readTime: post.readTime,
        },
      });
    } catch (error) {
      return fail(fields, { image: (error as Error).message.replace(/^[^:]*: /, "") });
    }
  }

  let publishAt: Date | undefined;
  if (intent === "schedule") {
    const at = zonedMinuteToDate(String(form.get("publishAt") ?? ""), TIME_ZONE);
    if (!at || at.getTime() <= Date.now()) return fail(fields, { publishAt: "choose a date and time in the future" });
    publishAt = at;
  }

  if (slug !== current && (await content.get("article", slug)))
    return fail(fields, { slug: "another article already uses this address; choose another" });
  if (current && slug !== current) await content.rename("article", current, slug, actor);
  await content.saveDraft("article", slug, valid, actor);
  if (intent === "publish") await content.publish("article", slug, actor);
  if (publishAt) await content.publish("article", slug, actor, { at: publishAt });
  const done =
    intent === "publish" ? "published" : publishAt ? `scheduled for ${formatDateTime(publishAt)}` : "saved as a draft";
  return redirect(`/admin/articles/${slug}?done=${encodeURIComponent(done)}`);
}
