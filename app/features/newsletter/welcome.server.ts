import "~/infra/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import { welcomeEmail } from "#content/newsletter";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer, MailMessage } from "~/infra/mail.server";
import { RetryLater, type Outbox } from "~/features/leads/outbox.server";
import { newsletterMail, unsubscribeLink } from "./mail-layout.server";

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

/** Plain-text and HTML parts with the RFC 8058 one-click unsubscribe headers. */
export function welcomeMessage(deps: Pick<WelcomeDeps, "siteUrl" | "secret">, email: string): MailMessage {
  const copy = welcomeEmail;
  return newsletterMail({
    to: email,
    subject: copy.subject,
    paragraphs: [copy.greeting, ...copy.paragraphs],
    button: { label: copy.offer.label, url: `${deps.siteUrl}${copy.offer.path}` },
    signOff: copy.signOff,
    unsubscribe: { label: copy.unsubscribe, url: unsubscribeLink(deps.siteUrl, deps.secret, email) },
  });
}
