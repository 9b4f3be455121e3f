import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-testimonials";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { ContentListEditor } from "~/features/back-office/content-list-editor";
import { listAction, listForEditor } from "~/features/site/site-content-admin.server";
import type { TestimonialItem } from "~/features/site/site-content-schemas";
import { FieldShell, TextAreaField, TextField, compactInputClass } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Testimonials");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const list = await listForEditor(ctx.services, "testimonials");
  return data({ ...list, items: list.items as TestimonialItem[] }, { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const result = await listAction(
    ctx.services,
    "testimonials",
    form,
    { userId: trainer.user.id, ip: ctx.clientIp },
    (f) => ({
      name: f.get("name"),
      programme: f.get("programme"),
      date: f.get("date"),
      text: f.get("text"),
      rating: Number(f.get("rating")),
    }),
  );
  return data(result, { status: result.ok ? 200 : 400, headers: trainer.headers });
}

export default function AdminTestimonials() {
  const { items, publishedAt, versions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminShell title="Testimonials">
      <ContentListEditor
        items={items}
        noun="testimonial"
        publishedAt={publishedAt}
        versions={versions}
        result={result}
        title={(t) => t.name}
        intro={
          <>
            The home page and the service pages show these in this order (a service page puts clients of its own
            programme first). Hidden ones stay here and off the site. A picture of one for social media is made with{" "}
            <Link to="/testimonial-visual-export" className="font-medium text-teal-700 underline">
              Make a social-media picture of a testimonial
            </Link>{" "}
            (it changes nothing here).
          </>
        }
        fields={(t, errors, prefix) => (
          <>
            <TextField
              id={`${prefix}-name`}
              name="name"
              label="Client's name (first name and initial)"
              look="compact"
              autoComplete="off"
              required
              defaultValue={t?.name ?? ""}
              error={errors.name}
            />
            <TextField
              id={`${prefix}-programme`}
              name="programme"
              label="Programme"
              look="compact"
              autoComplete="off"
              required
              defaultValue={t?.programme ?? ""}
              error={errors.programme}
            />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <FieldShell id={`${prefix}-rating`} label="Stars" look="compact" error={errors.rating} className="mb-4">
                <select
                  id={`${prefix}-rating`}
                  name="rating"
                  defaultValue={String(t?.rating ?? 5)}
                  className={`${compactInputClass} min-h-11 text-base`}
                >
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {n} {n === 1 ? "star" : "stars"}
                    </option>
                  ))}
                </select>
              </FieldShell>
              <TextField
                id={`${prefix}-date`}
                name="date"
                type="date"
                label="Date"
                look="compact"
                required
                defaultValue={t?.date ?? ""}
                error={errors.date}
              />
            </div>
            <TextAreaField
              id={`${prefix}-text`}
              name="text"
              label="What the client said"
              required
              defaultValue={t?.text ?? ""}
              error={errors.text}
              className="mb-4"
            />
          </>
        )}
      />
    </AdminShell>
  );
}
