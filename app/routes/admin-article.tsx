import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-article";
import { requireServices, type AppServices } from "~/context";
import { assertSameOrigin, forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import { isContentError, type ContentError } from "~/features/content/store.server";
import {
  amsterdamDay,
  articleFromForm,
  FIELD_LABELS,
  formFromArticle,
  MAX_UPLOAD_BYTES,
  slugFromTitle,
  uniqueSlug,
  withArticleDefaults,
  zonedMinuteToDate,
  type ArticleDefaults,
} from "~/features/content/article-form";
import { Field, FieldError, TitleAndSlugFields } from "~/features/content/article-fields";
import { fileInfo, storeImage, storePdf, UploadError } from "~/features/content/uploads.server";
import { grantsForArticle, revokeGrant } from "~/features/newsletter/downloads.server";
import { versionChanges, type FieldChange } from "~/features/content/diff";
import { Picture, mediaUrl } from "~/ui/picture";
import { renderPost, type ArticleData } from "~/features/blog/content.server";
import { media } from "~/features/blog/posts.server";
import { BLOG_CATEGORIES, WORDS_PER_MINUTE } from "~/features/blog/rules";
import { currentSite } from "~/features/site/site-content.server";
import { trainer as trainerProfile } from "#content/trainer";
import "~/features/blog/blog.css";

export const meta: Route.MetaFunction = () => adminMeta("Article");
export const headers = forwardSessionHeaders;

/** The trainer schedules in her own time zone. */
const TIME_ZONE = "Europe/Amsterdam";
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a field left empty becomes: the trainer's name and role as the site shows them, and today. */
async function articleDefaults(services: Pick<AppServices, "content">): Promise<ArticleDefaults> {
  const site = await currentSite(services);
  return { author: site.trainerName, authorTitle: trainerProfile.role, today: amsterdamDay(new Date()) };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const slug = params.slug;
  // What the last save did (the action redirects here after it), shown once at the top.
  const done = new URL(request.url).searchParams.get("done");
  const defaults = await articleDefaults(ctx.services);
  // Every address in use, old ones included, so the one suggested as she types is free.
  const taken = (await ctx.services.content.keysInUse("article")).filter((key) => key !== slug);
  const byline = { author: defaults.author, authorTitle: defaults.authorTitle };
  if (!slug)
    return data(
      {
        isNew: true as const,
        done,
        fields: { ...formFromArticle("", null), date: defaults.today } as Record<string, string>,
        byline,
        taken,
        entry: null,
        versions: [],
        grants: [],
        magnetFile: null,
      },
      { headers: trainer.headers },
    );
  const entry = await ctx.services.content.get("article", slug);
  if (!entry) throw redirect("/admin/articles");
  const db = ctx.services.database.db;
  const magnetFileId = (entry.draft as { leadMagnet?: { fileId?: string } }).leadMagnet?.fileId;
  const magnetFile = magnetFileId ? ((await fileInfo(db, magnetFileId)) ?? null) : null;
  const grants = (await grantsForArticle(db, slug)).map((g) => ({
    id: g.id,
    email: g.email,
    at: g.createdAt.toISOString(),
    downloads: g.downloads,
    revokedAt: g.revokedAt?.toISOString() ?? null,
  }));
  const all = await ctx.services.content.versions("article", slug);
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
  return data(
    {
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
      grants,
      magnetFile: magnetFile ? { id: magnetFile.id, name: magnetFile.originalName, bytes: magnetFile.bytes } : null,
    },
    { headers: trainer.headers },
  );
}

type Errors = Record<string, string>;

/** Field names for the version diff: the form's own labels, and one for each group of fields. */
const VERSION_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FIELD_LABELS).filter(([key]) => !key.includes("."))),
  leadFormContent: "Sign-up form in the article",
  leadMagnet: "What the visitor receives",
};

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

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  assertSameOrigin(request, ctx.services.env.SITE_URL ?? new URL(request.url).origin);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const editing = !["unpublish", "revoke-grant", "restore"].includes(intent);
  try {
    return await act(ctx, { userId: trainer.user.id, ip: ctx.clientIp }, form, fields, intent, params.slug);
  } catch (error) {
    // A refusal the steps below did not foresee still ends on the form, with what she typed.
    if (isContentError(error)) return refusal(editing ? fields : undefined, error);
    throw error;
  }
}

