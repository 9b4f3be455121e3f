import "~/infra/zod-config";
import { createHash } from "node:crypto";
import { and, eq, lt, or, sql, isNull } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import { confirmationEmail } from "#content/newsletter";
import type { Database, Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { MailMessage } from "~/infra/mail.server";
import type { Messages, NewMessage } from "~/features/messages/messages.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import type { Outbox } from "~/features/leads/outbox.server";
import { normaliseEmail, sourceSchema, type SubscribeInput } from "./schema";
import { signToken } from "./tokens.server";
import { newsletterMail, unsubscribeLink } from "./mail-layout.server";
import { firstTouchSchema, type FirstTouch } from "~/infra/first-touch";
import { publishedContactEmail, type SiteContentReader } from "~/features/site/site-content.server";
import {
  consentCaptureSchema,
  hasSignupConsentAt,
  latestSignupConsent,
  recordConsent,
  signedUpSince,
  type ConsentCapture,
} from "~/infra/consent.server";
import { cancelWaitingWelcome, type QueueWelcome } from "./welcome.server";
import { tagFromSource } from "./tags.server";

/** What subscribing needs from the server's services (the server's AppServices has it all). */
export interface NewsletterServices {
  database: Pick<Database, "db">;
  outbox: Outbox;
  /** The message engine: the confirmation e-mail goes out through it (e-mail is off without SMTP). */
  messages: Pick<Messages, "send" | "kick" | "email">;
  logger: Logger;
  env: Env;
  /** Signs the confirm and unsubscribe links. */
  secret: string;
  /** The content store, for the published contact address in the e-mails. */
  content?: SiteContentReader["content"];
}

/** One resent confirmation per address in this window, whoever asks. */
export const RESEND_WINDOW_SECONDS = 120;

export const OUTBOX_KIND = "newsletter";

/** Waits this long before sending a pending address another confirmation e-mail. */
const RESEND_AFTER_MS = 10 * 60 * 1000;

const outboxPayloadSchema = z.object({
  email: z.string().min(3),
  source: sourceSchema,
  serviceType: z.string().nullable(),
  status: z.enum(["pending", "confirmed"]),
  /** ISO time of the subscription, so an unsubscribe made later is never undone by a replay. */
  at: z.iso.datetime(),
  firstTouch: firstTouchSchema.nullable().optional(),
  /** Proof of consent taken with the sign-up; absent on entries queued before it existed. */
  consent: consentCaptureSchema.optional(),
  /** What the spreadsheet web hook gets for this sign-up, queued when the entry is stored. */
  webhook: z.record(z.string(), z.string()).optional(),
});
export type NewsletterOutboxPayload = z.infer<typeof outboxPayloadSchema>;

export interface SubscribeResult {
  /** Where the subscription went: the database, or the outbox while the database is down. */
  stored: "database" | "outbox";
}

/**
 * Stores a subscription and answers the same way for new and known addresses.
 * With SMTP the row waits for the double opt-in click; without, the form counts as consent.
 */
export async function subscribe(
  services: NewsletterServices,
  input: SubscribeInput,
  options: { now?: Date; firstTouch?: FirstTouch | null; consent?: ConsentCapture } = {},
): Promise<SubscribeResult> {
  const { logger } = services;
  const now = options.now ?? new Date();
  const email = normaliseEmail(input.email);
  const doubleOptIn = services.messages.email;
  const status = doubleOptIn ? "pending" : "confirmed";
  const serviceType = input.serviceType ?? null;

  const webhookFields: Record<string, string> = {
    email,
    BLOG_SOURCE: input.source,
    ...(input.variant === "in-article" ? { phone: "", availability: "" } : {}),
  };
  // Read before the transaction: the content store is another query the transaction would wait for.
  const contactEmail = doubleOptIn ? await publishedContactEmail(services) : undefined;
  let stored: SubscribeResult["stored"] = "database";
  let isNew = true;
  let sendConfirmation = doubleOptIn;
  try {
    // The address and its proof of consent are stored together or not at all.
    await services.database.db.transaction(async (tx) => {
      const db = tx as unknown as Db; // the transaction has every query method the code below uses
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({
          email,
          source: input.source,
          serviceType,
          status,
          confirmedAt: doubleOptIn ? null : now,
          firstTouch: options.firstTouch ?? null,
        })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      // A new address gets the tags its signup source gives (tags.server.ts).
      if (inserted[0]) await tagFromSource(db, inserted[0].id, input.source);
      if (inserted.length === 0) {
        isNew = false;
        sendConfirmation = doubleOptIn && (await refreshKnownAddress(db, email, input, status, now));
      }
      if (options.consent) await recordSignupConsent(db, inserted[0]?.id ?? null, email, options.consent);
      // In the same transaction: a stored sign-up always has its confirmation and web hook call queued.
      if (sendConfirmation) await services.messages.send(confirmation(services, email, now, contactEmail), db);
      const hook = webhookCall(services, email, webhookFields, now);
      if (isNew && hook) await services.messages.send(hook, db);
    });
    services.messages.kick();
  } catch (error) {
    // The database is unreachable: the outbox keeps the address until it is back.
    logger.warn({ err: error }, "newsletter subscription goes to the outbox");
    const payload: NewsletterOutboxPayload = {
      email,
      source: input.source,
      serviceType,
      status,
      at: now.toISOString(),
      firstTouch: options.firstTouch ?? null,
      ...(options.consent ? { consent: options.consent } : {}),
      webhook: webhookFields,
    };
    await services.outbox.append(OUTBOX_KIND, payload);
    stored = "outbox";
  }

  return { stored };
}

/**
 * Each sign-up is a new agreement, also for a known address. Idempotent per moment, so an outbox
 * entry replayed twice records one row.
 */
async function recordSignupConsent(db: Db, id: string | null, email: string, consent: ConsentCapture): Promise<void> {
  const subscriberId =
    id ??
    (
      await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0]?.id;
  if (!subscriberId) return;
  if (!(await hasSignupConsentAt(db, subscriberId, new Date(consent.at))))
    await recordConsent(db, { subscriberId }, "signup", consent);
}

/**
 * A known address; says whether a confirmation e-mail should go out. An unsubscribed address stays
 * unsubscribed (anyone can type someone else's address): only its owner's click on the e-mailed
 * link subscribes it again (confirmAddress). Without double opt-in the form itself is the consent.
 */
async function refreshKnownAddress(
  db: Db,
  email: string,
  input: SubscribeInput,
  status: "pending" | "confirmed",
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({
      id: newsletterSubscribers.id,
      status: newsletterSubscribers.status,
      updatedAt: newsletterSubscribers.updatedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (!row) return false;
  if (row.status === "unsubscribed" && status === "pending") {
    // The same flood guard as for pending addresses, counted from the latest sign-up since.
    const latest = await latestSignupConsent(db, row.id);
    if (!latest || (row.unsubscribedAt && latest.at <= row.unsubscribedAt)) return true;
    return now.getTime() - latest.at.getTime() > RESEND_AFTER_MS;
  }
  if (row.status === "unsubscribed") {
    await db
      .update(newsletterSubscribers)
      .set({
        status,
        source: input.source,
        serviceType: input.serviceType ?? null,
        unsubscribedAt: null,
        confirmedAt: now,
      })
      .where(eq(newsletterSubscribers.email, email));
    return false;
  }
  if (row.status === "pending" && now.getTime() - row.updatedAt.getTime() > RESEND_AFTER_MS) {
    // Touch the row so repeated sign-ups cannot be used to flood someone's inbox.
    await db.update(newsletterSubscribers).set({ updatedAt: now }).where(eq(newsletterSubscribers.email, email));
    return true;
  }
  return false;
}

/**
 * "Resend the confirmation e-mail": mails a fresh link only to an address that is waiting for
 * confirmation, at most once per window. The caller answers the same whatever happened here,
 * so the form reveals nothing about which addresses are on the list.
 */
export async function resendConfirmation(
  services: NewsletterServices & {
    rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  },
  rawEmail: string,
  now = new Date(),
): Promise<void> {
  if (!services.messages.email) return;
  const email = normaliseEmail(rawEmail);
  // Hashed: the rate-limit store is no place for addresses.
  const key = `newsletter-resend:${createHash("sha256").update(email).digest("base64url")}`;
  if (!(await services.rateLimit(key, 1, RESEND_WINDOW_SECONDS)).allowed) return;
  const [row] = await services.database.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (row?.status !== "pending") return;
  const contactEmail = await publishedContactEmail(services);
  // The rate limit above allows one per window; the key is per address and moment.
  await services.messages.send(confirmation(services, email, now, contactEmail));
}

/**
 * The spreadsheet web hook's call for a new sign-up (form-urlencoded, like the original site), or
 * null when none is set. While the database is down nobody knows whether the address is new: the
 * replay forwards it all the same, since a possible duplicate row beats a lost lead.
 */
function webhookCall(
  services: Pick<NewsletterServices, "env">,
  email: string,
  fields: Record<string, string>,
  at: Date,
): NewMessage | null {
  const url = services.env.NEWSLETTER_WEBHOOK_URL;
  if (!url) return null;
  return {
    key: `newsletter-webhook:${createHash("sha256").update(email).digest("base64url")}:${at.toISOString()}`,
    kind: "newsletter-webhook",
    channel: "webhook",
    payload: { url, fields },
  };
}

const confirmKey = (email: string, now: Date) =>
  `newsletter-confirm:${createHash("sha256").update(email).digest("base64url")}:${now.toISOString()}`;

/** The double opt-in e-mail of one sign-up, as a message: one per address and moment. */
function confirmation(
  services: Pick<NewsletterServices, "env" | "secret">,
  email: string,
  now: Date,
  contactEmail: string | undefined,
): NewMessage {
  return {
    key: confirmKey(email, now),
    kind: "newsletter-confirm",
    channel: "email",
    payload: confirmationMessage(services, email, now, contactEmail),
  };
}

/**
 * The double opt-in e-mails of many addresses (an import): laid out once, then each address's own
 * links put in, since the layout costs milliseconds per e-mail and the links microseconds. The same
 * message per address as confirmation() makes.
 */
export function confirmations(
  services: Pick<NewsletterServices, "env" | "secret">,
  emails: string[],
  now: Date,
  contactEmail: string | undefined,
): NewMessage[] {
  const stand = "layout@import.invalid";
  const payload = confirmationMessage(services, stand, now, contactEmail);
  const tokens = (email: string) => [
    signToken(services.secret, "confirm", email, now.getTime()),
    signToken(services.secret, "unsubscribe", email),
  ];
  const [confirmStand, leaveStand] = tokens(stand) as [string, string];
  return emails.map((email) => {
    const [confirmToken, leaveToken] = tokens(email) as [string, string];
    const fill = (text: string) => text.split(confirmStand).join(confirmToken).split(leaveStand).join(leaveToken);
    return {
      key: confirmKey(email, now),
      kind: "newsletter-confirm",
      channel: "email" as const,
      payload: {
        ...payload,
        to: email,
        text: fill(payload.text),
        ...(payload.html ? { html: fill(payload.html) } : {}),
        ...(payload.headers
          ? { headers: Object.fromEntries(Object.entries(payload.headers).map(([k, v]) => [k, fill(v)])) }
          : {}),
      },
    };
  });
}

/**
 * Idempotent write of an outbox entry once the database is back; a sign-up waiting for its
 * double opt-in gets its confirmation e-mail queued then (the key makes a second replay none).
 */
export async function storeFromOutbox(
  db: Db,
  payload: unknown,
  confirm?: Pick<NewsletterServices, "env" | "secret" | "messages" | "content">,
): Promise<void> {
  const entry = outboxPayloadSchema.parse(payload);
  const at = new Date(entry.at);
  const contactEmail = confirm && entry.status === "pending" ? await publishedContactEmail(confirm) : undefined;
  await db.transaction(async (tx) => {
    await upsertFromOutbox(tx as unknown as Db, entry, at);
    const hook = confirm && entry.webhook ? webhookCall(confirm, entry.email, entry.webhook, at) : null;
    if (confirm && hook) await confirm.messages.send(hook, tx as unknown as Db);
    if (entry.consent) await recordSignupConsent(tx as unknown as Db, null, entry.email, entry.consent);
    if (confirm && entry.status === "pending") {
      const [row] = await (tx as unknown as Db)
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, entry.email));
      if (row?.status === "pending")
        await confirm.messages.send(confirmation(confirm, entry.email, at, contactEmail), tx as unknown as Db);
    }
  });
  confirm?.messages.kick();
}

async function upsertFromOutbox(db: Db, entry: NewsletterOutboxPayload, at: Date): Promise<void> {
  const insert = db.insert(newsletterSubscribers).values({
    email: entry.email,
    source: entry.source,
    serviceType: entry.serviceType,
    status: entry.status,
    confirmedAt: entry.status === "confirmed" ? at : null,
    firstTouch: entry.firstTouch ?? null,
    createdAt: at,
  });
  // With double opt-in (pending) a known address, unsubscribed ones included, waits for its owner's
  // click, as in subscribe(). Without it only an address that unsubscribed before this sign-up is re-activated.
  if (entry.status === "pending") {
    await insert.onConflictDoNothing({ target: newsletterSubscribers.email });
    return;
  }
  await insert.onConflictDoUpdate({
    target: newsletterSubscribers.email,
    set: { status: entry.status, source: entry.source, serviceType: entry.serviceType, unsubscribedAt: null },
    setWhere: and(eq(newsletterSubscribers.status, "unsubscribed"), lt(newsletterSubscribers.unsubscribedAt, at)),
  });
}

/**
 * Double opt-in click; an address that unsubscribed meanwhile stays unsubscribed.
 * "confirmed" only for the one call that moved the address from pending (or unknown) to
 * confirmed, so the welcome e-mail is queued once however often the button is pressed.
 */
export async function confirmSubscription(
  db: Db,
  email: string,
  now = new Date(),
  consent?: ConsentCapture,
  /** Queues the welcome e-mail in the same transaction (welcome.server.ts prepareWelcome). */
  queueWelcome?: QueueWelcome,
): Promise<"confirmed" | "already-confirmed" | "unsubscribed"> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const outcome = await confirmAddress(t, email, now);
    if (outcome.result === "confirmed" && consent) await recordConfirmationConsent(t, outcome.id, consent);
    // Only the click that confirmed the address queues it; a stored confirmation always has its welcome.
    if (outcome.result === "confirmed" && queueWelcome) await queueWelcome(t, outcome.id, now);
    return outcome.result;
  });
}

