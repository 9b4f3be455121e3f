import { describe, expect, it } from "vitest";
import { verifyToken } from "./tokens.server";
import { issueMail } from "./issue-mail.server";

const SITE = "https://coach.example";
const secret = "s".repeat(32);
const SOURCE = "utm_source=newsletter&utm_medium=email&utm_campaign=run-easy-in-march";
const sender = {
  name: "Mila Jansen Coaching",
  contactEmail: "hello@coach.example",
  registrationNumber: "KvK 87654321",
  city: "Utrecht",
  country: "the Netherlands",
};
const issue = {
  subject: "Run easy in March",
  preheader: "Three tips for the month",
  slug: "run-easy-in-march",
  body: "## Easy days\n\nMost runs [should feel easy](/blog/easy-runs).\n\n![A runner on a dyke](/media/uploads/0b5e3c1a-9d2f-4e8b-a6c7-1f2e3d4c5b6a-1200x800-960.webp)\n\n<script>alert(1)</script>",
};

describe("one recipient's copy of an issue", () => {
  const mail = issueMail(issue, "anna@example.com", { siteUrl: SITE, secret, sender });

  it("carries the reader's own one-click unsubscribe, answered by POST (RFC 8058)", () => {
    const link = /^<(https:\/\/coach\.example\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers!["List-Unsubscribe"]!,
    )?.[1];
    expect(link).toBeDefined();
    expect(verifyToken(secret, "unsubscribe", new URL(link!).searchParams.get("token"))).toBe("anna@example.com");
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain(link!.replace(/&/g, "&amp;"));
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
  });

  it("has a plain-text part with the same words, full addresses and the sender's details", () => {
    expect(mail.text).toContain("Three tips for the month");
    expect(mail.text).toContain("EASY DAYS");
    expect(mail.text).toContain(`should feel easy (https://coach.example/blog/easy-runs?${SOURCE})`);
    expect(mail.text).toContain("[A runner on a dyke]");
    expect(mail.text).toContain("Mila Jansen Coaching, Utrecht, the Netherlands. KvK 87654321. hello@coach.example");
    expect(mail.text).toContain(`Read it online: ${SITE}/newsletter/archive/run-easy-in-march?${SOURCE}`);
  });

  it("links to the site directly, naming the issue (photos as JPEG, which every mail app shows): no tracking pixel, no redirect, no script", () => {
    expect(mail.html).toContain(`href="https://coach.example/blog/easy-runs?${SOURCE.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain(
      `href="${SITE}/newsletter/archive/run-easy-in-march?${SOURCE.replaceAll("&", "&amp;")}"`,
    );
    expect(mail.html).toContain(
      'src="https://coach.example/media/uploads/0b5e3c1a-9d2f-4e8b-a6c7-1f2e3d4c5b6a-1200x800-960.jpg"',
    );
    expect(mail.html).not.toMatch(/<script|width="1" height="1"|\/track|\/open/);
    const images = mail.html!.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
  });

  it("gives every reader the same links to the site: nothing in them tells who clicked", () => {
    const other = issueMail(issue, "bert@example.com", { siteUrl: SITE, secret, sender });
    const siteLinks = (html: string) =>
      (html.match(/href="[^"]*"/g) ?? []).filter((href) => !href.includes("/newsletter/unsubscribe"));
    expect(siteLinks(other.html!)).toEqual(siteLinks(mail.html!));
    expect(siteLinks(mail.html!).length).toBeGreaterThanOrEqual(2);
  });
});
