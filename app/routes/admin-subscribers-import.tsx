import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-subscribers-import";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { readPostedForm } from "~/infra/posted-form.server";
import { IMPORT_MAX_BYTES } from "~/features/newsletter/import-rules";
import { importAction } from "~/features/newsletter/import-screen.server";
import { ImportScreen } from "~/features/newsletter/import-screen";

export const meta: Route.MetaFunction = () => adminMeta("Import subscribers");
export const headers = forwardSessionHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  return data({ canMail: ctx.services.messages.email }, { headers: trainerOf(context).headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  // Read part by part: a file over its limit is counted, not kept, and answered under its field.
  const posted = await readPostedForm(request, { file: IMPORT_MAX_BYTES });
  return importAction(ctx.services, posted, (detail) =>
    audit(ctx.services.database.db, {
      action: "subscribers.imported",
      userId: trainer.user.id,
      ip: ctx.clientIp,
      detail,
    }),
  );
}

export default function AdminSubscribersImport() {
  const { canMail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell title="Import or add subscribers">
      <ImportScreen answer={answer} canMail={canMail} />
    </AdminShell>
  );
}
