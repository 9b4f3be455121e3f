import { data, redirect } from "react-router";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import type { PostedForm } from "~/infra/posted-form.server";
import { AMSTERDAM, amsterdamDateTime } from "~/infra/amsterdam";
import { formatDateTime } from "~/features/back-office/ui";
import { describeWait } from "~/features/messages/describe";
import type { SiteContentReader } from "~/features/site/site-content.server";
import { localDateTimeOf } from "~/infra/zoned-time";
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
  type ArticleReader,
} from "./issues.server";
import { countAudience, retryUndelivered, startIssue } from "./sending.server";
import { listTags } from "./tags.server";
import { archiveUrl } from "./issue-mail.server";
import {
  audienceLabel,
  EMPTY_ISSUE,
  fieldsOfIssue,
  issueFieldsFrom,
  scheduleTime,
  sourceLabel,
  type IssueErrors,
  type IssueFields,
} from "./issue-rules";

/**
 * The newsletter issue editor's server side: what the page shows (with the outcome of the last
 * button, read from the address) and what each button does. The route checks the trainer and origin.
 */

/** What the editor needs of the services. */
export interface IssueEditorServices {
  database: { db: Db };
  content: ArticleReader & SiteContentReader["content"];
  env: { SITE_URL: string };
  secret: string;
  mailer: Mailer | null;
  newsletter: { kick(): void } | null;
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean }>;
  logger: Pick<Logger, "warn">;
}

/** The signed-in trainer: tests go to her address. */
interface Trainer {
  id: string;
  email: string;
}

/** One line per outcome the action redirects with (?done=…), so a reload shows the page, not the message. */
const DONE: Record<string, string> = {
  saved: "Saved as a draft.",
  "from-article":
    "The article is now a draft issue. Read it through, then preview it and send yourself a test before it goes out.",
  "test-sent": "A test copy is on its way to you, with [Test] before the subject.",
  unscheduled: "It is a draft again: nothing was sent.",
};

/** Where she lands after "send now", by the issue's state then: a small list can be sent before the page is made. */
const STARTED: Record<string, string> = {
  sending: "Sending has started. The numbers below show how far it is.",
  sent: "It has gone out. The numbers below show who got it.",
};

/** A send's numbers, with what waits as one line per reason, written in her time zone (like the Messages page). */
const progressOf = (progress: Awaited<ReturnType<typeof issueProgress>>) => ({
  ...progress,
  waiting: progress.waiting.map((group) => describeWait(group, (at) => amsterdamDateTime(at).slice(11, 16))),
});

