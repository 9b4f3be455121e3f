import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Document, Element } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkout as checkoutCopy } from "#content/checkout";
import { event } from "#content/event";
import { pricing } from "#content/pricing";
import { servicePages } from "#content/service-pages";
import { serviceCards } from "#content/services";
import { site } from "#content/site";
import { articleSchema, splitPostFile } from "~/features/blog/content.server";
import {
  type BlogCategory,
  breadcrumbTitle,
  DEFAULT_CATEGORY,
  dutchLongDate,
  isConclusionHeading,
  leadFormFor,
  SITEMAP_CATEGORY_ORDER,
  sortCategories,
  sortNewestFirst,
} from "~/features/blog/rules";
import { eventDateLabel, eventTimeLabel } from "~/features/events/event-dates";
import { closedMessage } from "~/features/events/event-schema";
import { blogCategoryPath, homeAnchorHref, homeAnchors, serviceLinks } from "~/kernel/navigation";
import {
  accessibleName,
  bodyText,
  buttonsNamed,
  headingsNamed,
  hiddenInHtml,
  htmlReader,
  jsonLdOf,
  linksNamed,
  textOf,
} from "../support/html";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { startServer, type RunningServer } from "../support/server";

/**
 * What the visitor pages say in their server HTML and how the server answers (status codes,
 * redirects, headers, structured data, meta tags, links): checks that need no browser, moved here
 * from tests/e2e. The HTML is read with happy-dom, with nothing run and nothing fetched; "shown"
 * means present and not hidden by the HTML itself (`hidden`, `aria-hidden`): what CSS does to it is
 * the browser tests' business. Expected texts come from the content and the app's own rules.
 */

const BLOG_DIR = path.resolve(import.meta.dirname, "../../content/blog");

/** A post as written in content/blog, read as the site reads it: its front matter and its second-level headings. */
function postFile(file: string) {
  const { slug, data } = splitPostFile(file, readFileSync(path.join(BLOG_DIR, file), "utf8"));
  const article = articleSchema.parse(data);
  const headings = [...article.body.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1] ?? "");
  const category: BlogCategory = article.category ?? DEFAULT_CATEGORY;
  return { slug, ...article, category, headings };
}
/** Every post, newest first (the overview's order). */
const posts = sortNewestFirst(
  readdirSync(BLOG_DIR)
    .filter((f) => f.endsWith(".md"))
    .map(postFile),
);
/** A post with a Conclusion heading and no lead-form texts of its own (the defaults apply). */
const plainPost = posts.find((p) => !p.leadFormContent && p.headings.some(isConclusionHeading));
/** A post with lead-form texts and search titles of its own. */
const ownPost = posts.find((p) => p.leadFormContent && p.metaTitle);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Fetched {
  status: number;
  headers: Headers;
  html: string;
  document: Document;
}

const reader = htmlReader();

/** GETs a page (redirects not followed) and parses its HTML. */
async function getPage(base: string, target: string): Promise<Fetched> {
  const response = await fetch(new URL(target, base), { redirect: "manual" });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, document: reader.parse(html) };
}

/** The one element `selector` finds, failing the test if there is not exactly one. */
function only(scope: Document | Element, selector: string): Element {
  const found = scope.querySelectorAll(selector);
  expect(found.length, `elements matching ${selector}`).toBe(1);
  return found[0]!;
}

/** An element whose text is exactly `text` (white space collapsed), the innermost one. */
function elementsWithText(scope: Document | Element, text: string): Element[] {
  return [...scope.querySelectorAll("*")].filter(
    (element) => textOf(element) === text && ![...element.children].some((child) => textOf(child as Element) === text),
  );
}

/** The innermost elements whose text contains `text`. */
function elementsContaining(scope: Document | Element, text: string): Element[] {
  return [...scope.querySelectorAll("*")].filter(
    (element) =>
      textOf(element).includes(text) && ![...element.children].some((child) => textOf(child as Element).includes(text)),
  );
}

