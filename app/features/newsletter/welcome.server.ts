import "~/infra/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import { cancelPlanned } from "~/features/messages/plan.server";
import { cancelWelcomeSeries, planWelcomeSeries } from "~/features/follow-ups/series.server";
import { welcomeDownload, welcomeEmail } from "#content/newsletter";
import type { Db } from "~/infra/db.server";
import type { MailMessage } from "~/infra/mail.server";
import type { Messages, NewMessage } from "~/features/messages/messages.server";
import { publishedContactEmail, type SiteContentReader } from "~/features/site/site-content.server";
import { newsletterMail, unsubscribeLink } from "./mail-layout.server";
import { downloadPath, grantDownload, type LeadMagnet } from "./downloads.server";
import { isSuppressedAddress } from "./person.server";

/**
 * The welcome e-mail is a message of the engine (docs/decisions/063): queued in the transaction
 * that moves the address from pending to confirmed, once per subscriber (`welcome:<id>`), and
 * rendered then, its download grant included, so the row holds what goes out.
 */
export const WELCOME_KIND = "newsletter-welcome";

/** The live article a sign-up came from, for its lead magnet (the content store has this). */
export interface ArticleLookup {
  live(kind: "article", key: string): Promise<{ data: { leadMagnet?: LeadMagnet } } | undefined | null>;
}

export interface WelcomeDeps {
  messages: Pick<Messages, "send" | "email" | "kick">;
  siteUrl: string;
  secret: string;
  /** Without it the welcome e-mail carries no download. */
  articles?: ArticleLookup;
  /** The content store, for the published contact address. */
  content?: SiteContentReader["content"];
}

export interface WelcomeDownload {
  label: string;
  url: string;
  isFile: boolean;
}

/** Queues the welcome e-mail of one subscriber in `db` (the confirmation's transaction), and plans the series after it. */
export type QueueWelcome = (db: Db, subscriberId: string, confirmedAt: Date) => Promise<void>;

/**
 * Reads what the welcome e-mail of this address needs from the content store (the lead magnet of
 * the article it signed up on, the published contact address) before the transaction that queues
 * it: on PGlite a query outside the transaction would wait for it to end. Undefined without a
 * mail server: the site then sends no e-mail at all.
 */
export async function prepareWelcome(deps: WelcomeDeps, db: Db, email: string): Promise<QueueWelcome | undefined> {
  if (!deps.messages.email) return undefined;
  const [row] = await db
    .select({ source: newsletterSubscribers.source })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  const slug = /^\/blog\/([a-z0-9-]+)$/.exec(row?.source ?? "")?.[1];
  const magnet = slug && deps.articles ? (await deps.articles.live("article", slug))?.data.leadMagnet : undefined;
  const contactEmail = await publishedContactEmail(deps);
  return async (tx, subscriberId, confirmedAt) => {
    // The grant is made once per person and article: the link is the same whenever the mail goes.
    const grant = slug && magnet ? await grantDownload(tx, subscriberId, slug, magnet) : undefined;
    const download =
      magnet && grant && !grant.revoked
        ? { label: magnet.label, url: `${deps.siteUrl}${downloadPath(grant.token)}`, isFile: Boolean(magnet.fileId) }
        : undefined;
    const message: NewMessage = {
      key: `welcome:${subscriberId}`,
      kind: WELCOME_KIND,
      about: subscriberId,
      channel: "email",
      payload: welcomeMessage(deps, email, download, contactEmail),
    };
    await deps.messages.send(message, tx);
    const [subscriber] = await tx
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId));
    await planWelcomeSeries(
      { db: tx, messages: deps.messages, siteUrl: deps.siteUrl, isSuppressed: isSuppressedAddress },
      {
        id: subscriberId,
        email,
        confirmedAt,
        newsletterConsent: subscriber?.status === "confirmed",
        unsubscribeUrl: unsubscribeLink(deps.siteUrl, deps.secret, email),
      },
    );
  };
}

/**
 * The welcome e-mail of an address that unsubscribed (or was suppressed) before it could go (the
 * relay was away), and the rest of its welcome series: they never go.
 */
export async function cancelWaitingWelcome(
  db: Db,
  email: string,
  now: Date,
  why = "Unsubscribed before it went out.",
): Promise<void> {
  await cancelPlanned(db, { recipient: email, kindPrefix: WELCOME_KIND }, now, why);
  await cancelWelcomeSeries(db, email, now, why);
}

const legacyPayloadSchema = z.object({ email: z.string().min(3) });

/**
 * Entries the file outbox held for the welcome e-mail before it moved to the engine: each is
 * queued on the engine once (same key as a new one), if the address is still confirmed. Only for
 * an outbox written by an older version; it holds none once they have been replayed.
 */
export function legacyWelcomeHandler(deps: WelcomeDeps & { db: Db }): (payload: unknown) => Promise<void> {
  return async (payload) => {
    const { email } = legacyPayloadSchema.parse(payload);
    const queue = await prepareWelcome(deps, deps.db, email);
    if (!queue) return;
    const [row] = await deps.db
      .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    // Unsubscribed (or erased) before the mail could go: it never goes.
    if (row?.status !== "confirmed") return;
    await deps.db.transaction((tx) => queue(tx as unknown as Db, row.id, new Date()));
    deps.messages.kick();
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
