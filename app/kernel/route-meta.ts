/**
 * The one list of the site's pages. It feeds app/routes.ts,
 * the list of pages revalidated by content revision, /sitemap.xml, /robots.txt, the /sitemap page and the
 * page_view analytics event. Resource routes (XML, APIs) live only in routes.ts.
 */

export type ChangeFrequency = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export type PageCategory =
  | "home"
  | "services"
  | "service"
  | "blog"
  | "form"
  | "pricing"
  | "checkout"
  | "event"
  | "legal"
  | "navigation"
  | "internal"
  | "error";

export interface RouteEntry {
  /** Stable route id, also used by React Router. */
  id: string;
  path: string;
  /** Route module, relative to app/. */
  file: string;
  title: string;
  priority: number;
  changefreq: ChangeFrequency;
  category: PageCategory;
  /** Has parameters or per-request data: not one fixed address for the sitemap's list. */
  dynamic: boolean;
  /** Listed in /sitemap.xml and the /sitemap page. */
  indexable: boolean;
  /**
   * Unlisted, yet open to crawlers (no robots.txt Disallow, no noindex): the checkout's return pages,
   * which only a checkout links to (docs/decisions/016-checkout-return-pages-crawlable.md).
   */
  crawlable?: boolean;
  /**
   * The HTML depends on more than its address and the content revision (the clock, a session id, a
   * query the page reads per visitor): rendered for every request and never answered 304
   * (docs/decisions/017-islands-and-per-request-pages.md).
   */
  renderPerRequest?: boolean;
}

const service = (slug: string, title: string): RouteEntry => ({
  id: `service-${slug}`,
  path: `/services/${slug}`,
  file: "routes/service.tsx",
  title,
  priority: 0.8,
  changefreq: "monthly",
  category: "service",
  dynamic: false,
  indexable: true,
});

