import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/faq-visual-export";
import { requireServices } from "~/context";
import { forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { FaqExportTool } from "~/features/image-export/faq-export-tool";
import { logImageExport } from "~/features/image-export/export-log.server";
import { findRouteEntry } from "~/features/site/route-meta";
import { currentFaq } from "~/features/site/site-content.server";
import { site } from "#content/site";

export const meta: Route.MetaFunction = ({ location }) =>
  adminMeta(findRouteEntry(location.pathname)?.title ?? "FAQ Image Export");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  return data(
    {
      email: trainer.user.email,
      domain: new URL(ctx.services.env.SITE_URL).host,
      // The questions as published in the back office (FAQ).
      faq: await currentFaq(ctx.services),
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return logImageExport(request, requireServices(context));
}

export default function FaqVisualExport() {
  const { domain, faq } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="FAQ image export">
      <FaqExportTool items={faq} brand={site.name} domain={domain} />
    </AdminShell>
  );
}
