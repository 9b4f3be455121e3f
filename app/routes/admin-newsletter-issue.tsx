import { useEffect, useRef } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
} from "react-router";
import type { Route } from "./+types/admin-newsletter-issue";
import { requireServices } from "~/context";
import { assertSameOrigin, forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import {
  getIssue,
  isEditable,
  issueCopy,
  issueMailSettings,
  issueProgress,
  publishedArticles,
  saveIssueForm,
  scheduleIssue,
  sendTestCopy,
  signupSources,
  unscheduleIssue,
} from "~/features/newsletter/issues.server";
import { countAudience, retryUndelivered, startIssue } from "~/features/newsletter/sending.server";
import { archiveUrl } from "~/features/newsletter/issue-mail.server";
import {
  EMPTY_ISSUE,
  fieldsOfIssue,
  issueFieldsFrom,
  ISSUE_LIMITS,
  ISSUE_STATUS_LABEL,
  scheduleTime,
  sourceLabel,
  type IssueErrors,
  type IssueFields,
} from "~/features/newsletter/issue-rules";
import { IssuePreview } from "~/features/newsletter/issue-preview";
import { localDateTimeOf } from "~/infra/zoned-time";
import { AMSTERDAM } from "~/infra/amsterdam";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { ButtonLink } from "~/ui/button";
import { compactInputClass, describedBy, FieldShell, TextField } from "~/ui/field";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.fields.subject || "Newsletter issue");
export const headers = forwardSessionHeaders;

/** One line per outcome the action redirects with (?done=…), so a reload shows the page, not the message. */
const DONE: Record<string, string> = {
  saved: "Saved as a draft.",
  "from-article":
    "The article is now a draft issue. Read it through, then preview it and send yourself a test before it goes out.",
  "test-sent": "A test copy is on its way to you, with [Test] before the subject.",
  unscheduled: "It is a draft again: nothing was sent.",
  started: "Sending has started. The numbers below show how far it is.",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const { db } = ctx.services.database;
  const url = new URL(request.url);
  const query = (name: string) => url.searchParams.get(name);
  const titles = new Map((await publishedArticles(ctx.services.content)).map((a) => [a.key, a.title]));
  const sources = (await signupSources(db)).map((row) => ({
    value: row.source,
    label: sourceLabel(row.source, titles),
    audience: row.audience,
  }));
  const common = {
    sources,
    everyone: await countAudience(db, null),
    canSend: ctx.services.mailer !== null,
    trainerEmail: trainer.user.email,
  };
  if (!params.id)
    return data(
      {
        ...common,
        isNew: true as const,
        fields: EMPTY_ISSUE as IssueFields,
        issue: null,
        preview: null,
        confirm: false,
        done: null,
        testProblem: null,
      },
      { headers: trainer.headers },
    );

  const issue = await getIssue(db, params.id);
  if (!issue) throw data("There is no such issue.", { status: 404 });
  const editable = isEditable(issue);
  const settings = await issueMailSettings({
    content: ctx.services.content,
    siteUrl: ctx.services.env.SITE_URL,
    secret: ctx.services.secret,
  });
  // Asked for after a save, and always at hand (folded) once it has gone out.
  const wantPreview = query("preview") === "1" || !editable;
  const copy = wantPreview ? issueCopy(issue, trainer.user.email, settings) : null;
  const scheduledLocal = issue.scheduledAt ? localDateTimeOf(issue.scheduledAt, AMSTERDAM) : "";
  const retried = Number(query("retried"));
  return data(
    {
      ...common,
      isNew: false as const,
      fields: fieldsOfIssue(issue),
      issue: {
        id: issue.id,
        slug: issue.slug,
        status: issue.status,
        editable,
        segmentLabel: issue.segment ? sourceLabel(issue.segment, titles) : "Everyone who confirmed",
        archived: issue.archived,
        noindex: issue.noindex,
        scheduledAt: issue.scheduledAt?.toISOString() ?? null,
        scheduledDate: scheduledLocal.slice(0, 10),
        scheduledTime: scheduledLocal.slice(11, 16),
        startedAt: issue.startedAt?.toISOString() ?? null,
        finishedAt: issue.finishedAt?.toISOString() ?? null,
        problem: issue.problem,
        archiveUrl: issue.status === "sent" && issue.archived ? archiveUrl("", issue.slug) : null,
        audience: editable ? await countAudience(db, issue.segment) : null,
        progress: editable ? null : await issueProgress(db, issue.id),
      },
      preview: copy
        ? { subject: copy.subject, preheader: issue.preheader, html: copy.html ?? "", text: copy.text }
        : null,
      confirm: editable && query("confirm") === "send",
      done:
        (query("done") === "scheduled" || (query("done") === "saved" && issue.status === "scheduled")) &&
        issue.scheduledAt
          ? `${query("done") === "saved" ? "Saved. It is still scheduled" : "Scheduled"}: it goes out ${formatDateTime(issue.scheduledAt)} (Amsterdam time).`
          : query("done") === "retried"
            ? retried > 0
              ? `${retried} ${retried === 1 ? "address is" : "addresses are"} back in the queue and will be tried again shortly.`
              : "There was nothing to try again: the addresses left were refused for good."
            : query("done") === "started" && issue.status !== "sending"
              ? null
              : (DONE[query("done") ?? ""] ?? null),
      testProblem:
        query("test") === "no-mailer"
          ? "No mail server is set up (SMTP_URL), so the test could not be sent. Your changes are saved."
          : query("test") === "failed"
            ? "The mail server did not take the test e-mail. Check the SMTP settings and try again; your changes are saved."
            : null,
    },
    { headers: trainer.headers },
  );
}

