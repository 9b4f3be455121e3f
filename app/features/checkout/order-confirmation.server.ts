import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import { orders } from "#db/schema";
import { site as seedSite } from "#content/site";
import type { SiteContent } from "#content/types";
import { withSiteFacts } from "~/kernel/legal-facts";
import { terms, withdrawal, WITHDRAWAL_DAYS } from "#content/terms";
import type { PrivacyContent } from "#content/types";
import type { Db } from "~/infra/db.server";
import type { MailMessage } from "~/infra/mail.server";
import type { PushMessage } from "~/infra/push.server";
import type { Messages } from "~/features/messages/messages.server";
import { escapeHtml } from "~/infra/escape-html";
import { pricing } from "#content/pricing";
import { paymentSummary } from "./catalogue";
import { coachingStartsOn } from "./withdrawal";
import type { Order } from "./fulfilment.server";

/** Orders whose payment went through: each gets one confirmation. */
const SETTLED = ["paid", "active", "completed"];

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/Amsterdam" });

function legalText(title: string, content: PrivacyContent, site: SiteContent): string[] {
  const facts = (text: string) => withSiteFacts(text, site);
  return [
    title.toUpperCase(),
    facts(content.intro),
    ...content.sections.flatMap((section) => [
      "",
      section.heading,
      ...section.paragraphs.map(facts),
      ...(section.list ?? []).map((item) => `- ${facts(item)}`),
    ]),
  ];
}

function legalHtml(title: string, content: PrivacyContent, site: SiteContent): string {
  const facts = (text: string) => escapeHtml(withSiteFacts(text, site));
  const sections = content.sections
    .map(
      (section) =>
        `<h3 style="font-size:15px;margin:18px 0 6px">${escapeHtml(section.heading)}</h3>` +
        section.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 8px">${facts(p)}</p>`).join("") +
        (section.list?.length ? `<ul>${section.list.map((item) => `<li>${facts(item)}</li>`).join("")}</ul>` : ""),
    )
    .join("\n");
  return `<h2 style="font-size:17px;margin:28px 0 8px">${escapeHtml(title)}</h2><p style="line-height:1.5">${facts(content.intro)}</p>\n${sections}`;
}

/** An order's length ("3 months") and payments ("3 × €120, €360 in total") in words. */
function orderInWords(order: Order): { duration: string; payments: string } {
  return {
    duration:
      pricing.durations.find((d) => d.billingType === order.billingType)?.label ?? `${order.paymentsTotal} months`,
    payments: paymentSummary({
      payments: order.paymentsTotal,
      amountCents: order.amountCents,
      totalCents: order.amountCents * order.paymentsTotal,
    }),
  };
}

/**
 * The order confirmation a Dutch consumer must receive on a durable medium: what was bought and
 * for how much, when the coaching starts (at once if they asked for it at checkout, else after the
 * withdrawal period), and the full terms and withdrawal information with the model form, in the
 * e-mail itself rather than behind a link that may change.
 */
/** `site`: the business as published in the back office (contact address, KvK and VAT numbers). */
export function orderConfirmationMessage(order: Order, siteUrl: string, paidAt: Date, site: SiteContent): MailMessage {
  const { duration, payments } = orderInWords(order);
  const amount = `${payments} (incl. btw)`;
  const starts = day.format(coachingStartsOn(order, paidAt));
  const start = order.startRequestedAt
    ? `You asked me at checkout to start right away, within the ${WITHDRAWAL_DAYS}-day withdrawal period, so your coaching starts today, ${starts}. You agreed to: "${order.startRequestText ?? ""}"`
    : `Your coaching starts on ${starts}, the day after the ${WITHDRAWAL_DAYS}-day withdrawal period. Want to start sooner? Reply to this e-mail and ask me to start within the withdrawal period.`;
  const intro = [
    "Thank you for your order. This e-mail confirms it; please keep it.",
    `Plan: ${order.planName}, ${duration}.`,
    `Price: ${amount}.`,
    `Order number: ${order.id}.`,
    start,
    `You may withdraw within ${WITHDRAWAL_DAYS} days of today without giving a reason: the terms and the withdrawal information below say how, and end with a form you may use.`,
  ];
  const text = [
    ...intro.flatMap((p) => [p, ""]),
    `Terms and conditions: ${siteUrl}/terms`,
    `Right of withdrawal: ${siteUrl}/withdrawal`,
    "",
    ...legalText("Terms and conditions", terms, site),
    "",
    ...legalText("Right of withdrawal", withdrawal, site),
    "",
    site.name,
    site.contactEmail,
  ].join("\n");
  const subject = `Your order: ${order.planName}, ${duration}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;background:#f5e9d7;font-family:Arial,Helvetica,sans-serif;color:#14213d">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:18px;font-weight:bold;color:#0b1f3a;margin:0 0 16px">${escapeHtml(site.name)}</p>
${intro.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
<p style="line-height:1.6"><a href="${escapeHtml(`${siteUrl}/terms`)}" style="color:#0f766e">Terms and conditions</a> · <a href="${escapeHtml(`${siteUrl}/withdrawal`)}" style="color:#0f766e">Right of withdrawal</a></p>
${legalHtml("Terms and conditions", terms, site)}
${legalHtml("Right of withdrawal", withdrawal, site)}
<p style="line-height:1.6;margin-top:28px">${escapeHtml(site.name)}<br>${escapeHtml(site.contactEmail)}</p>
</div></body></html>`;
  return { to: order.customerEmail ?? "", subject, text, html, replyTo: site.contactEmail };
}

