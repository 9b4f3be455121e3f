import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/faq-visual-export";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { FaqExportTool } from "~/features/image-export/faq-export-tool";
import { logImageExport } from "~/features/image-export/export-log.server";
import { findRouteEntry } from "~/kernel/route-meta";
import { currentFaq } from "~/features/site/site-content.server";
import { site } from "#content/site";

export const meta: Route.MetaFunction = ({ location }) =>
  adminMeta(findRouteEntry(location.pathname)?.title ?? "Social-media picture of a question");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  return data(
    {
      domain: new URL(ctx.services.env.SITE_URL).host,
      // The questions as published in the back office (FAQ).
      faq: await currentFaq(ctx.services),
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return logImageExport(request, requireServices(context), trainerOf(context));
}

export default function FaqVisualExport() {
  const { domain, faq } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Social-media picture of a question">
      <p className="mb-6 max-w-prose text-ink/80">
        This makes a picture of a question and its answer to post on social media; it changes nothing on the site. To
        add, change, reorder or hide the questions visitors see, go to{" "}
        <Link to="/admin/faq" className="font-medium text-teal-700 underline">
          FAQ
        </Link>
        .
      </p>
      <FaqExportTool items={faq} brand={site.name} domain={domain} />
    </AdminShell>
  );
}
