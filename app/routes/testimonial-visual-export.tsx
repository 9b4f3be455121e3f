import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/testimonial-visual-export";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { TestimonialExportTool } from "~/features/image-export/testimonial-export-tool";
import { logImageExport } from "~/features/image-export/export-log.server";
import { findRouteEntry } from "~/kernel/route-meta";
import { currentTestimonials } from "~/features/site/site-content.server";
import { site } from "#content/site";

export const meta: Route.MetaFunction = ({ location }) =>
  adminMeta(findRouteEntry(location.pathname)?.title ?? "Social-media picture of a testimonial");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  // The first published testimonial fills the tool to start with.
  const [first] = await currentTestimonials(ctx.services);
  return data({ first: first ?? null }, { headers: trainer.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return logImageExport(request, requireServices(context), trainerOf(context));
}

export default function TestimonialVisualExport() {
  const { first } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Social-media picture of a testimonial">
      <p className="mb-6 max-w-prose text-ink/80">
        This makes a picture to post on social media; it changes nothing on the site. To add, change, reorder or hide
        the testimonials visitors see, go to{" "}
        <Link to="/admin/testimonials" className="font-medium text-teal-700 underline">
          Testimonials
        </Link>
        .
      </p>
      <TestimonialExportTool
        initial={{ title: "Testimonial", name: first?.name ?? "", text: first?.text ?? "" }}
        brand={site.name}
      />
    </AdminShell>
  );
}