type Failure = { fields?: IssueFields; when?: { date: string; time: string }; errors: IssueErrors; message?: string };
const fail = (failure: Failure, status = 400) => data(failure, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  assertSameOrigin(request, ctx.services.env.SITE_URL);
  const { db } = ctx.services.database;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const path = (id: string, query: string) => `/admin/newsletter/${id}${query ? `?${query}` : ""}`;
  const noMailer = "No mail server is set up (SMTP_URL), so nothing can be sent yet. Your issue is saved as a draft.";

  // Buttons that change only the sending, from their own small forms (no fields to keep).
  if (params.id && (intent === "send" || intent === "retry")) {
    const issue = await getIssue(db, params.id);
    if (!issue) throw data("There is no such issue.", { status: 404 });
    if (!ctx.services.mailer) return fail({ errors: {}, message: noMailer });
    if (intent === "retry") {
      const n = await retryUndelivered(db, issue.id);
      if (n > 0) ctx.services.newsletter?.kick();
      throw redirect(path(issue.id, `done=retried&retried=${n}`));
    }
    if ((await countAudience(db, issue.segment)) === 0)
      return fail({
        errors: {},
        message: "Nobody in this group has confirmed a subscription yet: there is no one to send it to.",
      });
    if (!(await startIssue(db, issue.id)))
      return fail({ errors: {}, message: "This issue has already started sending." }, 409);
    ctx.services.newsletter?.kick();
    throw redirect(path(issue.id, "done=started"));
  }

  // Every other button saves what is in the editor first, so nothing typed is lost whatever it does next.
  const when = { date: String(form.get("sendDate") ?? ""), time: String(form.get("sendTime") ?? "") };
  let at: Date | undefined;
  if (intent === "schedule") {
    const checked = scheduleTime(when.date, when.time, new Date());
    if (!checked.ok) return fail({ fields: issueFieldsFrom(form), when, errors: { when: checked.error } });
    at = checked.at;
  }
  const saved = await saveIssueForm(db, params.id, form, { userId: trainer.user.id });
  if (!saved.ok)
    return fail({ fields: saved.fields, when, errors: saved.errors, message: saved.message }, saved.status);
  const { issue } = saved;

  switch (intent) {
    case "preview":
      throw redirect(`${path(issue.id, "preview=1")}#preview`);
    case "test": {
      if (!(await ctx.services.rateLimit(`newsletter-test:${trainer.user.id}`, 30, 3600)).allowed)
        return fail(
          { fields: fieldsOfIssue(issue), when, errors: {}, message: "That is many tests in an hour: wait a little." },
          429,
        );
      const settings = await issueMailSettings({
        content: ctx.services.content,
        siteUrl: ctx.services.env.SITE_URL,
        secret: ctx.services.secret,
      });
      const sent = await sendTestCopy(ctx.services.mailer, issue, trainer.user.email, settings);
      if (!sent.ok && sent.reason === "failed")
        ctx.services.logger.warn({ issue: issue.id, detail: sent.detail }, "newsletter test e-mail refused");
      throw redirect(path(issue.id, sent.ok ? "done=test-sent" : `test=${sent.reason}`));
    }
    case "send-ask":
      if (!ctx.services.mailer) return fail({ fields: fieldsOfIssue(issue), when, errors: {}, message: noMailer });
      throw redirect(`${path(issue.id, "confirm=send")}#confirm`);
    case "schedule":
      if (!ctx.services.mailer) return fail({ fields: fieldsOfIssue(issue), when, errors: {}, message: noMailer });
      await scheduleIssue(db, issue.id, at!);
      throw redirect(path(issue.id, "done=scheduled"));
    case "unschedule":
      await unscheduleIssue(db, issue.id);
      throw redirect(path(issue.id, "done=unscheduled"));
    default:
      throw redirect(path(issue.id, "done=saved"));
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Progress = NonNullable<NonNullable<Loaded["issue"]>["progress"]>;

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

const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-GB")} people`);

/** The numbers of a send: while it runs and after. "Sent" is the engine's word, never guessed here. */
function ProgressPanel({ status, progress }: { status: string; progress: Progress }) {
  const { counts } = progress;
  const done = counts.sent + counts.failed + counts.suppressed + counts.unknown;
  const items: [string, number, string][] = [
    ["Sent", counts.sent, "handed to the mail server and accepted"],
    ["To go", counts.queued, "waiting their turn"],
    ["Deferred", counts.deferred, "the mail server said “later”; tried again on their own"],
    ["Failed", counts.failed, "refused, or still refused after several tries"],
    ["Left out", counts.suppressed, "unsubscribed or refused for good before their turn"],
    ["Unknown", counts.unknown, "the send was interrupted while the mail server had it; it may have arrived"],
  ];
  return (
    <section aria-labelledby="progress-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
      <h2 id="progress-title" className="text-xl font-semibold text-navy">
        {status === "sent" ? "Delivery" : "Progress"}
      </h2>
      <p className="mt-1">
        {status === "sent"
          ? `Finished: ${counts.total === 1 ? "the one recipient has" : `all ${counts.total.toLocaleString("en-GB")} recipients have`} a final answer.`
          : `${done.toLocaleString("en-GB")} of ${counts.total.toLocaleString("en-GB")} done.`}
      </p>
      <progress
        value={done}
        max={Math.max(counts.total, 1)}
        aria-labelledby="progress-title"
        className="mt-2 h-3 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-teal-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-teal-700"
      />
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(([label, n, hint]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-navy/10">
            <dt className="text-sm font-medium text-ink/80">{label}</dt>
            <dd className="text-2xl font-bold text-navy">{n.toLocaleString("en-GB")}</dd>
            <dd className="text-xs text-ink/75">{hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const STATE_LABEL: Record<string, string> = {
  failed: "Failed",
  unknown: "Unknown",
  deferred: "Deferred",
  suppressed: "Left out",
};

function Undelivered({ progress }: { progress: Progress }) {
  const { undelivered, undeliveredTotal, counts } = progress;
  const retryable = counts.failed + counts.unknown > 0;
  return (
    <section aria-labelledby="undelivered-title" className="rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6">
      <h2 id="undelivered-title" className="text-xl font-semibold text-navy">
        Not delivered
      </h2>
      {undeliveredTotal === 0 ? (
        <p className="mt-1">Nobody so far: every address that has had its turn got it.</p>
      ) : (
        <>
          <p className="mt-1">
            {undeliveredTotal.toLocaleString("en-GB")} {undeliveredTotal === 1 ? "address" : "addresses"}, with the mail
            server&apos;s answer
            {undeliveredTotal > undelivered.length ? ` (the first ${undelivered.length} shown)` : ""}.
          </p>
          <ul className="mt-3 grid gap-2">
            {undelivered.map((row) => (
              <li key={row.email} className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-navy/10">
                <p className="font-medium break-all">{row.email}</p>
                <p>
                  <strong>{STATE_LABEL[row.state] ?? row.state}</strong>
                  {row.attempts > 0 ? `, ${row.attempts} ${row.attempts === 1 ? "try" : "tries"}` : ""}
                  {row.state === "deferred" && row.nextAttemptAt
                    ? `, next try ${formatDateTime(row.nextAttemptAt)}`
                    : ""}
                </p>
                {row.lastError ? <p className="break-words text-ink/80">{row.lastError}</p> : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {retryable ? (
        <Form method="post" className="mt-4">
          <p id="retry-hint" className="mb-2 text-sm text-ink/75">
            Tries the failed and unknown ones again (an “unknown” one may then get it twice). Addresses refused for good
            stay out.
          </p>
          <SubmitButton name="intent" value="retry" busyText="Queueing…">
            Retry the failed ones
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

/** While it sends, fresh numbers every few seconds (a plain reload does the same without script). */
function useRefreshWhileSending(sending: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!sending) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidate.current();
    }, 5_000);
    return () => window.clearInterval(timer);
  }, [sending]);
}

function ConfirmSend({ subject, audience }: { subject: string; audience: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      id="confirm"
      aria-labelledby="confirm-title"
      className="scroll-mt-4 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300 sm:p-6"
    >
      <h2 id="confirm-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-navy">
        Send it now?
      </h2>
      <p className="mt-2 break-words">
        {audience === 0
          ? "Nobody in this group has confirmed a subscription yet: there is no one to send it to."
          : `“${subject}” goes to ${people(audience)} now. Once it has started it cannot be called back.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {audience > 0 ? (
          <Form method="post">
            <SubmitButton name="intent" value="send" busyText="Starting…">
              Yes, send it to {people(audience)}
            </SubmitButton>
          </Form>
        ) : null}
        <ButtonLink to="?" variant="secondary" size="md">
          {audience > 0 ? "Cancel" : "Back to the issue"}
        </ButtonLink>
      </div>
    </section>
  );
}

export default function AdminNewsletterIssue() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { hash } = useLocation();
  const navigation = useNavigation();
  const issue = loaded.issue;
  const fields = result?.fields ?? loaded.fields;
  const errors = result?.errors ?? {};
  const when = result?.when ?? { date: issue?.scheduledDate ?? "", time: issue?.scheduledTime ?? "" };
  const formRef = useRef<HTMLFormElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  useRefreshWhileSending(issue?.status === "sending");
  // The answer to a tap is brought to her: the preview she asked for, or the first field to fix.
  useEffect(() => {
    if (result) {
      const target =
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        document.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
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
        {loaded.done && !result ? <Notice tone="success">{loaded.done}</Notice> : null}
        {loaded.testProblem && !result ? <Notice tone="error">{loaded.testProblem}</Notice> : null}
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
                be. JPEG, HEIC or PNG up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB, made smaller for e-mail, with its
                location and camera details removed.
              </p>
              <FieldShell id="photo" label="Photo" error={errors.photo} look="compact">
                <input
                  id="photo"
                  name="photo"
                  type="file"
                  accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png"
                  className={compactInputClass}
                  {...describedBy("photo", errors.photo)}
                />
              </FieldShell>
              <TextField
                id="photoAlt"
                name="photoAlt"
                look="compact"
                label="What the photo shows"
                hint="For readers who cannot see it (needed with a photo)."
                error={errors.photoAlt}
                className=""
              />
            </fieldset>
            <FieldShell
              id="segment"
              label="Who gets it"
              look="compact"
              error={errors.segment}
              hint="Only people who confirmed their subscription; the number is how many that is today."
            >
              <select
                id="segment"
                name="segment"
                defaultValue={fields.segment}
                className={`${compactInputClass} text-base`}
                {...describedBy("segment", errors.segment, "hint")}
              >
                <option value="">Everyone who confirmed ({loaded.everyone.toLocaleString("en-GB")})</option>
                {loaded.sources.map((source) => (
                  <option key={source.value} value={source.value}>
                    Signed up from: {source.label} ({source.audience.toLocaleString("en-GB")})
                  </option>
                ))}
              </select>
            </FieldShell>
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
              <fieldset className="grid gap-4 rounded-xl border-2 border-navy/25 p-4">
                <legend className="px-1 text-lg font-semibold text-navy">Send it</legend>
                <p className="text-lg">
                  This goes to <strong>{people(audience)}</strong>
                  {issue ? ` (${issue.segmentLabel.toLowerCase()})` : ""}.
                </p>
                {audience === 0 ? (
                  <p className="text-sm">Nobody in this group has confirmed a subscription yet.</p>
                ) : null}
                <div>
                  <SubmitButton name="intent" value="send-ask">
                    Send now…
                  </SubmitButton>
                </div>
                <div
                  role="group"
                  aria-labelledby="schedule-title"
                  aria-describedby={errors.when ? "when-error" : undefined}
                  className="grid gap-3 border-t border-navy/10 pt-4"
                >
                  <p id="schedule-title" className="font-semibold">
                    Or schedule it (Amsterdam time)
                  </p>
                  <div className="grid grid-cols-2 gap-3 sm:max-w-md">
                    <div>
                      <label htmlFor="sendDate" className="font-medium">
                        Day
                      </label>
                      <input
                        id="sendDate"
                        name="sendDate"
                        type="date"
                        defaultValue={when.date}
                        aria-invalid={errors.when ? true : undefined}
                        aria-describedby={errors.when ? "when-error" : undefined}
                        className={`${compactInputClass} text-base`}
                      />
                    </div>
                    <div>
                      <label htmlFor="sendTime" className="font-medium">
                        Time
                      </label>
                      <input
                        id="sendTime"
                        name="sendTime"
                        type="time"
                        step={60}
                        defaultValue={when.time}
                        aria-invalid={errors.when ? true : undefined}
                        aria-describedby={errors.when ? "when-error" : undefined}
                        className={`${compactInputClass} text-base`}
                      />
                    </div>
                  </div>
                  {errors.when ? (
                    <p id="when-error" role="alert" className="text-sm text-red-700">
                      {errors.when}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-3">
                    <SubmitButton name="intent" value="schedule" variant="secondary" busyText="Scheduling…">
                      {issue?.status === "scheduled" ? "Move to this time" : "Schedule"}
                    </SubmitButton>
                    {issue?.status === "scheduled" ? (
                      <SubmitButton name="intent" value="unschedule" variant="danger" busyText="Unscheduling…">
                        Unschedule
                      </SubmitButton>
                    ) : null}
                  </div>
                </div>
              </fieldset>
            ) : null}
          </Form>
        ) : null}

        {issue?.progress ? (
          <>
            <ProgressPanel status={issue.status} progress={issue.progress} />
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
