import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-follow-ups";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { adminMeta } from "~/features/back-office/ui";
import { followUpsPageAction, loadFollowUpsPage } from "~/features/follow-ups/page.server";
import { FollowUpsPage } from "~/features/back-office/follow-ups-page";

export const meta: Route.MetaFunction = () => adminMeta("Follow-ups");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  return data(await loadFollowUpsPage(ctx.services.database.db), { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  return followUpsPageAction(ctx.services, trainer.user, await request.formData());
}

export default function AdminFollowUps() {
  return <FollowUpsPage loaded={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