/** The trainer's notification of a paid order: plan, length and amount; a tap opens her clients. */
export function paidOrderPush(order: Order, siteUrl: string): PushMessage {
  const { duration, payments } = orderInWords(order);
  return {
    title: "Paid order",
    body: `${order.planName}, ${duration}: ${payments}`,
    url: `${siteUrl}/admin/clients`,
    tag: `order-${order.id}`,
  };
}

/** The same news by e-mail to the trainer (new intakes and event signups reach her both ways too). */
export function paidOrderMail(order: Order, siteUrl: string): { subject: string; text: string } {
  const { duration, payments } = orderInWords(order);
  const buyer = (order.customerEmail ?? "").replace(/[\r\n]+/g, " ");
  return {
    subject: `Paid order: ${order.planName}, ${duration}`,
    text: [
      `A new order was paid: ${order.planName}, ${duration}.`,
      `Price: ${payments} (incl. btw).`,
      `Buyer: ${buyer || "(no e-mail given)"}`,
      `Order number: ${order.id}`,
      "",
      `Your clients: ${siteUrl}/admin/clients`,
      ...(order.leadId ? [`Their timeline: ${siteUrl}/admin/leads/${order.leadId}`] : []),
    ].join("\n"),
  };
}

export interface OrderConfirmations {
  /**
   * Queues the buyer's confirmation and the trainer's notice of every settled order that has not
   * had them queued yet; the web hook and the test checkout call it right after a payment, the
   * server once at start (what a stop between the payment and this call left behind).
   */
  queue(): Promise<number>;
}

/**
 * What follows a payment, once per settled order, as messages of the engine (docs/decisions/063):
 * the buyer's confirmation e-mail (`order-confirmation:<orderId>`) and the trainer's notice, a push
 * to her devices and an e-mail (`order-notice:<orderId>:push|email`). The order's
 * `confirmation_sent_at` / `trainer_notified_at` are set in the transaction that queues them, so an
 * order paid twice (a replayed web hook, a second instance, a later instalment) queues nothing more,
 * also after the retention job has removed the sent messages and their keys with them. Without a
 * mail server no e-mail is queued and the order stays unmarked, as before.
 */
export function orderConfirmations(deps: {
  db: Db;
  messages: Pick<Messages, "send" | "kick" | "email">;
  siteUrl: string;
  /** The business as published now (site facts from the content store). */
  site?: () => Promise<SiteContent>;
  /** Where the trainer's notice of a paid order goes by e-mail; none without it. */
  trainerEmail?: string;
  now?: () => Date;
}): OrderConfirmations {
  const { db, messages, siteUrl, trainerEmail } = deps;
  const currentSite = deps.site ?? (() => Promise.resolve(seedSite));
  const now = deps.now ?? (() => new Date());
  return {
    async queue() {
      // Read before the transaction: on PGlite a query outside it would wait for it to end.
      const site = await currentSite();
      const at = now();
      const queued = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const confirmations = messages.email
          ? await t
              .update(orders)
              .set({ confirmationSentAt: at })
              .where(
                and(
                  isNull(orders.confirmationSentAt),
                  inArray(orders.status, SETTLED),
                  isNotNull(orders.customerEmail),
                ),
              )
              .returning()
          : [];
        for (const order of confirmations)
          await messages.send(
            {
              key: `order-confirmation:${order.id}`,
              kind: "order-confirmation",
              about: order.id,
              channel: "email",
              payload: orderConfirmationMessage(order, siteUrl, order.updatedAt, site),
            },
            t,
          );
        const notices = await t
          .update(orders)
          .set({ trainerNotifiedAt: at })
          .where(and(isNull(orders.trainerNotifiedAt), inArray(orders.status, SETTLED)))
          .returning();
        for (const order of notices) {
          await messages.send(
            {
              key: `order-notice:${order.id}:push`,
              kind: "order-notice",
              about: order.id,
              channel: "push",
              payload: paidOrderPush(order, siteUrl),
            },
            t,
          );
          if (trainerEmail)
            await messages.send(
              {
                key: `order-notice:${order.id}:email`,
                kind: "order-notice",
                about: order.id,
                channel: "email",
                payload: {
                  to: trainerEmail,
                  ...paidOrderMail(order, siteUrl),
                  ...(order.customerEmail ? { replyTo: order.customerEmail } : {}),
                },
              },
              t,
            );
        }
        return confirmations.length + notices.length;
      });
      if (queued) messages.kick();
      return queued;
    },
  };
}
