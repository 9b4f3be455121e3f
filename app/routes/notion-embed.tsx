import { useLoaderData } from "react-router";
import type { Route } from "./+types/notion-embed";
import { requireServices } from "~/context";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { Container } from "~/ui/layout";

/** Dynamic page: the address comes from NOTION_EMBED_URL at request time. */
export function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  return { embedUrl: services.env.NOTION_EMBED_URL ?? null };
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? "Workspace Preview",
    description: "Preview of an external workspace page embedded in the site.",
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });

export default function NotionEmbedPage() {
  const { embedUrl } = useLoaderData<typeof loader>();
  if (!embedUrl) {
    return (
      <div className="bg-sand/60 py-20 sm:py-28">
        <Container>
          <div
            role="status"
            className="mx-auto max-w-2xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-navy/10 sm:p-10"
          >
            <h1 className="text-2xl font-bold text-navy sm:text-3xl">No workspace page configured</h1>
            <p className="mt-4 leading-relaxed text-ink/85">
              This page shows an external workspace page (for example a public Notion page) inside the site. No address
              is set yet, so there is nothing to show.
            </p>
            <p className="mt-4 leading-relaxed text-ink/85">
              To enable it, set the environment variable{" "}
              <code className="rounded bg-navy/5 px-1.5 py-0.5 font-mono text-sm">NOTION_EMBED_URL</code> to the public
              address of the page and restart the server. The page&apos;s site must allow being embedded.
            </p>
          </div>
        </Container>
      </div>
    );
  }
  return (
    <>
      <h1 className="sr-only">Workspace preview</h1>
      <iframe
        src={embedUrl}
        title="Embedded workspace page"
        className="block h-[calc(100dvh-var(--header-height))] w-full border-0"
        loading="eager"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      />
    </>
  );
}
