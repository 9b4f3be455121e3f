import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-faq";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { ContentListEditor } from "~/features/back-office/content-list-editor";
import { listAction, listForEditor } from "~/features/site/site-content-admin.server";
import type { FaqItem } from "~/features/site/site-content-schemas";
import { TextAreaField, TextField } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("FAQ");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const list = await listForEditor(ctx.services, "faq");
  return data({ ...list, items: list.items as FaqItem[] }, { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const result = await listAction(ctx.services, "faq", form, { userId: trainer.user.id, ip: ctx.clientIp }, (f) => ({
    question: f.get("question"),
    answer: f.get("answer"),
  }));
  return data(result, { status: result.ok ? 200 : 400, headers: trainer.headers });
}

export default function AdminFaq() {
  const { items, publishedAt, versions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminShell title="FAQ">
      <ContentListEditor
        items={items}
        noun="question"
        publishedAt={publishedAt}
        versions={versions}
        result={result}
        title={(f) => f.question}
        intro={
          <>
            The home page and the services page show these questions in this order; a service page shows its own
            questions first, then these. Hidden ones stay here and off the site. A picture of one for social media is
            made with{" "}
            <Link to="/faq-visual-export" className="font-medium text-teal-700 underline">
              Make a social-media picture of a question
            </Link>{" "}
            (it changes nothing here).
          </>
        }
        fields={(f, errors, prefix) => (
          <>
            <TextField
              id={`${prefix}-question`}
              name="question"
              label="Question"
              look="compact"
              autoComplete="off"
              required
              defaultValue={f?.question ?? ""}
              error={errors.question}
            />
            <TextAreaField
              id={`${prefix}-answer`}
              name="answer"
              label="Answer"
              required
              defaultValue={f?.answer ?? ""}
              error={errors.answer}
              className="mb-4"
            />
          </>
        )}
      />
    </AdminShell>
  );
}
