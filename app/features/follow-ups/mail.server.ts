import { site } from "#content/site";
import { escapeHtml } from "~/infra/escape-html";
import type { MailMessage } from "~/infra/mail.server";
import { Marked } from "marked";

/**
 * Her Markdown as mail HTML with the newsletter's inline styles. Raw HTML in it is shown as text,
 * not run: the words come from her editor and the visitor's name, never markup.
 */
const marked = new Marked({ gfm: true, renderer: { html: ({ text }) => escapeHtml(text) } });

function bodyHtml(markdown: string): string {
  return marked
    .parse(markdown, { async: false })
    .replace(/<a /g, '<a style="color:#0f766e" ')
    .replace(/<p>/g, '<p style="line-height:1.6;margin:0 0 16px">');
}

/** The plain-text part: links written out, emphasis and escapes dropped. */
function bodyText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, "$1 ($2)")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/\\([\\`*_{}[\]()<>#+!|~])/g, "$1")
    .trim();
}

/**
 * A follow-up e-mail in the newsletter's layout (its colours, card and inline styles), plain text
 * with the same words, and the stop link both
 * under the text and as the RFC 8058 one-click header.
 */
export function followUpMail(mail: {
  to: string;
  subject: string;
  markdown: string;
  siteUrl: string;
  stopUrl: string;
  attachments?: MailMessage["attachments"];
  /** Why it came and what the stop link stops, when it is not a follow-up's (the welcome series: the newsletter's). */
  footer?: { why: string; stop: string };
}): MailMessage {
  const why =
    mail.footer?.why ?? "You get this because you asked me for something on the website: a call, a place, a plan.";
  const stop = mail.footer?.stop ?? "Stop these reminders and follow-ups";
  const text = [bodyText(mail.markdown), "", "--", why, `${stop}: ${mail.stopUrl}`].join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head><body style="margin:0;padding:16px;background:#f5e9d7;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:18px;font-weight:bold;color:#0b1f3a;margin:0 0 20px">${escapeHtml(site.name)}</p>
${bodyHtml(mail.markdown)}
<p style="font-size:12px;line-height:1.5;color:#3b4660;margin-top:28px;border-top:1px solid #e5e7eb;padding-top:16px">${escapeHtml(why)}<br><a href="${escapeHtml(mail.stopUrl)}" style="color:#0f766e">${escapeHtml(stop)}</a></p>
</div></body></html>`;
  return {
    to: mail.to,
    subject: mail.subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${mail.stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}
