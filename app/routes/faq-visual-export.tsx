import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/faq-visual-export";
import { requireServices } from "~/context";
import { forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { FaqExportTool } from "~/features/image-export/faq-export-tool";
import { logImageExport } from "~/features/image-export/export-log.server";
import { findRouteEntry } from "~/features/site/route-meta";
import { faq } from "#content/faq";
import { site } from "#content/site";

export const meta: Route.MetaFunction = ({ location }) =>
  adminMeta(findRouteEntry(location.pathname)?.title ?? "FAQ Image Export");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  return data(
    { email: trainer.user.email, domain: new URL(ctx.services.env.SITE_URL).host },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return logImageExport(request, requireServices(context));
}

export default function FaqVisualExport() {
  const { domain } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="FAQ image export">
      <FaqExportTool items={faq} brand={site.name} domain={domain} />
    </AdminShell>
  );
}