/** Shown (in the HTML): present, and neither it nor an ancestor is hidden by an attribute. */
function expectShown(elements: Element[], what: string) {
  expect(elements.length, `${what} is on the page`).toBeGreaterThan(0);
  expect(
    elements.some((element) => !hiddenInHtml(element)),
    `${what} is not hidden by the HTML`,
  ).toBe(true);
}

let server: RunningServer;
const pages = new Map<string, Promise<Fetched>>();
/** Each page is fetched once per file: the tests only read it. */
const page = (target: string) => {
  let found = pages.get(target);
  if (!found) pages.set(target, (found = getPage(server.url, target)));
  return found;
};

beforeAll(async () => {
  // A test file's requests all come from one address: limits as the browser tests' server has them.
  server = await startServer({ RATE_LIMIT_FORMS_PER_MINUTE: "1000", RATE_LIMIT_POSTS_PER_MINUTE: "5000" });
});

afterAll(async () => {
  await server?.stop();
  await reader.close();
});

describe("home and service pages", () => {
  it("marks up Organization, Person and FAQPage on the home page, and a Service but no second FAQPage on a service page", async () => {
    const types = async (target: string) => jsonLdOf((await page(target)).document).map((node) => node["@type"]);
    expect(await types("/")).toEqual(expect.arrayContaining(["Organization", "Person", "FAQPage"]));
    const service = await types("/services/running-coaching");
    expect(service).toContain("Service");
    // Each question is marked up once site-wide: on the home page.
    expect(service).not.toContain("FAQPage");
  });

  it("a service page holds 11 FAQ entries, its own questions first", async () => {
    const own = servicePages["triathlon-coaching"].faq.map((entry) => entry.question);
    const { document } = await page("/services/triathlon-coaching");
    const faq = only(document, "#faq");
    const summaries = [...faq.querySelectorAll("summary")].map(textOf);
    const questions = summaries.filter((text) => !/Show (more|less)/.test(text));
    expect(questions).toHaveLength(11);
    expect(questions[0]).toBe(own[0]);
    expect(questions.slice(0, own.length)).toEqual(own.slice(0, 11));
    // The questions after the first few wait behind "Show more" (opened by the browser alone).
    expect(summaries.filter((text) => text.includes("Show more"))).toHaveLength(1);
  });

  it("the home hero's poster is the eager, high-priority image (the LCP)", async () => {
    const { document } = await page("/");
    const h1 = only(document, "h1");
    const hero = [...document.querySelectorAll("section[aria-labelledby]")].find(
      (section) => section.getAttribute("aria-labelledby") === h1.id,
    );
    expect(hero, "a region named by the page's heading").toBeDefined();
    const poster = hero!.querySelector("img")!;
    expect(poster.getAttribute("fetchpriority")).toBe("high");
    expect(poster.getAttribute("loading")).toBe("eager");
  });
});

