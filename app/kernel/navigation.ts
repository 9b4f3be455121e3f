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

/** The blog overview filtered to one category: the listing of every article in it (works without JavaScript). */
export const blogCategoryPath = (category: string) => `/blog?category=${encodeURIComponent(category)}`;

/** Blog pages hide the footer newsletter form (they have their own). */
export const isBlogPath = (pathname: string) => pathname === "/blog" || pathname.startsWith("/blog/");

/**
 * One category of the header's Blog menu (desktop dropdown and phone menu); the blog fills it (root
 * loader): its newest few articles, then the link to all of them.
 */
export interface BlogNavGroup {
  category: string;
  posts: { slug: string; title: string }[];
  /** The category's own listing: every article in it. */
  allHref: string;
}