export const routeEntries: readonly RouteEntry[] = [
  {
    id: "home",
    path: "/",
    file: "routes/home.tsx",
    title: "Online Personal Training & Triathlon Coaching",
    priority: 1,
    changefreq: "daily",
    category: "home",
    dynamic: false,
    indexable: true,
  },
  {
    id: "services",
    path: "/services",
    file: "routes/services.tsx",
    title: "Coaching Programmes",
    priority: 0.9,
    changefreq: "weekly",
    category: "services",
    dynamic: false,
    indexable: true,
  },
  service("get-fit", "Get Fit Coaching"),
  service("sports-coaching", "Sports Coaching"),
  service("weight-loss", "Weight Loss Coaching"),
  service("build-muscle", "Build Muscle Coaching"),
  service("triathlon-coaching", "Triathlon Coaching"),
  service("running-coaching", "Running Coaching"),
  {
    id: "blog",
    path: "/blog",
    file: "routes/blog.tsx",
    title: "Blog",
    priority: 0.9,
    changefreq: "weekly",
    category: "blog",
    dynamic: true,
    indexable: true,
  },
  {
    id: "blog-post",
    path: "/blog/:slug",
    file: "routes/blog-post.tsx",
    title: "Blog post",
    priority: 0.7,
    changefreq: "monthly",
    category: "blog",
    dynamic: true,
    indexable: true,
  },
  {
    id: "start",
    path: "/start",
    file: "routes/start.tsx",
    title: "Start Your Free Intake",
    priority: 0.8,
    changefreq: "monthly",
    category: "form",
    dynamic: false,
    indexable: true,
  },
  {
    id: "pricing",
    path: "/pricing",
    file: "routes/pricing.tsx",
    title: "Pricing",
    priority: 0.8,
    changefreq: "monthly",
    category: "pricing",
    dynamic: false,
    indexable: true,
  },
  {
    id: "nicaragua",
    path: "/nicaragua",
    file: "routes/nicaragua.tsx",
    title: "Spicy Booty & Abs Workout",
    priority: 0.5,
    changefreq: "monthly",
    category: "event",
    dynamic: false,
    indexable: true,
    // Open or closed depends on the date: a build-time snapshot would keep taking sign-ups.
    renderPerRequest: true,
  },
  {
    id: "privacy-policy",
    path: "/privacy-policy",
    file: "routes/privacy-policy.tsx",
    title: "Privacy Policy",
    priority: 0.3,
    changefreq: "yearly",
    category: "legal",
    dynamic: false,
    indexable: true,
  },
  {
    id: "about",
    path: "/about",
    file: "routes/about.tsx",
    title: "About Mila Jansen, Online Coach",
    priority: 0.6,
    changefreq: "yearly",
    category: "navigation",
    dynamic: false,
    indexable: true,
  },
  {
    id: "terms",
    path: "/terms",
    file: "routes/terms.tsx",
    title: "Terms and Conditions",
    priority: 0.3,
    changefreq: "yearly",
    category: "legal",
    dynamic: false,
    indexable: true,
  },
  {
    id: "withdrawal",
    path: "/withdrawal",
    file: "routes/withdrawal.tsx",
    title: "Right of Withdrawal",
    priority: 0.3,
    changefreq: "yearly",
    category: "legal",
    dynamic: false,
    indexable: true,
  },
  {
    id: "sitemap",
    path: "/sitemap",
    file: "routes/sitemap.tsx",
    title: "Sitemap",
    priority: 0.3,
    changefreq: "monthly",
    category: "navigation",
    dynamic: false,
    indexable: true,
  },
  {
    id: "success",
    path: "/success",
    file: "routes/success.tsx",
    title: "Payment Successful",
    priority: 0.1,
    changefreq: "yearly",
    category: "checkout",
    dynamic: true,
    renderPerRequest: true,
    indexable: false,
    crawlable: true,
  },
  {
    id: "cancel",
    path: "/cancel",
    file: "routes/cancel.tsx",
    title: "Payment Cancelled",
    priority: 0.1,
    changefreq: "yearly",
    category: "checkout",
    dynamic: false,
    indexable: false,
    crawlable: true,
  },
  {
    id: "notion-embed",
    path: "/notion-embed",
    file: "routes/notion-embed.tsx",
    title: "Workspace Preview",
    priority: 0.1,
    changefreq: "yearly",
    category: "internal",
    dynamic: true,
    renderPerRequest: true,
    indexable: false,
  },
  {
    id: "faq-visual-export",
    path: "/faq-visual-export",
    file: "routes/faq-visual-export.tsx",
    title: "Social-media picture of a question",
    priority: 0.1,
    changefreq: "yearly",
    category: "internal",
    dynamic: true,
    renderPerRequest: true,
    indexable: false,
  },
  {
    id: "testimonial-visual-export",
    path: "/testimonial-visual-export",
    file: "routes/testimonial-visual-export.tsx",
    title: "Social-media picture of a testimonial",
    priority: 0.1,
    changefreq: "yearly",
    category: "internal",
    dynamic: true,
    renderPerRequest: true,
    indexable: false,
  },
];

/**
 * Whether a pathname's HTML depends only on its address and the content revision, so the server
 * answers a browser that holds the current version with 304 (server/page-cache.ts).
 */
export function cachedByRevision(pathname: string): boolean {
  const entry = findRouteEntry(pathname);
  return entry !== undefined && entry.category !== "internal" && !entry.renderPerRequest;
}

/** Finds the entry for a concrete pathname, matching ":param" segments. */
export function findRouteEntry(pathname: string): RouteEntry | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const segments = clean.split("/");
  return routeEntries.find((entry) => {
    const pattern = entry.path.split("/");
    return (
      pattern.length === segments.length && pattern.every((part, i) => part.startsWith(":") || part === segments[i])
    );
  });
}

/** Pages declared only in routes.ts (test checkout, newsletter links, back office) by first segment. */
const CATEGORY_BY_SEGMENT: Record<string, PageCategory> = {
  checkout: "checkout",
  newsletter: "blog",
  admin: "internal",
};

/** The page_view category of a pathname; "error" only for paths no route serves. */
export function pageCategory(pathname: string): PageCategory {
  return findRouteEntry(pathname)?.category ?? CATEGORY_BY_SEGMENT[pathname.split("/")[1] ?? ""] ?? "error";
}
