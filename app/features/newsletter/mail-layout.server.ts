import { site } from "#content/site";
import type { MailMessage } from "~/infra/mail.server";
import { escapeHtml } from "~/infra/escape-html";
import { signToken } from "./tokens.server";

/** The link in every newsletter e-mail that unsubscribes its reader (GET shows a button; RFC 8058 POSTs). */
export function unsubscribeLink(siteUrl: string, secret: string, email: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${signToken(secret, "unsubscribe", email)}`;
}

export interface NewsletterMail {
  to: string;
  subject: string;
  paragraphs: string[];
  button: { label: string; url: string; bareUrlInText?: boolean };
  /** Comes first when the person signed up for a download: a sentence and its own button. */
  lead?: { paragraph: string; button: { label: string; url: string } };
  /** Small print under the button. */
  note?: string;
  signOff: string;
  unsubscribe: { label: string; url: string };
  /** The published contact address (back office, site facts) for unsubscribing by e-mail. */
  contactEmail?: string;
}

const mailButton = (button: { label: string; url: string }) =>
  `<p style="margin:28px 0"><a href="${escapeHtml(button.url)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(button.label)}</a></p>`;

/**
 * One layout for every newsletter e-mail: plain-text and HTML parts with the same words, and the
 * RFC 8058 one-click unsubscribe headers.
 */
export function newsletterMail(mail: NewsletterMail): MailMessage {
  const { button, note, unsubscribe, lead } = mail;
  const text = [
    ...(lead ? [lead.paragraph, "", `${lead.button.label}: ${lead.button.url}`, ""] : []),
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    button.bareUrlInText ? button.url : `${button.label}: ${button.url}`,
    "",
    ...(note ? [note, ""] : []),
    mail.signOff,
    site.name,
    "",
    `${unsubscribe.label}: ${unsubscribe.url}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body style="margin:0;padding:24px;background:#f5e9d7;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:18px;font-weight:bold;color:#0b1f3a;margin:0 0 16px">${escapeHtml(site.name)}</p>
${lead ? `<p style="line-height:1.6">${escapeHtml(lead.paragraph)}</p>\n${mailButton(lead.button)}\n` : ""}${mail.paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
${mailButton(button)}
${note ? `<p style="line-height:1.6;font-size:14px;color:#3b4660">${escapeHtml(note)}</p>\n` : ""}<p style="line-height:1.6">${escapeHtml(mail.signOff)}<br>${escapeHtml(site.name)}</p>
<p style="font-size:12px;color:#3b4660;margin-top:32px"><a href="${escapeHtml(unsubscribe.url)}" style="color:#0f766e">${escapeHtml(unsubscribe.label)}</a></p>
</div></body></html>`;
  return {
    to: mail.to,
    subject: mail.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe.url}>, <mailto:${mail.contactEmail ?? site.contactEmail}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
