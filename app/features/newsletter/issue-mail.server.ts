import { Marked } from "marked";
import { sanitizePostHtml } from "~/features/blog/content.server";
import { escapeHtml } from "~/infra/escape-html";
import type { MailMessage } from "~/infra/mail.server";
import { unsubscribeLink } from "./mail-layout.server";
import { issueLinksInHtml, issueLinksInText, withIssueSource } from "./issue-links";

/** Who sends the newsletter, as the law asks every commercial e-mail to say (name, place, KvK, contact). */
export interface SenderFacts {
  name: string;
  contactEmail: string;
  registrationNumber: string;
  city: string;
  country: string;
}

export interface IssueContent {
  subject: string;
  preheader: string;
  /** Markdown, as articles are written. */
  body: string;
  slug: string;
}

const marked = new Marked({ gfm: true });

/** Site paths in links and pictures become full addresses: a mail app has no "current site". */
function absolute(html: string, siteUrl: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, (_whole, attr: string) => ` ${attr}="${siteUrl}/`);
}

/**
 * The last body rendered: every recipient of an issue gets the same words, rendered once, with the
 * site's links naming the issue as their source (issue-links.ts).
 */
let rendered: { key: string; html: string; text: string } | null = null;
function renderedBody(body: string, siteUrl: string, slug: string) {
  const key = `${siteUrl}\n${slug}\n${body}`;
  if (rendered?.key !== key)
    rendered = {
      key,
      html: issueLinksInHtml(issueBodyHtml(body, siteUrl), siteUrl, slug),
      text: issueLinksInText(issueBodyText(body, siteUrl), siteUrl, slug),
    };
  return rendered;
}

/** The issue's body as e-mail HTML: the articles' allow-list, full addresses, inline styles mail apps keep. */
export function issueBodyHtml(body: string, siteUrl: string): string {
  const html = absolute(sanitizePostHtml(marked.parse(body, { async: false })), siteUrl);
  return html
    .replace(/<img /g, '<img style="max-width:100%;height:auto;border-radius:8px" ')
    .replace(/<a /g, '<a style="color:#0f766e" ')
    .replace(/<p>/g, '<p style="line-height:1.6;margin:0 0 16px">')
    .replace(/<(h[2-6])( id="[^"]*")?>/g, '<$1 style="color:#0b1f3a;line-height:1.3;margin:24px 0 12px">');
}

/** The plain-text part: the Markdown with links written out and pictures as their description. */
export function issueBodyText(body: string, siteUrl: string): string {
  const full = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  return body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_w, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_w, label: string, url: string) => `${label} (${full(url)})`)
    .replace(/^#{1,6}\s+(.*)$/gm, (_w, heading: string) => heading.toUpperCase())
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Uploaded photos as their JPEG rendering (the upload route makes it on first ask): Outlook on
 * Windows and older mail apps show no WebP. The web archive keeps the lighter WebP.
 */
export function mailPictures(html: string): string {
  return html.replace(/(\ssrc="[^"]*\/media\/uploads\/[^"/]+-\d+x\d+-\d+)\.webp"/g, '$1.jpg"');
}

export function archiveUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/newsletter/archive/${encodeURIComponent(slug)}`;
}

/**
 * One recipient's copy: HTML and plain text with the same words, the preheader, a link to the web
 * version (the archive's, unless `webUrl` says otherwise), the sender's details, the recipient's
 * own unsubscribe link and the RFC 8058 one-click headers (answered by POST only). No tracking
 * pixel and no links through a redirect: a link to a page of the site names the issue in its own
 * address (issue-links.ts), the same for every reader.
 */
export function issueMail(
  issue: IssueContent,
  to: string,
  options: { siteUrl: string; secret: string; sender: SenderFacts; webUrl?: string },
): MailMessage {
  const { siteUrl, sender } = options;
  const unsubscribe = unsubscribeLink(siteUrl, options.secret, to);
  const content = renderedBody(issue.body, siteUrl, issue.slug);
  const web = withIssueSource(options.webUrl ?? archiveUrl(siteUrl, issue.slug), siteUrl, issue.slug);
  const legal = `${sender.name}, ${sender.city}, ${sender.country}. ${sender.registrationNumber}. ${sender.contactEmail}`;
  const why = "You get this because you subscribed to the newsletter on the website.";
  const text = [
    issue.preheader,
    "",
    content.text,
    "",
    `Read it online: ${web}`,
    "",
    "--",
    why,
    legal,
    `Unsubscribe: ${unsubscribe}`,
  ]
    .join("\n")
    .replace(/^\n+/, "");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(issue.subject)}</title></head><body style="margin:0;padding:16px;background:#f5e9d7;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(issue.preheader)}</div>
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:18px;font-weight:bold;color:#0b1f3a;margin:0 0 20px">${escapeHtml(sender.name)}</p>
${mailPictures(content.html)}
<p style="font-size:14px;margin-top:28px"><a href="${escapeHtml(web)}" style="color:#0f766e">Read it online</a></p>
<p style="font-size:12px;line-height:1.5;color:#3b4660;margin-top:28px;border-top:1px solid #e5e7eb;padding-top:16px">${escapeHtml(why)}<br>${escapeHtml(legal)}<br><a href="${escapeHtml(unsubscribe)}" style="color:#0f766e">Unsubscribe</a></p>
</div></body></html>`;
  return {
    to,
    subject: issue.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `${sender.name} newsletter <newsletter.${new URL(siteUrl).hostname}>`,
      Precedence: "bulk",
    },
  };
}
