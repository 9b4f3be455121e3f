import "~/infra/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import { welcomeEmail } from "#content/newsletter";
import { site } from "#content/site";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer, MailMessage } from "~/infra/mail.server";
import { RetryLater, type Outbox } from "~/features/leads/outbox.server";
import { signToken } from "./tokens.server";

/**
 * The welcome e-mail goes through the durable outbox: the confirmation appends one entry
 * (only the request that moved the address from pending to confirmed does), and the entry
 * leaves the outbox only once the SMTP server accepted the message. An SMTP outage keeps it
 * waiting (RetryLater counts no attempt); a crash between the SMTP answer and the outbox
 * rewrite is the only way it could go twice.
 */
export const WELCOME_KIND = "newsletter-welcome";

const payloadSchema = z.object({ email: z.string().min(3) });

export interface WelcomeDeps {
  db: Db;
  mailer: Mailer | null;
  logger: Logger;
  siteUrl: string;
  secret: string;
}

/** Queues the welcome e-mail and starts sending it now; failures wait in the outbox. */
export async function queueWelcome(outbox: Outbox, email: string, logger: Logger): Promise<void> {
  await outbox.append(WELCOME_KIND, { email });
  void outbox.replay().catch((error: unknown) => logger.error({ err: error }, "welcome e-mail replay failed"));
}

export function welcomeHandler(deps: WelcomeDeps): (payload: unknown) => Promise<void> {
  return async (payload) => {
    const { email } = payloadSchema.parse(payload);
    // Without SMTP the site sends no e-mail at all; nothing to wait for.
    if (!deps.mailer) return;
    const [row] = await deps.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    // Unsubscribed (or erased) before the mail could go: it never goes.
    if (row?.status !== "confirmed") return;
    try {
      await deps.mailer.send(welcomeMessage(deps, email));
    } catch (error) {
      throw new RetryLater("SMTP did not take the welcome e-mail", { cause: error });
    }
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** Plain-text and HTML parts with the RFC 8058 one-click unsubscribe headers. */
export function welcomeMessage(deps: Pick<WelcomeDeps, "siteUrl" | "secret">, email: string): MailMessage {
  const copy = welcomeEmail;
  const leave = `${deps.siteUrl}/newsletter/unsubscribe?token=${signToken(deps.secret, "unsubscribe", email)}`;
  const offer = `${deps.siteUrl}${copy.offer.path}`;
  const text = [
    copy.greeting,
    "",
    ...copy.paragraphs.flatMap((p) => [p, ""]),
    `${copy.offer.label}: ${offer}`,
    "",
    copy.signOff,
    site.name,
    "",
    `${copy.unsubscribe}: ${leave}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f5e9d7;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:18px;font-weight:bold;color:#0b1f3a;margin:0 0 16px">${escapeHtml(site.name)}</p>
<p style="line-height:1.6">${escapeHtml(copy.greeting)}</p>
${copy.paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:28px 0"><a href="${escapeHtml(offer)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(copy.offer.label)}</a></p>
<p style="line-height:1.6">${escapeHtml(copy.signOff)}<br>${escapeHtml(site.name)}</p>
<p style="font-size:12px;color:#3b4660;margin-top:32px"><a href="${escapeHtml(leave)}" style="color:#0f766e">${escapeHtml(copy.unsubscribe)}</a></p>
</div></body></html>`;
  return {
    to: email,
    subject: copy.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${leave}>, <mailto:${site.contactEmail}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
