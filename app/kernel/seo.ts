import { mediaUrl } from "~/ui/picture";
import { useRouteLoaderData, type MetaDescriptor } from "react-router";
import { site } from "#content/site";
import type { SiteContent } from "#content/types";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, for the canonical link. */
  path: string;
  siteUrl: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  keywords?: string[];
  /** JSON-LD objects rendered as application/ld+json. */
  jsonLd?: object[];
}

/** Search results cut titles beyond about 70 characters, so no page's `<title>` is longer. */
export const MAX_TITLE_LENGTH = 70;

/**
 * The document title: the page's own title with the business name after it when both fit; a
 * longer page title stands alone, cut at a word with an ellipsis when even that is too long.
 */
export function fullTitle(title: string): string {
  const own = title.trim();
  const branded = own.includes(site.name) ? own : `${own} | ${site.name}`;
  if (branded.length <= MAX_TITLE_LENGTH) return branded;
  if (own.length <= MAX_TITLE_LENGTH) return own;
  const room = own.slice(0, MAX_TITLE_LENGTH - 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > MAX_TITLE_LENGTH / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:|–-]+$/, "")}…`;
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const url = `${page.siteUrl}${page.path === "/" ? "" : page.path}` || page.siteUrl;
  const title = fullTitle(page.title);
  const image = page.image ? new URL(page.image, `${page.siteUrl}/`).toString() : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (page.keywords?.length) tags.push({ name: "keywords", content: page.keywords.join(", ") });
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** SITE_URL from the root loader's data inside a route's meta function. */
export function siteUrlFromMatches(matches: readonly unknown[]): string {
  const root = matches[0] as { loaderData?: { publicEnv?: { SITE_URL?: string } } } | undefined;
  return root?.loaderData?.publicEnv?.SITE_URL ?? "";
}

/** Path of a WebP rendering of a content image (default 1440 px), for og:image and JSON-LD. */
export function mediaImagePath(src: string, width = 1440): string {
  return mediaUrl({ src }, width, "webp");
}

// The business's details as published in the back office (site facts). They live here, next to the
// other helpers every page's meta uses, so the public pages load no extra script file for them.

/**
 * For any component: the root loader reads the facts from the content store on every request
 * (features/site/site-content.server.ts). The seed answers only where there is no root data (a
 * unit test rendering a component on its own).
 */
export function useSite(): SiteContent {
  const data = useRouteLoaderData("root") as { site?: SiteContent } | undefined;
  return data?.site ?? site;
}

/** The same for meta functions, which get the matched routes instead of hooks. */
export function siteFromMatches(matches: readonly unknown[]): SiteContent {
  const root = matches[0] as { loaderData?: { site?: SiteContent } } | undefined;
  return root?.loaderData?.site ?? site;
}
