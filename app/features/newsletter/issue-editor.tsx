import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { AdminShell, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { FileField } from "~/features/content/article-file-fields";
import { compactInputClass, describedBy, FieldError, FieldShell, TextField } from "~/ui/field";
import type { IssueFailure, loadIssueEditor } from "./issue-editor.server";
import { ConfirmSend, ProgressPanel, SendControls, Undelivered, useRefreshWhileSending } from "./issue-delivery";
import { IssuePreview } from "./issue-preview";
import { IssueBroughtPanel, type IssueBrought } from "./issue-brought";
import { ISSUE_LIMITS, ISSUE_STATUS_LABEL, type IssueErrors, type IssueFields } from "./issue-rules";

type Loaded = NonNullable<Awaited<ReturnType<typeof loadIssueEditor>>>;

function TextArea({
  name,
  label,
  value,
  error,
  hint,
  rows,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  rows: number;
  maxLength?: number;
}) {
  return (
    <FieldShell id={name} label={label} error={error} hint={hint} look="compact">
      <textarea
        id={name}
        name={name}
        rows={rows}
        defaultValue={value}
        maxLength={maxLength}
        className={`${compactInputClass} text-base focus:border-teal aria-[invalid=true]:border-red-700`}
        {...describedBy(name, error, hint)}
      />
    </FieldShell>
  );
}

function Checkbox({ name, label, checked, hint }: { name: string; label: string; checked: boolean; hint: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={`${name}-hint`}
        className="mt-1 size-5 shrink-0 accent-teal-700"
      />
      <div>
        <label htmlFor={name} className="font-medium">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-sm text-ink/75">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** One group of boxes for the audience: a legend, a box per choice, and the refusal under them. */
function AudienceGroup({
  name,
  legend,
  choices,
  ticked,
  error,
}: {
  name: "segmentSources" | "segmentTags";
  legend: string;
  choices: { value: string; label: string }[];
  ticked: readonly string[];
  error: string | undefined;
}) {
  // A box she ticked that is no longer offered stays, ticked, so the refusal can be seen and undone.
  const shown = [
    ...choices,
    ...ticked
      .filter((value) => !choices.some((c) => c.value === value))
      .map((value) => ({ value, label: `${value} (no longer there)` })),
  ];
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="font-medium">{legend}</legend>
      {shown.map((choice) => (
        <label key={choice.value} className="flex min-h-11 items-center gap-2 break-words">
          <input
            type="checkbox"
            name={name}
            value={choice.value}
            defaultChecked={ticked.includes(choice.value)}
            aria-invalid={error ? true : undefined}
            className="size-5 shrink-0 accent-teal-700"
          />
          <span className="min-w-0">{choice.label}</span>
        </label>
      ))}
      <FieldError id={name} message={error} look="compact" />
    </fieldset>
  );
}

/**
 * Who gets the issue: any of the ticked signup sources, and any of the ticked tags; nothing ticked
 * in a group leaves that group out. Plain boxes, so it works without scripts; the count of exactly
 * this choice is shown by Send once it is saved.
 */
function AudienceFields({ loaded, fields, errors }: { loaded: Loaded; fields: IssueFields; errors: IssueErrors }) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-navy/20 p-4" aria-describedby="audience-hint">
      <legend className="px-1 font-semibold">Who gets it</legend>
      <p id="audience-hint" className="text-sm text-ink/75">
        Only people who confirmed their subscription: {loaded.everyone.toLocaleString("en-GB")} today. Tick places and
        tags to send to fewer; the number after a place is how many confirmed from there.
      </p>
      {loaded.sources.length > 0 || fields.segmentSources.length > 0 ? (
        <AudienceGroup
          name="segmentSources"
          legend="Signed up from one of these places (none ticked: from anywhere)"
          choices={loaded.sources.map((source) => ({
            value: source.value,
            label: `${source.label} (${source.audience.toLocaleString("en-GB")})`,
          }))}
          ticked={fields.segmentSources}
          error={errors.segmentSources}
        />
      ) : null}
      {loaded.tags.length > 0 || fields.segmentTags.length > 0 ? (
        <AudienceGroup
          name="segmentTags"
          legend="And only those with one of these tags (none ticked: no tag needed)"
          choices={loaded.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          ticked={fields.segmentTags}
          error={errors.segmentTags}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * The newsletter issue editor: the form while it can still change (every button saves it first),
 * the question before it goes, its numbers once it sends, and the preview.
 */
export function IssueEditor({
  loaded,
  result,
  brought = null,
}: {
  loaded: Loaded;
  result: IssueFailure | undefined;
  /** Once it has gone out: what its links brought (the page composes it from the reports). */
  brought?: IssueBrought | null;
}) {
  const { hash } = useLocation();
  const navigation = useNavigation();
  const issue = loaded.issue;
  const fields = result?.fields ?? loaded.fields;
  const errors = result?.errors ?? {};
  const when = result?.when ?? { date: issue?.scheduledDate ?? "", time: issue?.scheduledTime ?? "" };
  const formRef = useRef<HTMLFormElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useRefreshWhileSending(issue?.status === "sending");
  // The answer to a tap is brought to her: the preview she asked for, or the first field to fix.
  useEffect(() => {
    if (result) {
      const target =
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        document.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
    } else if (hash === "#done" && navigation.state === "idle") {
      doneRef.current?.scrollIntoView({ block: "start" });
      doneRef.current?.focus({ preventScroll: true });
    } else if (hash === "#preview" && navigation.state === "idle") {
      previewHeading.current?.scrollIntoView({ block: "start" });
      previewHeading.current?.focus({ preventScroll: true });
    }
  }, [result, hash, navigation.state]);

  const title = loaded.isNew ? "New issue" : fields.subject || "Newsletter issue";
  const editable = loaded.isNew || issue?.editable;
  const audience = issue?.audience ?? loaded.everyone;
  const invalid = Object.keys(errors).length > 0;
  return (
    <AdminShell
      title={title}
      actions={
        <Link to="/admin/newsletter" className="font-semibold text-teal-700 underline">
          All issues
        </Link>
      }
    >
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        {issue ? (
          <p>
            Status: <strong>{ISSUE_STATUS_LABEL[issue.status] ?? issue.status}</strong>
            {issue.status === "scheduled" && issue.scheduledAt
              ? `, goes out ${formatDateTime(issue.scheduledAt)} (Amsterdam time)`
              : ""}
            {issue.status === "sending" && issue.startedAt ? `, started ${formatDateTime(issue.startedAt)}` : ""}
            {issue.status === "sent" && issue.finishedAt ? `, finished ${formatDateTime(issue.finishedAt)}` : ""}
            {issue.archiveUrl ? (
              <>
                {". "}
                <a href={issue.archiveUrl} className="text-teal-700 underline">
                  View it in the archive
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        {issue?.problem ? (
          <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-2 ring-red-700">
            <p className="font-bold">The mail server is refusing this newsletter</p>
            <p className="mt-1 break-words">{issue.problem}</p>
          </div>
        ) : null}
        {(loaded.done || loaded.testProblem) && !result ? (
          // Where a test or a schedule leads (#done): focused, so a screen reader reads it out.
          <div id="done" ref={doneRef} tabIndex={-1} className="scroll-mt-4 outline-none">
            {loaded.done ? <Notice tone="success">{loaded.done}</Notice> : null}
            {loaded.testProblem ? <Notice tone="error">{loaded.testProblem}</Notice> : null}
          </div>
        ) : null}
        {result?.message ? <Notice tone="error">{result.message}</Notice> : null}
        {invalid && !result?.message ? (
          <Notice tone="error">Not saved yet: some fields need a change; see the messages below them.</Notice>
        ) : null}
        {!loaded.canSend && editable ? (
          <Notice>
            No mail server is set up (SMTP_URL): you can write and preview, but tests and sending need it.
          </Notice>
        ) : null}

        {issue && loaded.confirm ? <ConfirmSend subject={fields.subject} audience={audience} /> : null}

        {editable ? (
          <Form ref={formRef} method="post" encType="multipart/form-data" className="grid grid-cols-1 gap-5">
            <TextField
              id="subject"
              name="subject"
              look="compact"
              label="Subject"
              hint={`Up to ${ISSUE_LIMITS.subject} characters. It also becomes the issue's web address once saved.`}
              defaultValue={fields.subject}
              maxLength={ISSUE_LIMITS.subject}
              error={errors.subject}
              className=""
            />
            <TextArea
              name="preheader"
              label="Preview line (optional)"
              hint={`Shown after the subject in most inboxes. Up to ${ISSUE_LIMITS.preheader} characters.`}
              value={fields.preheader}
              error={errors.preheader}
              rows={2}
              maxLength={ISSUE_LIMITS.preheader}
            />
            <TextArea
              name="body"
              label="Text"
              hint="Markdown, as in articles: ## for a heading, **bold**, - for a list, [words](https://…) for a link."
              value={fields.body}
              error={errors.body}
              rows={18}
            />
            <fieldset className="grid gap-3 rounded-xl border border-navy/20 p-4">
              <legend className="px-1 font-semibold">Add a photo (optional)</legend>
              <p className="text-sm text-ink/75">
                It is added at the end of the text as a line starting with ![ ; move that line to where the photo should
                be.
              </p>
              <FileField
                name="photo"
                label="Photo"
                hint={`JPEG, HEIC or PNG up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, made smaller for e-mail, with its location and camera details removed.`}
                accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png"
                error={errors.photo}
              />
              <TextField
                id="photoAlt"
                name="photoAlt"
                look="compact"
                label="What the photo shows"
                hint="For readers who cannot see it (needed with a photo)."
                defaultValue={fields.photoAlt}
                error={errors.photoAlt}
                className=""
              />
            </fieldset>
            <AudienceFields loaded={loaded} fields={fields} errors={errors} />
            <fieldset className="grid gap-3 rounded-xl border border-navy/20 p-4">
              <legend className="px-1 font-semibold">Web archive</legend>
              <Checkbox
                name="archived"
                label="Show it in the public archive once sent"
                checked={fields.archived === "on"}
                hint="Its own page on the site, listed on the newsletter page: readers can share it and visitors see what they would get."
              />
              <Checkbox
                name="noindex"
                label="Keep its page out of search engines"
                checked={fields.noindex === "on"}
                hint="The page stays open to anyone with the link, but is not in the sitemap and asks search engines not to list it."
              />
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <SubmitButton name="intent" value="save" variant="secondary" busyText="Saving…">
                Save draft
              </SubmitButton>
              <SubmitButton name="intent" value="preview" variant="secondary" busyText="Making the preview…">
                Preview
              </SubmitButton>
              <SubmitButton name="intent" value="test" variant="secondary" busyText="Sending the test…">
                Send a test to myself
              </SubmitButton>
            </div>
            <p className="-mt-3 text-sm text-ink/75">
              Every button saves the draft first. The test goes to {loaded.trainerEmail}.
            </p>

            {loaded.canSend ? (
              <SendControls
                audience={audience}
                segmentLabel={issue?.segmentLabel}
                scheduled={issue?.status === "scheduled"}
                when={when}
                error={errors.when}
              />
            ) : null}
          </Form>
        ) : null}

        {issue?.progress ? (
          <>
            <ProgressPanel status={issue.status} progress={issue.progress} />
            {brought ? <IssueBroughtPanel brought={brought} /> : null}
            <Undelivered progress={issue.progress} />
            <section aria-labelledby="settings-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
              <h2 id="settings-title" className="text-xl font-semibold text-navy">
                What was sent
              </h2>
              <dl className="mt-2 grid gap-1">
                <div>
                  <dt className="inline font-medium">To: </dt>
                  <dd className="inline">{issue.segmentLabel}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">Web archive: </dt>
                  <dd className="inline">
                    {issue.archived ? (issue.noindex ? "shown, kept out of search engines" : "shown") : "not shown"}
                  </dd>
                </div>
              </dl>
            </section>
          </>
        ) : null}

        {loaded.preview ? (
          editable ? (
            <IssuePreview preview={loaded.preview} headingRef={previewHeading} />
          ) : (
            <details className="rounded-2xl bg-white ring-1 ring-navy/10">
              <summary className="min-h-11 cursor-pointer px-4 py-3 font-semibold text-navy">
                The e-mail as sent
              </summary>
              <IssuePreview preview={loaded.preview} title="The e-mail" />
            </details>
          )
        ) : null}
      </div>
    </AdminShell>
  );
}