describe("blog", () => {
  const cardsOf = (document: Document) => [...only(document, "main").querySelectorAll("article")];
  const filtersOf = (document: Document) =>
    only(document, 'nav[aria-label="Filter articles by category"]').querySelectorAll("a[href]");

  it("the overview lists every post newest first, and its category links filter on the server", async () => {
    const overview = (await page("/blog")).document;
    const cards = cardsOf(overview);
    expect(cards).toHaveLength(posts.length);
    expect(textOf(cards[0]!.querySelector("h1, h2, h3, h4"))).toBe(posts[0]?.title);
    expect(textOf(cards[0])).toContain("Read More");
    expect(textOf(cards[0])).toMatch(/\d+ min read/);

    const filters = [...filtersOf(overview)];
    expect(filters.map(textOf)).toEqual(["All", ...sortCategories(posts.map((p) => p.category))]);
    // "Running" is a plain link: following it is a request for the filtered page.
    const runningLink = filters.find((link) => textOf(link) === "Running")!;
    expect(runningLink.getAttribute("href")).toBe("/blog?category=Running");
    const filtered = await page(runningLink.getAttribute("href")!);
    expect(filtered.status).toBe(200);
    const current = [...filtersOf(filtered.document)].find((link) => textOf(link) === "Running")!;
    expect(current.getAttribute("aria-current")).toBe("page");
    const running = posts.filter((p) => p.category === "Running");
    expect(cardsOf(filtered.document)).toHaveLength(running.length);
    for (const post of running) expectShown(linksNamed(filtered.document, post.title), `the link to "${post.title}"`);

    const all = [...filtersOf(filtered.document)].find((link) => textOf(link) === "All")!;
    expect(all.getAttribute("href")).toBe("/blog");
    expect(cardsOf((await page(all.getAttribute("href")!)).document)).toHaveLength(posts.length);
  });

  it("a shared filter link (?category=Triathlon) is answered by the server alone", async () => {
    const { document } = await page("/blog?category=Triathlon");
    const triathlon = posts.filter((p) => p.category === "Triathlon");
    expect(cardsOf(document)).toHaveLength(triathlon.length);
    const link = linksNamed(document, "Triathlon");
    expect(link.map((l) => l.getAttribute("aria-current"))).toEqual(["page"]);
  });

  it("a post shows its breadcrumb, meta line and the category's lead form before the Conclusion", async () => {
    expect(plainPost, "a post with a Conclusion heading and no lead-form texts of its own").toBeDefined();
    const post = plainPost!;
    const form = leadFormFor(post.category);
    const { document } = await page(`/blog/${post.slug}`);
    const crumbs = only(document, 'nav[aria-label="Breadcrumb"]');
    expect([...crumbs.querySelectorAll("a[href]")].map(textOf)).toEqual(["Home", "Blog"]);
    expect(textOf(crumbs)).toContain(breadcrumbTitle(post.title));
    expect(textOf(only(document, "h1"))).toBe(post.title);
    expect(linksNamed(document, "← Back to Overview").map((l) => l.getAttribute("href"))).toEqual(["/blog"]);
    expectShown(elementsWithText(document, dutchLongDate(post.date)), "the post's date");
    expect(only(document, "article time").getAttribute("datetime")).toBe(post.date);
    expectShown(elementsWithText(only(document, "article header"), post.author), "the author");

    // No texts of its own: the site's default form, named after the post's category.
    expect(form.title).toContain(post.category === "Other" ? "Training Plan" : `${post.category} Training Plan`);
    const formHeading = headingsNamed(document, form.title);
    expectShown(formHeading, "the lead form's heading");
    expectShown(buttonsNamed(document, form.ctaText), "the lead form's button");
    const conclusion = headingsNamed(document, post.headings.find(isConclusionHeading)!);
    expect(conclusion).toHaveLength(1);
    // DOCUMENT_POSITION_FOLLOWING: the Conclusion comes after the form.
    expect(formHeading[0]!.compareDocumentPosition(conclusion[0]!) & 4, "lead form before the Conclusion").toBe(4);
  });

  it("a post with texts of its own uses its lead form texts and search data", async () => {
    expect(ownPost, "a post with lead-form texts and a search title of its own").toBeDefined();
    const post = ownPost!;
    const { document } = await page(`/blog/${post.slug}`);
    expect(textOf(only(document, "title"))).toMatch(new RegExp(`^${escapeRegExp(post.metaTitle!)}`));
    const meta = (selector: string) => only(document, selector).getAttribute("content");
    expect(meta('meta[name="description"]')).toBe(post.metaDescription ?? post.excerpt);
    expect(only(document, 'link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`/blog/${post.slug}$`));
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(meta('meta[name="keywords"]')).toBe(post.keywords.join(", "));
    const jsonLd = jsonLdOf(document);
    expect(jsonLd.map((node) => node["@type"])).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    const article = jsonLd.find((node) => node["@type"] === "BlogPosting");
    expect(article).toMatchObject({ headline: post.title });
    // The post's day, as a moment in Amsterdam (where the coach publishes) with its offset.
    expect(article?.datePublished).toMatch(new RegExp(`^${post.date}T00:00:00\\+0[12]:00$`));
    expectShown(headingsNamed(document, post.leadFormContent!.title!), "the post's own form heading");
    expectShown(buttonsNamed(document, post.leadFormContent!.ctaText!), "the post's own form button");
  });

  it("an unknown post redirects to the overview", async () => {
    const missing = await page("/blog/no-such-post");
    expect(missing.status).toBe(302);
    const location = new URL(missing.headers.get("location") ?? "", server.url);
    expect(location.pathname).toBe("/blog");
    const overview = await page(location.pathname + location.search);
    expect(overview.status).toBe(200);
    expect(textOf(only(overview.document, "h1"))).not.toBe("");
  });

  it("the /sitemap page groups the posts by category and lists the coaching services", async () => {
    const { document } = await page("/sitemap");
    const region = (name: string) =>
      [...document.querySelectorAll("section[aria-labelledby]")].find((s) => accessibleName(s) === name);
    const blog = region("Blog articles")!;
    const groups = [...blog.querySelectorAll("h3")].map(textOf);
    expect(groups.slice(0, SITEMAP_CATEGORY_ORDER.length)).toEqual([...SITEMAP_CATEGORY_ORDER]);
    for (const post of posts)
      expect(
        linksNamed(blog, post.title).map((link) => link.getAttribute("href")),
        post.title,
      ).toEqual([`/blog/${post.slug}`]);
    expect(region("Coaching services")!.querySelectorAll("a[href]")).toHaveLength(serviceCards.length);
  });
});

describe("speculation rules, legal pages, footer, header, errors and the back office's door", () => {
  it("asks the browser to prerender a public page on intent, never the back office", async () => {
    const { document } = await page("/pricing");
    const rules = JSON.parse(only(document, 'script[type="speculationrules"]').textContent ?? "{}") as {
      prerender: { eagerness: string; where: { and: [unknown, { not: { href_matches: string[] } }] } }[];
    };
    expect(rules.prerender[0]?.eagerness).toBe("moderate");
    expect(rules.prerender[0]?.where.and[1].not.href_matches).toEqual(expect.arrayContaining(["/admin/*", "/api/*"]));
    const admin = await page("/admin/login");
    expect(admin.status).toBe(200);
    expect(admin.document.querySelectorAll('script[type="speculationrules"]')).toHaveLength(0);
  });

  it("the privacy notice, the terms and the footer show the one registration and VAT number", async () => {
    for (const target of ["/privacy-policy", "/terms"]) {
      const { document } = await page(target);
      for (const part of [only(document, "main"), only(document, "footer")]) {
        expectShown(elementsContaining(part, site.registrationNumber), `${target}: KvK number in <${part.tagName}>`);
        expectShown(elementsContaining(part, site.vatNumber), `${target}: VAT number in <${part.tagName}>`);
      }
      // No other KvK number anywhere on the page: a business has one.
      const numbers = new Set(bodyText(document).match(/KvK\s*\d{8}/g));
      expect([...numbers], target).toEqual([site.registrationNumber]);
    }
  });

  it("notion-embed explains that no address is configured", async () => {
    const { document } = await page("/notion-embed");
    expectShown(headingsNamed(document, "No workspace page configured"), "the explanation's heading");
    expect(bodyText(document)).toContain("NOTION_EMBED_URL");
  });

  it("the footer links the contact address and social profiles, and leaves its newsletter slot off blog pages", async () => {
    const footer = only((await page("/services")).document, "footer");
    expect(linksNamed(footer, site.contactEmail).map((l) => l.getAttribute("href"))).toEqual([
      `mailto:${site.contactEmail}`,
    ]);
    for (const social of site.social)
      expect(
        // Named by the profile, then "(opens in a new tab)" for screen readers.
        linksNamed(footer, new RegExp(`^${escapeRegExp(social.label)}(\\s|$)`)).map((l) => l.getAttribute("href")),
        social.label,
      ).toEqual([social.href]);
    expectShown([...footer.querySelectorAll('[data-testid="footer-newsletter"]')], "the footer's newsletter form");
    const blogFooter = only((await page("/blog")).document, "footer");
    expect(blogFooter.querySelectorAll('[data-testid="footer-newsletter"]')).toHaveLength(0);
  });

  it("the header's links lead where the navigation promises, in the desktop bar and the phone menu", async () => {
    const { document } = await page("/services");
    const desktop = only(document, 'nav[aria-label="Main"]');
    const menu = only(document, 'dialog[aria-label="Site menu"]');
    const hrefs = (scope: Element, name: string) => linksNamed(scope, name).map((l) => l.getAttribute("href"));
    for (const scope of [desktop, menu]) {
      expect(hrefs(scope, "How to Start")).toEqual([homeAnchorHref(homeAnchors.howToStart)]);
      expect(hrefs(scope, "Trainer")).toEqual([homeAnchorHref(homeAnchors.trainer)]);
      expect(hrefs(scope, "FAQ")).toEqual([homeAnchorHref(homeAnchors.faq)]);
      expect(hrefs(scope, "Pricing")).toEqual(["/pricing"]);
      expect(hrefs(scope, "Blog Overview")).toEqual(["/blog"]);
      for (const link of serviceLinks) expect(hrefs(scope, link.label), link.label).toEqual([link.to]);
      // The Blog menu's few newest per category end with the category's own listing (the bound: a unit test).
      for (const category of new Set(posts.map((p) => p.category)))
        expect(hrefs(scope, `All articles in ${category}`), category).toEqual([blogCategoryPath(category)]);
    }
    // The dropdowns and sub-panels are opened by buttons (native popovers: no script needed).
    for (const [scope, names] of [
      [desktop, ["Services", "Blog"]],
      [menu, ["Services", "Blog articles"]],
    ] as const) {
      for (const name of names) {
        const [button] = buttonsNamed(scope, name);
        const panel = document.getElementById(button?.getAttribute("popovertarget") ?? "");
        expect(panel?.hasAttribute("popover"), `${name} opens a popover`).toBe(true);
      }
    }
    const [menuButton] = buttonsNamed(document, "Menu");
    expect(menuButton?.getAttribute("commandfor")).toBe(menu.id);
  });

  it("an unknown path answers a real 404 with the error screen, as a document", async () => {
    const { status, document } = await page("/no/such/page");
    expect(status).toBe(404);
    expectShown(headingsNamed(document, "Unexpected Application Error!"), "the error heading");
    expectShown(elementsWithText(document, "404 Not Found"), "the status line");
    expect(document.querySelectorAll("html[data-document]")).toHaveLength(1);
    expect(linksNamed(document, "Back to the home page").map((l) => l.getAttribute("href"))).toEqual(["/"]);
  });

  it("an anonymous visitor of a back-office export tool is sent to the sign-in page, which is not indexed", async () => {
    for (const tool of ["/faq-visual-export", "/testimonial-visual-export"]) {
      const sent = await page(tool);
      expect(sent.status, tool).toBe(302);
      const location = new URL(sent.headers.get("location") ?? "", server.url);
      expect(location.pathname + location.search).toMatch(
        new RegExp(`^/admin/login\\?redirectTo=${escapeRegExp(encodeURIComponent(tool))}`),
      );
      const login = await page(location.pathname + location.search);
      expect(login.status).toBe(200);
      expectShown(headingsNamed(login.document, "Back office sign-in", 1), "the sign-in heading");
      expect(only(login.document, 'meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
    }
  });
});

describe("checkout", () => {
  const post = (target: string, body: string, type = "application/json") =>
    fetch(new URL(target, server.url), { method: "POST", headers: { "Content-Type": type }, body, redirect: "manual" });
  const createSession = async (data: Record<string, string>) => {
    const created = await post("/api/create-checkout-session", JSON.stringify(data));
    expect(created.status).toBe(200);
    return new URL(((await created.json()) as { sessionUrl: string }).sessionUrl).pathname.split("/").pop() ?? "";
  };

  it("the checkout endpoint answers JSON and refuses what is not in the catalogue", async () => {
    const ok = await post(
      "/api/create-checkout-session",
      JSON.stringify({
        priceId: "essential:monthly6x",
        planName: "Essential",
        billingType: "monthly6x",
        frequency: "6",
      }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ sessionUrl: expect.stringMatching(/\/checkout\/test\/cs_test_local_/) });
    for (const data of [
      { priceId: "price_123", planName: "Essential", billingType: "monthly6x", frequency: "6" },
      { priceId: "custom:onetime", planName: "Custom Program", billingType: "onetime", frequency: "1" },
      { priceId: "essential:monthly6x", planName: "Essential", billingType: "monthly6x", frequency: "1" },
    ]) {
      const refused = await post("/api/create-checkout-session", JSON.stringify(data));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: "Invalid plan or price ID" });
    }
    const notJson = await post("/api/create-checkout-session", "{oops");
    expect(notJson.status).toBe(400);
    // No Stripe configured: its web hook is not there.
    const webhook = await post("/api/stripe-webhook", "{}");
    expect(webhook.status).toBe(404);
  });

  it("the success page without a session id says something went wrong and links back to pricing", async () => {
    const { document } = await page("/success");
    expectShown(headingsNamed(document, checkoutCopy.failure.title, 1), "the failure heading");
    expectShown(elementsWithText(document, checkoutCopy.failure.noSession), "the reason");
    expect(linksNamed(document, checkoutCopy.failure.pricingLink).map((l) => l.getAttribute("href"))).toEqual([
      "/pricing",
    ]);
  });

  it("a forged or unpaid session id never shows a thank-you", async () => {
    const unpaid = await createSession({
      priceId: "elite:onetime",
      planName: "Elite",
      billingType: "onetime",
      frequency: "1",
    });
    const forged = ["cs_test_local_forged000000000000", "cs_live_abc123def456", "<script>alert(1)</script>"];
    for (const id of forged) {
      const { document } = await page(`/success?session_id=${encodeURIComponent(id)}`);
      expectShown(headingsNamed(document, checkoutCopy.failure.title, 1), `failure heading for ${id}`);
      expect(bodyText(document), id).toContain(checkoutCopy.failure.unknownSession);
      expect(headingsNamed(document, checkoutCopy.success.title), id).toHaveLength(0);
    }
    const { document } = await page(`/success?session_id=${unpaid}`);
    expectShown(headingsNamed(document, checkoutCopy.failure.title, 1), "failure heading for an unpaid session");
    expect(headingsNamed(document, checkoutCopy.success.title)).toHaveLength(0);
  });

  it("the Custom Program card links to the booking page and has no checkout button", async () => {
    const custom = pricing.plans.find((plan) => plan.monthlyPriceCents === null)!;
    const { document } = await page("/pricing");
    const card = [...document.querySelectorAll("article")].find((article) => accessibleName(article) === custom.name);
    expect(card, `the ${custom.name} card`).toBeDefined();
    expectShown(elementsWithText(card!, checkoutCopy.pricing.contact), "Contact");
    const link = linksNamed(card!, new RegExp(`^${escapeRegExp(checkoutCopy.pricing.contact)}`));
    expect(link.map((l) => l.getAttribute("href"))).toEqual([site.bookingUrl]);
    // Opens beside the page, never through the checkout.
    expect(link[0]?.getAttribute("target")).toBe("_blank");
    expect(card!.querySelectorAll("button, [role=button]")).toHaveLength(0);
  });

  it("the cancel page links back to pricing and to WhatsApp, and lists the reasons to stop", async () => {
    const { document } = await page("/cancel");
    const main = only(document, "main");
    expect(headingsNamed(main, checkoutCopy.cancel.title, 1)).toHaveLength(1);
    expect(linksNamed(main, checkoutCopy.cancel.pricingLink).map((l) => l.getAttribute("href"))).toEqual(["/pricing"]);
    expect(
      linksNamed(main, new RegExp(escapeRegExp(checkoutCopy.cancel.messagingLink))).map((l) => l.getAttribute("href")),
    ).toEqual([site.messagingUrl]);
    const reasons = [...main.querySelectorAll("ul")].find((list) =>
      textOf(list).includes(checkoutCopy.cancel.reasons[0]!),
    );
    expect(reasons?.querySelectorAll("li")).toHaveLength(checkoutCopy.cancel.reasons.length);
  });
});

describe("an event in the past", () => {
  /** A moment a month ago, at the same wall-clock minute: the event has taken place. */
  const wholeMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
  const pastStart = wholeMinute(Date.now() - 30 * 86_400_000);
  const pastTiming = { startsAt: pastStart, timeZone: event.timeZone };
  // The build served in this process: EVENT_STARTS_AT reaches the pages through its services.
  let past: BuiltSite;

  beforeAll(async () => {
    past = await startBuiltSite("pages-html-past", { EVENT_STARTS_AT: pastStart });
  });
  afterAll(async () => {
    await past?.close();
  });

  it("the page says it has passed, offers the newsletter instead of the form and stays indexable", async () => {
    const { status, document } = await getPage(past.site, "/nicaragua");
    expect(status).toBe(200);
    expectShown(headingsNamed(document, event.title, 1), "the event's title");
    expect(bodyText(document)).toContain("This event has passed");
    for (const text of [eventDateLabel(pastTiming), eventTimeLabel(pastTiming), `${event.venue}, ${event.locality}`])
      expectShown(elementsWithText(document, text), text);
    expect(buttonsNamed(document, event.buttonLabel)).toHaveLength(0);
    expectShown(headingsNamed(document, event.closedTitle), "the closed state's heading");
    expectShown(buttonsNamed(document, "Keep me posted"), "the newsletter button");
    // Still there for search engines: indexable, in the sitemap, structured data saying it is over.
    expect(document.querySelectorAll('meta[name="robots"][content*="noindex"]')).toHaveLength(0);
    const jsonLd = jsonLdOf(document).find((node) => node["@type"] === "Event");
    expect(jsonLd).toMatchObject({
      name: event.title,
      eventStatus: "https://schema.org/EventScheduled",
      offers: {
        price: event.price.amount,
        priceCurrency: event.price.currency,
        availability: "https://schema.org/OutOfStock",
      },
    });
    // The same moment, written with the venue's offset.
    const offers = jsonLd?.offers as Record<string, unknown> | undefined;
    expect(Date.parse(String(jsonLd?.startDate))).toBe(Date.parse(pastStart));
    expect(Date.parse(String(offers?.validThrough))).toBe(Date.parse(pastStart));
    // It ended after it started, and before now.
    const end = Date.parse(String(jsonLd?.endDate));
    expect(end).toBeGreaterThan(Date.parse(pastStart));
    expect(end).toBeLessThan(Date.now());
    const sitemap = await fetch(`${past.site}/sitemap.xml`);
    expect(await sitemap.text()).toContain("/nicaragua</loc>");
  });

  it("the endpoint refuses a late signup with a clear message", async () => {
    const response = await fetch(`${past.site}/api/event-signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Late Larry", phone: "+505 8888 9999", elapsedMs: 9000 }),
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ status: "closed", message: closedMessage(eventDateLabel(pastTiming)) });
  });

  it("a plain form sent after the start is refused on the page that answers it", async () => {
    // A page left open from before the start, sent now: the same post the old form made.
    const answer = await fetch(`${past.site}/nicaragua`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: past.site },
      body: new URLSearchParams({ name: "Marco", phone: "+505 8888 4321" }).toString(),
      redirect: "manual",
    });
    expect(answer.status).toBe(410);
    const alerts = [...reader.parse(await answer.text()).querySelectorAll('[role="alert"]')].map(textOf);
    expect(alerts.join(" ")).toContain(closedMessage(eventDateLabel(pastTiming)));
  });
});
