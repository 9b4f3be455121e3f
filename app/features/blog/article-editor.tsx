import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminShell, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import { Field, TitleAndSlugFields } from "~/features/content/article-fields";
import { FileField, MagnetFields } from "~/features/content/article-file-fields";
import { compactInputClass, describedBy, FieldShell } from "~/ui/field";
import { Picture, mediaUrl } from "~/ui/picture";
import type { articleEditorAction, loadArticleEditor } from "./article-editor.server";
import { ArticleVersions, Grants } from "./article-history";
import { BLOG_CATEGORIES, WORDS_PER_MINUTE } from "./rules";

type Loaded = NonNullable<Awaited<ReturnType<typeof loadArticleEditor>>>;
/** What a button's answer carries when it is not a redirect. */
type Result = Extract<Awaited<ReturnType<typeof articleEditorAction>>, { data: unknown }>["data"];

/** The sign-up form's texts, each optional: left empty, the category's usual wording. */
const LEAD_FIELDS = [
  { name: "lead.title", label: "Form heading" },
  { name: "lead.description", label: "Form text" },
  { name: "lead.ctaText", label: "Button text" },
  { name: "lead.inputPlaceholder", label: "E-mail placeholder" },
  { name: "lead.disclaimer", label: "Small print", hint: "Under the button. Leave empty for the usual line." },
];

/**
 * The article editor: the form, its preview below the buttons, and for a saved article the download
 * links and versions. Each button posts the whole form, so it works without scripts.
 */
export function ArticleEditor({ loaded, result }: { loaded: Loaded; result: Result | undefined }) {
  const fields = result && "fields" in result && result.fields ? result.fields : loaded.fields;
  const errors = result && !result.ok ? result.errors : undefined;
  const preview = result && result.ok && "preview" in result ? result.preview : undefined;
  const message = result && "message" in result ? result.message : undefined;
  const done = loaded.done;
  const publishAtError = errors?.publishAt ? `Publish at: ${errors.publishAt}.` : undefined;
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
        <FieldShell id="category" label="Category" look="compact">
          <select id="category" name="category" defaultValue={fields.category ?? ""} className={compactInputClass}>
            <option value="">Other</option>
            {BLOG_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </FieldShell>
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
          {LEAD_FIELDS.map((field) => (
            <Field key={field.name} {...field} value={fields[field.name]} errors={errors} required={false} />
          ))}
          {/* Not edited here, but kept: a save must not drop what the form does not show. */}
          {fields["lead.serviceType"] ? (
            <input type="hidden" name="lead.serviceType" value={fields["lead.serviceType"]} />
          ) : null}
        </fieldset>
        <MagnetFields fields={fields} errors={errors} file={loaded.magnetFile} />
        <FieldShell id="publishAt" label="Publish at (Amsterdam time, optional)" look="compact" error={publishAtError}>
          <input
            id="publishAt"
            name="publishAt"
            type="datetime-local"
            step={60}
            {...describedBy("publishAt", publishAtError)}
            className={compactInputClass}
          />
        </FieldShell>
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

      {entry ? <ArticleVersions entry={entry} versions={loaded.versions} /> : null}
    </AdminShell>
  );
}