/** The page for issue `id` (a new one when undefined); `url` carries what the last button did. */
export async function loadIssueEditor(
  services: IssueEditorServices,
  trainer: Trainer,
  id: string | undefined,
  url: URL,
) {
  const { db } = services.database;
  const query = (name: string) => url.searchParams.get(name);
  const titles = new Map((await publishedArticles(services.content)).map((a) => [a.key, a.title]));
  const sources = (await signupSources(db)).map((row) => ({
    value: row.source,
    label: sourceLabel(row.source, titles),
    audience: row.audience,
  }));
  const tags = (await listTags(db)).map((tag) => ({ id: tag.id, name: tag.name }));
  const common = {
    sources,
    tags,
    everyone: await countAudience(db),
    canSend: services.mailer !== null,
    trainerEmail: trainer.email,
  };
  if (!id)
    return {
      ...common,
      isNew: true as const,
      fields: EMPTY_ISSUE as IssueFields,
      issue: null,
      preview: null,
      confirm: false,
      done: null,
      testProblem: null,
    };

  const issue = await getIssue(db, id);
  if (!issue) throw data("There is no such issue.", { status: 404 });
  const editable = isEditable(issue);
  const settings = await issueMailSettings({
    content: services.content,
    siteUrl: services.env.SITE_URL,
    secret: services.secret,
  });
  // Asked for after a save, and always at hand (folded) once it has gone out.
  const wantPreview = query("preview") === "1" || !editable;
  const copy = wantPreview ? issueCopy(issue, trainer.email, settings) : null;
  const scheduledLocal = issue.scheduledAt ? localDateTimeOf(issue.scheduledAt, AMSTERDAM) : "";
  const retried = Number(query("retried"));
  return {
    ...common,
    isNew: false as const,
    fields: fieldsOfIssue(issue),
    issue: {
      id: issue.id,
      slug: issue.slug,
      status: issue.status,
      editable,
      segmentLabel: audienceLabel(
        issue.segmentSources,
        tags.filter((tag) => issue.segmentTags.includes(tag.id)).map((tag) => tag.name),
        titles,
      ),
      archived: issue.archived,
      noindex: issue.noindex,
      scheduledAt: issue.scheduledAt?.toISOString() ?? null,
      scheduledDate: scheduledLocal.slice(0, 10),
      scheduledTime: scheduledLocal.slice(11, 16),
      startedAt: issue.startedAt?.toISOString() ?? null,
      finishedAt: issue.finishedAt?.toISOString() ?? null,
      problem: issue.problem,
      archiveUrl: issue.status === "sent" && issue.archived ? archiveUrl("", issue.slug) : null,
      audience: editable ? await countAudience(db, issue) : null,
      progress: editable ? null : progressOf(await issueProgress(db, issue.id)),
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
          : query("done") === "started"
            ? (STARTED[issue.status] ?? null)
            : (DONE[query("done") ?? ""] ?? null),
    testProblem:
      query("test") === "no-mailer"
        ? "No mail server is set up (SMTP_URL), so the test could not be sent. Your changes are saved."
        : query("test") === "failed"
          ? "The mail server did not take the test e-mail. Check the SMTP settings and try again; your changes are saved."
          : null,
  };
}

export type IssueFailure = {
  fields?: IssueFields;
  when?: { date: string; time: string };
  errors: IssueErrors;
  message?: string;
};
const fail = (failure: IssueFailure, status = 400) => data(failure, { status });

/**
 * Does what the tapped button (`intent`) says: a refusal to show with her fields, or a redirect.
 * `oversized`: files that arrived over their limit (counted, not kept).
 */
export async function issueEditorAction(
  services: IssueEditorServices,
  trainer: Trainer,
  id: string | undefined,
  form: FormData,
  oversized: PostedForm["oversized"] = {},
) {
  const { db } = services.database;
  const intent = String(form.get("intent") ?? "save");
  const path = (id: string, query: string) => `/admin/newsletter/${id}${query ? `?${query}` : ""}`;
  const noMailer = "No mail server is set up (SMTP_URL), so nothing can be sent yet. Your issue is saved as a draft.";

  // Buttons that change only the sending, from their own small forms (no fields to keep).
  if (id && (intent === "send" || intent === "retry")) {
    const issue = await getIssue(db, id);
    if (!issue) throw data("There is no such issue.", { status: 404 });
    if (!services.mailer) return fail({ errors: {}, message: noMailer });
    if (intent === "retry") {
      const n = await retryUndelivered(db, issue.id);
      if (n > 0) services.newsletter?.kick();
      throw redirect(`${path(issue.id, `done=retried&retried=${n}`)}#done`);
    }
    if ((await countAudience(db, issue)) === 0)
      return fail({
        errors: {},
        message: "Nobody in this group has confirmed a subscription yet: there is no one to send it to.",
      });
    if (!(await startIssue(db, issue.id)))
      return fail({ errors: {}, message: "This issue has already started sending." }, 409);
    services.newsletter?.kick();
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
  const saved = await saveIssueForm(db, id, form, { userId: trainer.id }, oversized);
  if (!saved.ok)
    return fail({ fields: saved.fields, when, errors: saved.errors, message: saved.message }, saved.status);
  const { issue } = saved;

  switch (intent) {
    case "preview":
      throw redirect(`${path(issue.id, "preview=1")}#preview`);
    case "test": {
      if (!(await services.rateLimit(`newsletter-test:${trainer.id}`, 30, 3600)).allowed)
        return fail(
          { fields: fieldsOfIssue(issue), when, errors: {}, message: "That is many tests in an hour: wait a little." },
          429,
        );
      const settings = await issueMailSettings({
        content: services.content,
        siteUrl: services.env.SITE_URL,
        secret: services.secret,
      });
      // Her test's "Read it online" is this page's preview: the archive has nothing before the send.
      const online = `${services.env.SITE_URL}${path(issue.id, "preview=1")}#preview`;
      const sent = await sendTestCopy(services.mailer, issue, trainer.email, { ...settings, webUrl: online });
      if (!sent.ok && sent.reason === "failed")
        services.logger.warn({ issue: issue.id, detail: sent.detail }, "newsletter test e-mail refused");
      // To the answer (#done, near the top): the button she tapped is far down a long form.
      throw redirect(`${path(issue.id, sent.ok ? "done=test-sent" : `test=${sent.reason}`)}#done`);
    }
    case "send-ask":
      if (!services.mailer) return fail({ fields: fieldsOfIssue(issue), when, errors: {}, message: noMailer });
      throw redirect(`${path(issue.id, "confirm=send")}#confirm`);
    case "schedule":
      if (!services.mailer) return fail({ fields: fieldsOfIssue(issue), when, errors: {}, message: noMailer });
      await scheduleIssue(db, issue.id, at!);
      throw redirect(`${path(issue.id, "done=scheduled")}#done`);
    case "unschedule":
      await unscheduleIssue(db, issue.id);
      throw redirect(`${path(issue.id, "done=unscheduled")}#done`);
    default:
      throw redirect(path(issue.id, "done=saved"));
  }
}
