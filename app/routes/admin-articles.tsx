import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-articles";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice } from "~/features/back-office/ui";

export const meta: Route.MetaFunction = () => adminMeta("Articles");
export const headers = forwardSessionHeaders;

const STATUS_LABEL = { draft: "Draft", scheduled: "Scheduled", published: "Published", unpublished: "Off the site" };

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const articles = (await ctx.services.content.list("article")).map((entry) => ({
    slug: entry.key,
    title: entry.draft.title,
    status: STATUS_LABEL[entry.status],
    publishAt: entry.publishAt?.toISOString() ?? null,
    updatedAt: entry.updatedAt.toISOString(),
    unpublishedChanges: entry.live !== null && JSON.stringify(entry.live) !== JSON.stringify(entry.draft),
  }));
  return data({ articles }, { headers: trainer.headers });
}

export default function AdminArticles() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <AdminShell
      title="Articles"
      actions={
        <Link to="/admin/articles/new" className="font-semibold text-teal-700 underline">
          Write a new article
        </Link>
      }
    >
      {articles.length === 0 ? (
        <Notice>No articles yet.</Notice>
      ) : (
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-4">
                Title
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2">
                Last change
              </th>
            </tr>
          </thead>
          <tbody>
            {articles.map((a) => (
              <tr key={a.slug} className="border-t border-navy/10">
                <td className="py-3 pr-4">
                  <Link to={`/admin/articles/${a.slug}`} className="font-medium text-teal-700 underline">
                    {a.title}
                  </Link>
                </td>
                <td className="py-3 pr-4">
                  {a.status}
                  {a.publishAt ? ` for ${formatDateTime(a.publishAt)}` : ""}
                  {a.unpublishedChanges ? " (changes not yet published)" : ""}
                </td>
                <td className="py-3">{formatDateTime(a.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminShell>
  );
}
