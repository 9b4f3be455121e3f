import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { CsvLink } from "~/features/back-office/list-table";
import { ButtonLink } from "~/ui/button";
import { loadSubscriberList, subscriberListAction } from "~/features/newsletter/subscriber-list.server";
import { SubscriberList } from "~/features/newsletter/subscriber-list";

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const list = await loadSubscriberList(ctx.services, new URL(request.url));
  return data(list, { headers: trainerOf(context).headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const url = new URL(request.url);
  url.searchParams.delete("done");
  const { db } = ctx.services.database;
  const result = await subscriberListAction(
    db,
    await request.formData(),
    // Not url.pathname: a submission from the page arrives at /admin/subscribers.data, and back
    // there the list answered 404 (the filters are kept, from the query).
    `/admin/subscribers${url.search}`,
    (action, detail) =>
      audit(db, {
        action: action === "lifted" ? "subscriber.suppression-lifted" : "subscriber.tagged",
        userId: trainer.user.id,
        ip: ctx.clientIp,
        detail,
      }),
  );
  if ("redirect" in result) throw redirect(result.redirect, { headers: trainer.headers });
  return result;
}

export default function AdminSubscribers() {
  const list = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <AdminShell
      title="Newsletter subscribers"
      actions={
        <>
          <ButtonLink to="/admin/subscribers/import" variant="secondary" size="md">
            Import or add
          </ButtonLink>
          <CsvLink list="subscribers" query={list.query} />
        </>
      }
    >
      <SubscriberList list={list} failure={failure} />
    </AdminShell>
  );
}