async function act(
  ctx: ReturnType<typeof requireServices>,
  actor: { userId: string; ip: string | null | undefined },
  form: FormData,
  fields: Record<string, string>,
  intent: string,
  current: string | undefined,
) {
  const { content } = ctx.services;
  if (current && intent === "unpublish") {
    await content.unpublish("article", current, actor);
    return data({ ok: true as const, fields: undefined, message: "The article is off the site." });
  }
  if (current && intent === "revoke-grant") {
    const revoked = await revokeGrant(ctx.services.database.db, current, String(form.get("grant") ?? ""));
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

  // A chosen photo is stored first, whatever else the form says: a refusal further down then
  // keeps it (its name is in the form again) and the trainer never uploads it twice.
  const photo = form.get("imageFile");
  if (photo instanceof File && photo.size > 0) {
    try {
      const bytes = new Uint8Array(await photo.arrayBuffer());
      const stored = await storeImage(
        ctx.services.database.db,
        { name: photo.name, bytes },
        fields.imageAlt ?? "",
        actor,
      );
      fields.image = stored.src;
      form.set("image", stored.src);
      void stored.complete.then((done) => {
        if (!done)
          ctx.services.logger.warn({ id: stored.id }, "an upload's AVIF renderings were not made; a visit will");
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
      const stored = await storePdf(ctx.services.database.db, { name: pdf.name, bytes }, actor);
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
  const article = withArticleDefaults(typed.data, await articleDefaults(ctx.services));
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

/**
 * A file chooser that says at once when a file is over the limit (before a 30 MB upload on a
 * phone connection), and shows the server's refusal otherwise.
 */
function FileField({
  name,
  label,
  hint,
  accept,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  error?: string;
}) {
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const shown = tooLarge ?? error;
  const describedBy = [`${name}-hint`, shown ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="grid gap-1">
      <label htmlFor={name} className="font-medium">
        {label}
      </label>
      <p id={`${name}-hint`} className="text-sm text-ink/70">
        {hint}
      </p>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-lg border border-navy/30 px-3 py-2"
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          const message =
            file && file.size > MAX_UPLOAD_BYTES
              ? `"${file.name}" is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 20 MB. Choose a smaller file.`
              : null;
          input.setCustomValidity(message ?? "");
          setTooLarge(message);
        }}
      />
      {shown ? <FieldError id={`${name}-error`} label={label} error={shown} /> : null}
    </div>
  );
}

/** What one version changed against the one saved before it, as a line diff per field. */
function VersionChanges({ version, changes }: { version: number; changes: FieldChange[] | null }) {
  if (!changes) return <p className="w-full text-sm text-ink/70">The first version.</p>;
  if (changes.length === 0)
    return <p className="w-full text-sm text-ink/70">Nothing changed from version {version - 1}.</p>;
  return (
    <details className="w-full rounded-lg bg-white p-3 ring-1 ring-navy/10">
      <summary className="cursor-pointer font-medium text-teal-700">
        What changed from version {version - 1}: {changes.map((c) => c.label).join(", ")}
      </summary>
      <div className="mt-3 grid gap-4">
        {changes.map((change) => (
          <div key={change.field}>
            <h3 className="font-semibold text-navy">{change.label}</h3>
            <div className="mt-1 overflow-x-auto rounded bg-sand/40 p-2 font-mono text-sm leading-relaxed">
              {change.lines.map((line, index) =>
                line.kind === "folded" ? (
                  <p key={index} className="text-ink/70">
                    … {line.count} unchanged {line.count === 1 ? "line" : "lines"}
                  </p>
                ) : line.kind === "removed" ? (
                  <del key={index} className="block whitespace-pre-wrap bg-red-50 text-red-900">
                    <span className="sr-only">Removed: </span>
                    <span aria-hidden="true">− </span>
                    {line.text}
                  </del>
                ) : line.kind === "added" ? (
                  <ins key={index} className="block whitespace-pre-wrap bg-emerald-50 text-emerald-900 no-underline">
                    <span className="sr-only">Added: </span>
                    <span aria-hidden="true">+ </span>
                    {line.text}
                  </ins>
                ) : (
                  <span key={index} className="block whitespace-pre-wrap text-ink/80">
                    {"  "}
                    {line.text}
                  </span>
                ),
              )}
            </div>
          </div>
        ))}
      </div>
    </details>
  );
}

/**
 * The lead magnet: what the form promises and the PDF or link that delivers it. The welcome
 * e-mail after the visitor's confirmation click carries a download link of their own.
 */
function MagnetFields({
  fields,
  errors,
  file,
}: {
  fields: Record<string, string>;
  errors?: Errors;
  file: { id: string; name: string; bytes: number } | null;
}) {
  const fileId = fields["magnet.fileId"];
  const problem = errors?.leadMagnet ?? errors?.["leadMagnet.fileId"] ?? errors?.["leadMagnet.url"];
  return (
    <fieldset className="grid gap-4 rounded-xl border border-navy/20 p-4" aria-describedby="magnet-hint">
      <legend className="px-1 font-semibold">What the visitor receives (optional)</legend>
      <p id="magnet-hint" className="text-sm text-ink/70">
        A PDF or a link handed out by the welcome e-mail after the visitor confirms their address. Each person gets a
        link of their own, which you can revoke below.
      </p>
      <Field
        name="magnet.label"
        label="What the visitor receives"
        value={fields["magnet.label"]}
        errors={errors}
        required={false}
        hint="Named under the sign-up form and in the e-mail, for example: The race-day checklist (PDF, one page)."
      />
      {fileId ? (
        <div className="grid gap-1">
          <p>
            PDF attached:{" "}
            <strong>
              {file && file.id === fileId ? `${file.name} (${Math.ceil(file.bytes / 1024)} KB)` : "new PDF"}
            </strong>
          </p>
          <input type="hidden" name="magnet.fileId" value={fileId} />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="magnet.remove" className="size-5" /> Remove this PDF
          </label>
        </div>
      ) : null}
      <FileField
        key={fileId ?? ""}
        name="magnetFile"
        label={fileId ? "Replace the PDF" : "Attach a PDF"}
        accept="application/pdf,.pdf"
        hint="Up to 20 MB."
        error={errors?.magnetFile}
      />
      <Field
        name="magnet.url"
        label="Or a link"
        value={fields["magnet.url"]}
        errors={errors}
        required={false}
        hint="A web address starting with https:// (a video or a shared document), instead of a PDF."
      />
      {problem ? <FieldError id="magnet-error" label="What the visitor receives" error={problem} /> : null}
    </fieldset>
  );
}

function Grants({
  grants,
}: {
  grants: { id: string; email: string; at: string; downloads: number; revokedAt: string | null }[];
}) {
  return (
    <section aria-labelledby="grants-title" className="mt-10 max-w-3xl">
      <h2 id="grants-title" className="text-xl font-semibold text-navy">
        Download links handed out
      </h2>
      {grants.length === 0 ? (
        <p className="mt-2 text-ink/80">Nobody has received this article&apos;s download yet.</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {grants.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-2">
              <span>
                {g.email}, sent {formatDateTime(g.at)}, downloaded {g.downloads} {g.downloads === 1 ? "time" : "times"}
                {g.revokedAt ? `, revoked ${formatDateTime(g.revokedAt)}` : ""}
              </span>
              {g.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="grant" value={g.id} />
                  <SubmitButton name="intent" value="revoke-grant" variant="danger">
                    Revoke the link for {g.email}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminArticle() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fields = result && "fields" in result && result.fields ? result.fields : loaded.fields;
  const errors = result && !result.ok ? result.errors : undefined;
  const preview = result && result.ok && "preview" in result ? result.preview : undefined;
  const message = result && "message" in result ? result.message : undefined;
  const done = loaded.done;
  const entry = loaded.entry;
  const navigation = useNavigation();
  const previewing = navigation.state === "submitting" && navigation.formData?.get("intent") === "preview";
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const busyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (previewing) busyRef.current?.scrollIntoView({ block: "nearest" });
  }, [previewing]);
  // The answer to a tap is brought to her: the preview scrolled to and focused below the buttons,
  // or, after a refusal, the first field that needs a change (the notice at the top when none does).
  useEffect(() => {
    if (preview) {
      previewRef.current?.scrollIntoView({ block: "start" });
      previewRef.current?.focus({ preventScroll: true });
    } else if (result && !result.ok) {
      const target =
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        document.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
    }
  }, [result, preview]);
  return (
    <AdminShell
      title={loaded.isNew ? "New article" : (fields.title ?? "Article")}
      actions={
        <Link to="/admin/articles" className="font-semibold text-teal-700 underline">
          All articles
        </Link>
      }
    >
      {entry ? (
        <p className="mb-4">
          Status: <strong>{entry.status}</strong>
          {entry.publishAt ? `, goes live ${formatDateTime(entry.publishAt)} (Amsterdam time)` : ""}
          {entry.publishedAt && entry.status === "published" ? `, live since ${formatDateTime(entry.publishedAt)}` : ""}
          {entry.unpublishedChanges && entry.status === "published" ? ". The draft has changes not yet published." : ""}
          {entry.status === "published" ? (
            <>
              {" "}
              <a href={`/blog/${fields.slug}`} className="text-teal-700 underline">
                View on the site
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {done ? <Notice tone="success">The article was {done}.</Notice> : null}
      {message ? <Notice tone={result?.ok ? "success" : "error"}>{message}</Notice> : null}
      {errors && !message ? <Notice tone="error">Some fields need attention; see the messages below.</Notice> : null}

      {/* Keyed by version: a restore must refill the fields, which only read their defaults once. */}
      <Form
        key={entry?.version ?? "new"}
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-6 grid max-w-3xl gap-5"
      >
        <TitleAndSlugFields
          title={fields.title}
          slug={fields.slug}
          errors={errors}
          isNew={loaded.isNew}
          taken={loaded.taken}
        />
        <Field
          name="excerpt"
          label="Summary"
          value={fields.excerpt}
          errors={errors}
          multiline={3}
          hint="Shown on the blog overview and in the feed."
        />
        <Field
          name="date"
          label="Date"
          type="date"
          value={fields.date}
          errors={errors}
          required={false}
          hint="The day shown on the article. Left empty: today."
        />
        <div className="grid gap-1">
          <label htmlFor="category" className="font-medium">
            Category
          </label>
          <select
            id="category"
            name="category"
            defaultValue={fields.category ?? ""}
            className="block w-full rounded-lg border border-navy/30 px-3 py-2"
          >
            <option value="">Other</option>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <Field
          name="author"
          label="Author"
          value={fields.author}
          errors={errors}
          required={false}
          hint={`Left empty: ${loaded.byline.author}.`}
        />
        <Field
          name="authorTitle"
          label="Author's role"
          value={fields.authorTitle}
          errors={errors}
          required={false}
          hint={`Left empty: ${loaded.byline.authorTitle}.`}
        />
        <fieldset className="grid gap-4 rounded-xl border border-navy/20 p-4">
          <legend className="px-1 font-semibold">Picture</legend>
          {fields.image ? (
            <figure className="grid gap-1">
              <img
                src={mediaUrl({ src: fields.image }, 480)}
                alt=""
                width={240}
                height={135}
                className="aspect-[16/9] w-60 rounded-lg bg-sand object-cover"
              />
              <figcaption className="text-sm text-ink/70">The picture in use now.</figcaption>
            </figure>
          ) : null}
          {/* Keyed by the stored picture: once a photo is stored the chooser empties, so it is not sent twice. */}
          <FileField
            key={fields.image ?? ""}
            name="imageFile"
            label="Upload a photo"
            accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png"
            hint="From your phone's camera or gallery, or a file: JPEG, HEIC or PNG, up to 20 MB. The site makes the sizes it needs and removes the location and camera details."
            error={errors?.imageFile}
          />
          <Field
            name="imageAlt"
            label="Image description"
            value={fields.imageAlt}
            errors={errors}
            hint="What the picture shows, for people who cannot see it (needed with every photo)."
          />
          <Field
            name="image"
            label="Picture in use"
            value={fields.image}
            errors={errors}
            required={false}
            hint="Filled in when you upload a photo. You can also name a picture from the site's own library, such as blog/my-post.svg."
          />
        </fieldset>
        <Field
          name="keywords"
          label="Keywords"
          value={fields.keywords}
          errors={errors}
          required={false}
          hint="Separated by commas."
        />
        <Field
          name="metaTitle"
          label="Search title"
          value={fields.metaTitle}
          errors={errors}
          required={false}
          hint="Leave empty to use the title."
        />
        <Field
          name="metaDescription"
          label="Search description"
          value={fields.metaDescription}
          errors={errors}
          required={false}
          hint="Leave empty to use the summary."
        />
        <Field
          name="body"
          label="Article text"
          value={fields.body}
          errors={errors}
          multiline={24}
          hint={`Markdown: ## for a heading, **bold**, - for a list. A heading named Conclusion puts the sign-up form just before it. Read time is counted at ${WORDS_PER_MINUTE} words a minute; 5 to 8 minutes reads well, but any length can be published.`}
        />
        <fieldset className="grid gap-4 rounded-xl border border-navy/20 p-4">
          <legend className="px-1 font-semibold">Sign-up form in the article (optional)</legend>
          <p className="text-sm text-ink/70">
            Fill in only the texts you want to word yourself: each one left empty is the category&apos;s usual wording.
          </p>
          <Field name="lead.title" label="Form heading" value={fields["lead.title"]} errors={errors} required={false} />
          <Field
            name="lead.description"
            label="Form text"
            value={fields["lead.description"]}
            errors={errors}
            required={false}
          />
          <Field
            name="lead.ctaText"
            label="Button text"
            value={fields["lead.ctaText"]}
            errors={errors}
            required={false}
          />
          <Field
            name="lead.inputPlaceholder"
            label="E-mail placeholder"
            value={fields["lead.inputPlaceholder"]}
            errors={errors}
            required={false}
          />
          <Field
            name="lead.disclaimer"
            label="Small print"
            value={fields["lead.disclaimer"]}
            errors={errors}
            required={false}
            hint="Under the button. Leave empty for the usual line."
          />
          {/* Not edited here, but kept: a save must not drop what the form does not show. */}
          {fields["lead.serviceType"] ? (
            <input type="hidden" name="lead.serviceType" value={fields["lead.serviceType"]} />
          ) : null}
        </fieldset>
        <MagnetFields fields={fields} errors={errors} file={loaded.magnetFile} />
        <div className="grid gap-1">
          <label htmlFor="publishAt" className="font-medium">
            Publish at (Amsterdam time, optional)
          </label>
          <input
            id="publishAt"
            name="publishAt"
            type="datetime-local"
            step={60}
            aria-invalid={errors?.publishAt ? true : undefined}
            aria-describedby={errors?.publishAt ? "publishAt-error" : undefined}
            className="block w-full rounded-lg border border-navy/30 px-3 py-2"
          />
          {errors?.publishAt ? (
            <p id="publishAt-error" className="text-sm font-medium text-red-800">
              Publish at: {errors.publishAt}.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="preview" variant="secondary" busyText="Making the preview…">
            Preview
          </SubmitButton>
          <SubmitButton name="intent" value="save" variant="secondary" busyText="Saving…">
            Save draft
          </SubmitButton>
          <SubmitButton name="intent" value="publish" busyText="Publishing…">
            Publish now
          </SubmitButton>
          <SubmitButton name="intent" value="schedule" variant="secondary">
            Schedule
          </SubmitButton>
        </div>
        {/* Always in the page, so a screen reader announces what appears in it. */}
        <div ref={busyRef} role="status" className="empty:hidden">
          {previewing ? (
            <p className="flex items-center gap-3 rounded-xl bg-sky-50 px-4 py-3 text-navy ring-1 ring-sky-200">
              <span
                aria-hidden="true"
                className="size-5 shrink-0 rounded-full border-2 border-navy/20 border-t-navy motion-safe:animate-spin"
              />
              Making the preview… A new photo takes a moment.
            </p>
          ) : null}
        </div>
      </Form>

      {preview ? (
        <section
          aria-labelledby="preview-title"
          className="mt-10 scroll-mt-4 rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6"
        >
          <p className="text-sm text-ink/70">Preview · {preview.readTime}</p>
          <article className="blog-article">
            <h2
              id="preview-title"
              ref={previewRef}
              tabIndex={-1}
              className="scroll-mt-4 text-3xl font-bold break-words text-navy"
            >
              {preview.title}
            </h2>
            <Picture
              image={preview.image}
              sizes="(min-width: 768px) 720px, 100vw"
              className="mt-4 block"
              imgClassName="aspect-[16/9] w-full rounded-xl object-cover"
            />
            <div className="prose" dangerouslySetInnerHTML={{ __html: preview.before }} />
            <div className="prose" dangerouslySetInnerHTML={{ __html: preview.after }} />
          </article>
        </section>
      ) : null}

      {entry ? <Grants grants={loaded.grants} /> : null}

      {entry ? (
        <section aria-labelledby="versions-title" className="mt-10 max-w-3xl">
          <h2 id="versions-title" className="text-xl font-semibold text-navy">
            Versions
          </h2>
          {entry.status !== "unpublished" && entry.status !== "draft" ? (
            <Form method="post" className="mt-3">
              <SubmitButton name="intent" value="unpublish" variant="danger">
                Take off the site
              </SubmitButton>
            </Form>
          ) : null}
          <ol className="mt-4 grid gap-2">
            {loaded.versions.map((v) => (
              <li
                key={v.version}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-2"
              >
                <span>
                  Version {v.version} ({v.reason}), {formatDateTime(v.at)}: {v.title}
                </span>
                {v.version !== entry.version ? (
                  <Form method="post">
                    <input type="hidden" name="version" value={v.version} />
                    <SubmitButton name="intent" value="restore" variant="secondary">
                      Restore version {v.version}
                    </SubmitButton>
                  </Form>
                ) : (
                  <span className="text-sm text-ink/70">current draft</span>
                )}
                <VersionChanges version={v.version} changes={v.changes} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </AdminShell>
  );
}