/**
 * The confirmation records the wording the person agreed to at their latest sign-up (the button
 * itself adds no new text), with the network and browser that pressed it.
 */
async function recordConfirmationConsent(db: Db, subscriberId: string, consent: ConsentCapture): Promise<void> {
  const signup = await latestSignupConsent(db, subscriberId);
  await recordConsent(db, { subscriberId }, "confirmation", {
    ...consent,
    textVersion: signup?.textVersion ?? consent.textVersion,
  });
}

type ConfirmOutcome = { result: "confirmed"; id: string } | { result: "already-confirmed" | "unsubscribed" };

async function confirmAddress(db: Db, email: string, now: Date): Promise<ConfirmOutcome> {
  const updated = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(newsletterSubscribers.email, email), eq(newsletterSubscribers.status, "pending")))
    .returning({ id: newsletterSubscribers.id });
  if (updated[0]) return { result: "confirmed", id: updated[0].id };
  const [row] = await db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (row?.status === "unsubscribed") return resubscribe(db, email, now);
  if (row) return { result: "already-confirmed" };
  // Signed up while the database was down and clicked before the outbox replayed.
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, source: "footer", status: "confirmed", confirmedAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: "confirmed", confirmedAt: now },
      setWhere: eq(newsletterSubscribers.status, "pending"),
    })
    .returning({ id: newsletterSubscribers.id });
  return inserted[0] ? { result: "confirmed", id: inserted[0].id } : { result: "already-confirmed" };
}

