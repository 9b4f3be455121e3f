import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-newsletter-issue";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { adminMeta } from "~/features/back-office/ui";
import { issueEditorAction, loadIssueEditor } from "~/features/newsletter/issue-editor.server";
import { IssueEditor } from "~/features/newsletter/issue-editor";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { readPostedForm } from "~/infra/posted-form.server";
import { whatIssueBrought } from "~/features/reports/issue-credit.server";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.fields.subject || "Newsletter issue");
export const headers = forwardSessionHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const editor = await loadIssueEditor(ctx.services, trainer.user, params.id, new URL(request.url));
  // Once it has gone out, its links can have brought visits, questionnaires, sign-ups and orders.
  const brought =
    editor.issue && !editor.issue.editable
      ? await whatIssueBrought(ctx.services.database.db, { id: editor.issue.id, slug: editor.issue.slug })
      : null;
  return data({ ...editor, brought }, { headers: trainer.headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  // Read part by part: a photo over its limit is counted, not kept, and answered under its field.
  const posted = await readPostedForm(request, { photo: MAX_UPLOAD_BYTES });
  return issueEditorAction(ctx.services, trainer.user, params.id, posted.form, posted.oversized);
}

export default function AdminNewsletterIssue() {
  const { brought, ...loaded } = useLoaderData<typeof loader>();
  return <IssueEditor loaded={loaded} brought={brought} result={useActionData<typeof action>()} />;
}
