import { serviceCards } from "#content/services";

/** Sections of the home page that the header and footer link to. */
export const homeAnchors = {
  howToStart: "contact-section",
  services: "services",
  trainer: "trainer",
  faq: "faq",
} as const;

/** The footer's link columns: where "Menu" leads when scripts are blocked and the menu cannot open. */
export const SITE_LINKS_ID = "site-links";

export type HomeAnchor = (typeof homeAnchors)[keyof typeof homeAnchors];

/** "/#faq": works without JavaScript; React Router scrolls to the id after loading "/". */
export const homeAnchorHref = (anchor: HomeAnchor) => `/#${anchor}`;

export interface NavLinkItem {
  label: string;
  to: string;
}

export const serviceLinks: NavLinkItem[] = [
  { label: "All services", to: "/services" },
  ...serviceCards.map((card) => ({ label: card.title, to: card.learnMoreLink })),
];

export const blogPostPath = (slug: string) => `/blog/${slug}`;

/** Blog pages hide the footer newsletter form (they have their own). */
export const isBlogPath = (pathname: string) => pathname === "/blog" || pathname.startsWith("/blog/");

/** Blog posts grouped by category for the header's Blog dropdown; the blog fills it (root loader). */
export interface BlogNavGroup {
  category: string;
  posts: { slug: string; title: string }[];
}
