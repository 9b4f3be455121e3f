import "~/infra/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import { welcomeDownload, welcomeEmail } from "#content/newsletter";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer, MailMessage } from "~/infra/mail.server";
import { RetryLater, type Outbox } from "~/features/leads/outbox.server";
import { publishedContactEmail, type SiteContentReader } from "~/features/site/site-content.server";
import { newsletterMail, unsubscribeLink } from "./mail-layout.server";
import { downloadPath, grantDownload, type LeadMagnet } from "./downloads.server";

/**
 * The welcome e-mail goes through the durable outbox: the confirmation appends one entry
 * (only the request that moved the address from pending to confirmed does), and the entry
 * leaves the outbox only once the SMTP server accepted the message. An SMTP outage keeps it
 * waiting (RetryLater counts no attempt); a crash between the SMTP answer and the outbox
 * rewrite is the only way it could go twice.
 */
export const WELCOME_KIND = "newsletter-welcome";

const payloadSchema = z.object({ email: z.string().min(3) });

/** The live article a sign-up came from, for its lead magnet (the content store has this). */
export interface ArticleLookup {
  live(kind: "article", key: string): Promise<{ data: { leadMagnet?: LeadMagnet } } | undefined | null>;
}

export interface WelcomeDeps {
  db: Db;
  mailer: Mailer | null;
  logger: Logger;
  siteUrl: string;
  secret: string;
  /** Without it the welcome e-mail carries no download. */
  articles?: ArticleLookup;
  /** The content store, for the published contact address. */
  content?: SiteContentReader["content"];
}

/** The download a welcome e-mail hands out: the lead magnet of the article the person signed up on. */
async function downloadFor(
  deps: WelcomeDeps,
  subscriberId: string,
  source: string,
): Promise<WelcomeDownload | undefined> {
  const slug = /^\/blog\/([a-z0-9-]+)$/.exec(source)?.[1];
  if (!slug || !deps.articles) return undefined;
  const magnet = (await deps.articles.live("article", slug))?.data.leadMagnet;
  if (!magnet) return undefined;
  const grant = await grantDownload(deps.db, subscriberId, slug, magnet);
  if (grant.revoked) return undefined;
  return { label: magnet.label, url: `${deps.siteUrl}${downloadPath(grant.token)}`, isFile: Boolean(magnet.fileId) };
}

export interface WelcomeDownload {
  label: string;
  url: string;
  isFile: boolean;
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
      .select({
        id: newsletterSubscribers.id,
        status: newsletterSubscribers.status,
        source: newsletterSubscribers.source,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    // Unsubscribed (or erased) before the mail could go: it never goes.
    if (row?.status !== "confirmed") return;
    // The grant is made once per person and article, so a retried send carries the same link.
    const download = await downloadFor(deps, row.id, row.source);
    try {
      await deps.mailer.send(welcomeMessage(deps, email, download, await publishedContactEmail(deps)));
    } catch (error) {
      throw new RetryLater("SMTP did not take the welcome e-mail", { cause: error });
    }
  };
}

/** Plain-text and HTML parts with the RFC 8058 one-click unsubscribe headers. */
export function welcomeMessage(
  deps: Pick<WelcomeDeps, "siteUrl" | "secret">,
  email: string,
  download?: WelcomeDownload,
  contactEmail?: string,
): MailMessage {
  const copy = welcomeEmail;
  return newsletterMail({
    to: email,
    // The same subject with or without a download, so an inbox rule or a search finds every welcome.
    subject: copy.subject,
    ...(download
      ? {
          lead: {
            paragraph: welcomeDownload.intro(download.label),
            button: {
              label: download.isFile ? welcomeDownload.pdfButton : welcomeDownload.linkButton,
              url: download.url,
            },
          },
        }
      : {}),
    paragraphs: [copy.greeting, ...copy.paragraphs],
    button: { label: copy.offer.label, url: `${deps.siteUrl}${copy.offer.path}` },
    signOff: copy.signOff,
    unsubscribe: { label: copy.unsubscribe, url: unsubscribeLink(deps.siteUrl, deps.secret, email) },
    contactEmail,
  });
}
