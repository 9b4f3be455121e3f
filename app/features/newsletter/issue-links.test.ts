import { describe, expect, it } from "vitest";
import type { FirstTouch } from "#db/schema";
import { issueLinksInHtml, issueLinksInText, issueOfTouch, withIssueSource } from "./issue-links";

const SITE = "https://coach.example";
const SLUG = "run-easy-in-march";
const SOURCE = `utm_source=newsletter&utm_medium=email&utm_campaign=${SLUG}`;

describe("an issue's links to the site carry the issue as their source", () => {
  it("adds the issue to a page of the site, keeping its own query and fragment", () => {
    expect(withIssueSource(`${SITE}/blog/easy-runs`, SITE, SLUG)).toBe(`${SITE}/blog/easy-runs?${SOURCE}`);
    expect(withIssueSource(`${SITE}/pricing?plan=elite#faq`, SITE, SLUG)).toBe(
      `${SITE}/pricing?plan=elite&${SOURCE}#faq`,
    );
    expect(withIssueSource(`${SITE}`, SITE, SLUG)).toBe(`${SITE}/?${SOURCE}`);
  });

  it("takes the place of another source the link carried (a campaign's, or a visit's via), and keeps utm_content", () => {
    expect(
      withIssueSource(`${SITE}/start?utm_source=instagram&utm_campaign=spring&utm_content=button&via=abc`, SITE, SLUG),
    ).toBe(`${SITE}/start?utm_content=button&${SOURCE}`);
  });

  it("treats the www. host and either scheme as the site", () => {
    expect(withIssueSource("https://www.coach.example/blog", SITE, SLUG)).toBe(
      `https://www.coach.example/blog?${SOURCE}`,
    );
    expect(withIssueSource("http://coach.example/blog", SITE, SLUG)).toBe(`http://coach.example/blog?${SOURCE}`);
  });

  it("leaves other sites, mail and phone links, the back office, files and unreadable addresses untouched", () => {
    for (const href of [
      "https://strava.com/clubs/mila?x=1",
      "https://coach.example.evil.test/blog",
      "mailto:hello@coach.example",
      "tel:+31612345678",
      `${SITE}/admin/newsletter`,
      `${SITE}/media/uploads/a-1200x800-960.jpg`,
      `${SITE}/download/plan.pdf`,
      `${SITE}/api/newsletter`,
      `${SITE}/newsletter/unsubscribe?token=t`,
      "#top",
      "not a url",
    ])
      expect(withIssueSource(href, SITE, SLUG), href).toBe(href);
  });

  it("rewrites the href of the HTML's links to the site only, reading and writing HTML-escaped addresses", () => {
    const html =
      `<p><a style="color:#0f766e" href="${SITE}/pricing?plan=elite&amp;months=3#faq">Plans</a> ` +
      `<a href="https://strava.com/x?a=1&amp;b=2">Strava</a> <img src="${SITE}/media/uploads/a.jpg"></p>`;
    expect(issueLinksInHtml(html, SITE, SLUG)).toBe(
      `<p><a style="color:#0f766e" href="${SITE}/pricing?plan=elite&amp;months=3&amp;${SOURCE.replaceAll("&", "&amp;")}#faq">Plans</a> ` +
        `<a href="https://strava.com/x?a=1&amp;b=2">Strava</a> <img src="${SITE}/media/uploads/a.jpg"></p>`,
    );
  });

  it("rewrites the site's addresses in plain text, leaving a sentence's closing punctuation outside", () => {
    const text = `Read more (${SITE}/blog/easy-runs). Or ${SITE}/pricing?plan=elite, or https://strava.com/x.`;
    expect(issueLinksInText(text, SITE, SLUG)).toBe(
      `Read more (${SITE}/blog/easy-runs?${SOURCE}). Or ${SITE}/pricing?plan=elite&${SOURCE}, or https://strava.com/x.`,
    );
  });

  it("reads the issue back from a stored source, and nothing from any other", () => {
    const stored = (touch: Partial<FirstTouch>): FirstTouch => ({
      landingPath: "/",
      firstSeen: "2026-11-28",
      ...touch,
    });
    expect(issueOfTouch(stored({ utmSource: "newsletter", utmMedium: "email", utmCampaign: SLUG }))).toBe(SLUG);
    expect(issueOfTouch(stored({ utmSource: "instagram", utmCampaign: SLUG }))).toBeNull();
    expect(issueOfTouch(stored({ utmSource: "newsletter" }))).toBeNull();
    expect(issueOfTouch(null)).toBeNull();
  });
});