/**
 * The owner of an unsubscribed address confirms a sign-up made after the unsubscription: only
 * then does the address receive the newsletter again. A link from before the unsubscription
 * (no sign-up since) leaves it unsubscribed.
 */
async function resubscribe(db: Db, email: string, now: Date): Promise<ConfirmOutcome> {
  const updated = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now, unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        eq(newsletterSubscribers.status, "unsubscribed"),
        signedUpSince(newsletterSubscribers.id, newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return updated[0] ? { result: "confirmed", id: updated[0].id } : { result: "unsubscribed" };
}

/**
 * One-click or landing-page unsubscribe; an unknown address is stored as suppressed. A welcome
 * e-mail still waiting for the relay never goes (one already with the relay cannot be called back).
 */
export async function unsubscribe(db: Db, email: string, now = new Date()): Promise<void> {
  await cancelWaitingWelcome(db, email, now);
  await db
    .insert(newsletterSubscribers)
    .values({ email, source: "footer", status: "unsubscribed", unsubscribedAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: "unsubscribed", unsubscribedAt: now },
      setWhere: or(
        sql`${newsletterSubscribers.status} <> 'unsubscribed'`,
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    });
}

export function unsubscribeUrl(services: Pick<NewsletterServices, "env" | "secret">, email: string): string {
  return unsubscribeLink(services.env.SITE_URL, services.secret, email);
}

export function confirmUrl(
  services: Pick<NewsletterServices, "env" | "secret">,
  email: string,
  now = new Date(),
): string {
  return `${services.env.SITE_URL}/newsletter/confirm?token=${signToken(services.secret, "confirm", email, now.getTime())}`;
}

/** The double opt-in e-mail, with RFC 8058 one-click unsubscribe headers. */
export function confirmationMessage(
  services: Pick<NewsletterServices, "env" | "secret">,
  email: string,
  now = new Date(),
  contactEmail?: string,
): MailMessage {
  const confirm = confirmUrl(services, email, now);
  const leave = unsubscribeUrl(services, email);
  return newsletterMail({
    to: email,
    subject: confirmationEmail.subject,
    paragraphs: [confirmationEmail.intro],
    button: { label: confirmationEmail.button, url: confirm, bareUrlInText: true },
    note: confirmationEmail.ignore,
    signOff: confirmationEmail.signOff,
    unsubscribe: { label: confirmationEmail.unsubscribe, url: leave },
    contactEmail,
  });
}
