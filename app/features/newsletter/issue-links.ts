import type { FirstTouch } from "#db/schema";

/**
 * What each issue brought, without a pixel (docs/decisions/078-what-an-issue-brought.md): every link
 * of an issue to a page of the site names the issue in its address, as campaign parameters the site
 * already reads (infra/first-touch.ts): the landing page carries them on in its own links (`via`),
 * and a questionnaire, signup or order sent during that visit is credited with them. The link still
 * goes straight to the page (nothing rewritten through a redirect), the reader's address is never
 * in it, and nothing is stored on her device.
 */
export const ISSUE_SOURCE = "newsletter";
export const ISSUE_MEDIUM = "email";

/** Pages that are no landing: the back office, files, endpoints, and the links that act on a subscription. */
const NOT_A_LANDING =
  /^\/(admin|media|download|api)(\/|$)|^\/newsletter\/(unsubscribe|confirm)(\/|$)|^\/follow-ups\/stop/;

const bareHost = (url: URL) => `${url.hostname.replace(/^www\./, "")}:${url.port}`;

/** `href` with the issue as its source when it is a page of the site at `siteUrl`, else `href` unchanged. */
export function withIssueSource(href: string, siteUrl: string, slug: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return href;
  if (bareHost(url) !== bareHost(new URL(siteUrl)) || NOT_A_LANDING.test(url.pathname)) return href;
  // The issue replaces whatever source the address named; utm_content stays, to tell two links apart.
  for (const name of ["utm_source", "utm_medium", "utm_campaign", "via"]) url.searchParams.delete(name);
  url.searchParams.append("utm_source", ISSUE_SOURCE);
  url.searchParams.append("utm_medium", ISSUE_MEDIUM);
  url.searchParams.append("utm_campaign", slug);
  return url.href;
}

const unescapeAttribute = (value: string) =>
  value.replace(
    /&(amp|quot|#39|lt|gt);/g,
    (_w, name: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[name] ?? "",
  );
const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** The e-mail HTML with each link's href to a page of the site carrying the issue (pictures untouched). */
export function issueLinksInHtml(html: string, siteUrl: string, slug: string): string {
  return html.replace(/(<a\b[^>]*?\shref=")([^"]*)"/g, (_whole, start: string, href: string) => {
    const raw = unescapeAttribute(href);
    const tagged = withIssueSource(raw, siteUrl, slug);
    return `${start}${tagged === raw ? href : escapeAttribute(tagged)}"`;
  });
}

/** The plain-text part with each address of a page of the site carrying the issue. */
export function issueLinksInText(text: string, siteUrl: string, slug: string): string {
  return text.replace(/https?:\/\/[^\s<>()"]+/g, (found) => {
    // A sentence's full stop or comma after an address is not part of it.
    const address = found.replace(/[.,;:!?']+$/, "");
    return withIssueSource(address, siteUrl, slug) + found.slice(address.length);
  });
}

/** The issue (its slug) a stored source credits, or null when it came from anywhere else. */
export function issueOfTouch(touch: Pick<FirstTouch, "utmSource" | "utmCampaign"> | null | undefined): string | null {
  if (touch?.utmSource?.toLowerCase() !== ISSUE_SOURCE || !touch.utmCampaign) return null;
  return touch.utmCampaign;
}
