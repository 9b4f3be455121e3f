import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-article";
import { requireServices } from "~/context";
import { assertSameOrigin, forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import { ContentError } from "~/features/content/store.server";
import {
  articleFromForm,
  FIELD_LABELS,
  formFromArticle,
  MAX_UPLOAD_BYTES,
  zonedMinuteToDate,
} from "~/features/content/article-form";
import { fileInfo, storeImage, storePdf, UploadError } from "~/features/content/uploads.server";
import { grantsForArticle, revokeGrant } from "~/features/newsletter/downloads.server";
import { versionChanges, type FieldChange } from "~/features/content/diff";
import { Picture, mediaUrl } from "~/ui/picture";
import { renderPost, articleSchema } from "~/features/blog/content.server";
import { media } from "~/features/blog/posts.server";
import { BLOG_CATEGORIES, WORDS_PER_MINUTE } from "~/features/blog/rules";
import "~/features/blog/blog.css";

export const meta: Route.MetaFunction = () => adminMeta("Article");
export const headers = forwardSessionHeaders;

/** The trainer schedules in her own time zone. */
const TIME_ZONE = "Europe/Amsterdam";
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const slug = params.slug;
  // What the last save did (the action redirects here after it), shown once at the top.
  const done = new URL(request.url).searchParams.get("done");
  if (!slug)
    return data({
      isNew: true as const,
      done,
      fields: formFromArticle("", null),
      entry: null,
      versions: [],
      grants: [],
      magnetFile: null,
    });
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

/** One shape for every refusal, so the page reads errors and message the same way. */
const fail = (fields: Record<string, string>, errors: Errors, message?: string) =>
  data({ ok: false as const, fields, errors, message }, { status: 400 });

function errorsOf(error: ContentError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path || "form"] ??= issue.message;
  return errors;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  assertSameOrigin(request, ctx.services.env.SITE_URL ?? new URL(request.url).origin);
  const { content } = ctx.services;
  const actor = { userId: trainer.user.id, ip: ctx.clientIp };
  const form = await request.formData();
  const intent = form.get("intent");
  const current = params.slug;

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

  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
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

  const { slug, data: article } = articleFromForm(form);
  if (!SLUG.test(slug)) return fail(fields, { slug: "use lower-case words joined by dashes, like my-first-race" });

  if (intent === "preview") {
    const parsed = articleSchema.safeParse(article);
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
      return fail(fields, errors);
    }
    try {
      const post = renderPost(slug, parsed.data, media);
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

  try {
    if (current && slug !== current) await content.rename("article", current, slug, actor);
    else if (!current && (await content.get("article", slug)))
      return fail(fields, { slug: "another article already uses this address" });
    await content.saveDraft("article", slug, article, actor);
    if (intent === "publish") await content.publish("article", slug, actor);
    if (publishAt) await content.publish("article", slug, actor, { at: publishAt });
  } catch (error) {
    if (error instanceof ContentError) return fail(fields, errorsOf(error), error.message);
    throw error;
  }
  const done =
    intent === "publish" ? "published" : publishAt ? `scheduled for ${formatDateTime(publishAt)}` : "saved as a draft";
  return redirect(`/admin/articles/${slug}?done=${encodeURIComponent(done)}`);
}

function Field({
  name,
  label,
  value,
  errors,
  hint,
  multiline,
  required = true,
}: {
  name: string;
  label: string;
  value?: string;
  errors?: Errors;
  hint?: string;
  multiline?: number;
  required?: boolean;
}) {
  const errorKey = name.replace(/^lead\./, "leadFormContent.");
  const error = errors?.[errorKey];
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ");
  const common = {
    id: name,
    name,
    defaultValue: value ?? "",
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: "mt-1 block w-full rounded-lg border border-navy/30 px-3 py-2",
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={name} className="font-medium">
        {label}
        {required ? "" : " (optional)"}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={multiline} {...common} /> : <input type="text" {...common} />}
      {error ? <FieldError id={`${name}-error`} label={FIELD_LABELS[errorKey] ?? label} error={error} /> : null}
    </div>
  );
}

/** A rule's short message reads after the field's name ("Title is required."); an upload's is a whole sentence. */
function FieldError({ id, label, error }: { id: string; label: string; error: string }) {
  return (
    <p id={id} className="text-sm font-medium text-red-800">
      {/^[A-Z"]/.test(error) ? error : `${label} ${error}.`}
    </p>
  );
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
        method="post"
        encType="multipart/form-data"
        className="mt-6 grid max-w-3xl gap-5"
      >
        <Field name="title" label="Title" value={fields.title} errors={errors} />
        <Field
          name="slug"
          label="Web address"
          value={fields.slug}
          errors={errors}
          hint="The end of the article's address: /blog/… Changing it later keeps the old address working."
        />
        <Field
          name="excerpt"
          label="Summary"
          value={fields.excerpt}
          errors={errors}
          multiline={3}
          hint="Shown on the blog overview and in the feed."
        />
        <Field name="date" label="Date" value={fields.date} errors={errors} hint="Written as 2026-11-23." />
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
        <Field name="author" label="Author" value={fields.author} errors={errors} />
        <Field name="authorTitle" label="Author's role" value={fields.authorTitle} errors={errors} />
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
        <Field name="keywords" label="Keywords" value={fields.keywords} errors={errors} hint="Separated by commas." />
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
          <legend className="px-1 font-semibold">
            Sign-up form in the article (optional: leave empty for the category's default)
          </legend>
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
          <SubmitButton name="intent" value="preview" variant="secondary">
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
      </Form>

      {preview ? (
        <section aria-labelledby="preview-title" className="mt-10 rounded-2xl bg-white p-6 ring-1 ring-navy/10">
          <p className="text-sm text-ink/70">Preview · {preview.readTime}</p>
          <article className="blog-article">
            <h2 id="preview-title" className="text-3xl font-bold text-navy">
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
