import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-newsletter-issue";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { adminMeta } from "~/features/back-office/ui";
import { issueEditorAction, loadIssueEditor } from "~/features/newsletter/issue-editor.server";
import { IssueEditor } from "~/features/newsletter/issue-editor";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { readPostedForm } from "~/infra/posted-form.server";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.fields.subject || "Newsletter issue");
export const headers = forwardSessionHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const editor = await loadIssueEditor(ctx.services, trainer.user, params.id, new URL(request.url));
  return data(editor, { headers: trainer.headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  // Read part by part: a photo over its limit is counted, not kept, and answered under its field.
  const posted = await readPostedForm(request, { photo: MAX_UPLOAD_BYTES });
  return issueEditorAction(ctx.services, trainer.user, params.id, posted.form, posted.oversized);
}

export default function AdminNewsletterIssue() {
  return <IssueEditor loaded={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
