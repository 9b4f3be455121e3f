import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-article";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { adminMeta } from "~/features/back-office/ui";
import { articleEditorAction, loadArticleEditor, type MagnetGrants } from "~/features/blog/article-editor.server";
import { ArticleEditor } from "~/features/blog/article-editor";
import type { Db } from "~/infra/db.server";
import { readPostedForm } from "~/infra/posted-form.server";
import { MAX_UPLOAD_BYTES } from "~/features/content/article-form";
import { grantsForArticle, revokeGrant } from "~/features/newsletter/downloads.server";
import "~/features/blog/blog.css";

export const meta: Route.MetaFunction = () => adminMeta("Article");
export const headers = forwardSessionHeaders;

/** The lead magnet's download links, from the newsletter, which the editor lists and revokes. */
const magnetGrants = (db: Db): MagnetGrants => ({
  forArticle: (slug) => grantsForArticle(db, slug),
  revoke: (slug, grantId) => revokeGrant(db, slug, grantId),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  // What the last save did (the action redirects here after it), shown once at the top.
  const done = new URL(request.url).searchParams.get("done");
  const editor = await loadArticleEditor(ctx.services, magnetGrants(ctx.services.database.db), params.slug, done);
  if (!editor) throw redirect("/admin/articles");
  return data(editor, { headers: trainer.headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const actor = { userId: trainer.user.id, ip: ctx.clientIp };
  // Read part by part: a photo or PDF over its limit is counted, not kept, and answered under its field.
  const posted = await readPostedForm(request, { imageFile: MAX_UPLOAD_BYTES, magnetFile: MAX_UPLOAD_BYTES });
  const grants = magnetGrants(ctx.services.database.db);
  return articleEditorAction(ctx.services, grants, actor, posted.form, params.slug, posted.oversized);
}

export default function AdminArticle() {
  return <ArticleEditor loaded={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
