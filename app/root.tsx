import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { parseEnv, publicEnv } from "./infra/env.server";
import { getBlogNavigation } from "./features/blog/navigation.server";
import { currentSite } from "./features/site/site-content.server";
import { requireServices } from "./context";
import { pageCategory } from "./kernel/route-meta";
import { isDocumentRoute, useDocumentLinks } from "./kernel/documents";
import { SiteHeader } from "./kernel/header";
import { SiteFooter } from "./kernel/footer";
import { NewsletterForm } from "./features/newsletter/newsletter-form";
import { consentDefaultsScript } from "./features/site/gtm";
import { useHydratedSignal } from "./kernel/hydration-signal";
import { noScriptCss } from "./kernel/no-script-css";
import { speculationRules } from "./kernel/speculation-rules";
import { useNonce } from "./ui/nonce";
import publicStylesheet from "./public.css?url";
import adminStylesheet from "./admin.css?url";
import { ButtonLink } from "~/ui/button";
import { site } from "#content/site";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Lets feed readers and browsers find the blog's feed from any page.
  { rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: `${site.name} blog` },
];

/**
 * Public settings for the browser. Prerendered pages bake these at build time,
 * so change them together with a rebuild (README: configuration).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  return {
    publicEnv: publicEnv(parseEnv(process.env)),
    blogNav: await getBlogNavigation(services.content),
    // The business's facts as published in the back office (footer, legal pages, structured data).
    site: await currentSite(services),
  };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useHydratedSignal();
  const { pathname } = useLocation();
  const matches = useMatches();
  // A document page carries no application runtime at all (kernel/documents.ts).
  const isDocument = isDocumentRoute(matches.at(-1)?.id);
  useDocumentLinks();
  // Back office and tools are all controls: their app loads at `load`, not on first interaction (decision 009).
  const internal = pageCategory(pathname) === "internal";
  const hydrateOnLoad = internal ? "" : undefined;
  const gtmId = useRootData()?.publicEnv.GTM_ID;
  return (
    <html lang="en" data-hydrate-on-load={hydrateOnLoad} data-document={isDocument ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Consent Mode defaults (all denied) must run before any tag can; without a tag manager
            there is no tag, no cookie bar and nothing to consent to (routes/public-layout.tsx). */}
        {gtmId && (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: consentDefaultsScript }} />
        )}
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        {/* Visitor pages and the back office have a stylesheet each (public.css, admin.css); the
            server inlines the rules a page uses (server/page-cache.ts). */}
        <link rel="stylesheet" href={internal ? adminStylesheet : publicStylesheet} />
        <Links />
        <noscript>
          <style>{noScriptCss}</style>
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy"
        >
          Skip to content
        </a>
        {children}
        {isDocument && (
          <script
            type="speculationrules"
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: speculationRules }}
          />
        )}
        {!isDocument && <ScrollRestoration nonce={nonce} />}
        {!isDocument && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

/** Each layout route brings its own chrome: routes/public-layout.tsx and routes/admin-layout.tsx. */
export default function App() {
  return <Outlet />;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  let detail: string;
  if (isRouteErrorResponse(error)) {
    // A response thrown on the server can arrive with a generic statusText; the status decides.
    detail = `${error.status} ${STATUS_TEXT[error.status] ?? (error.statusText || "Error")}`;
  } else if (error instanceof Error && import.meta.env.DEV) {
    detail = error.message;
  } else {
    detail = "Something went wrong on our side. Please try again in a moment.";
  }
  return (
    <>
      <title>Unexpected Application Error!</title>
      <meta name="robots" content="noindex" />
      <SiteHeader blogNav={data?.blogNav ?? []} />
      <main id="main" className="flex flex-1 items-center justify-center bg-sand px-6 py-24">
        <div className="max-w-xl text-center">
          <h1 className="text-3xl font-bold text-navy sm:text-4xl">Unexpected Application Error!</h1>
          <p className="mt-4 text-xl text-ink">{detail}</p>
          <p className="mt-2 text-ink/80">The page you were looking for could not be shown.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <ButtonLink to="/" className="px-6">
              Back to the home page
            </ButtonLink>
            <ButtonLink to="/sitemap" variant="secondary" className="border px-6">
              See all pages
            </ButtonLink>
          </div>
        </div>
      </main>
      <SiteFooter newsletter={<NewsletterForm variant="footer" source="footer" />} />
    </>
  );
}
