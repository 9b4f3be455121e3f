import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * What first brought a visitor to the site (app/features/leads/first-touch.ts), copied from a
 * first-party cookie onto every lead, subscriber and order. Never sent anywhere else.
 */
export interface FirstTouch {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  /** Host of the referring site (never its path or query). */
  referrer?: string;
  /** Path of the first page seen, without its query string. */
  landingPath: string;
  /** Day of the first visit, YYYY-MM-DD (UTC). */
  firstSeen: string;
}

const firstTouch = () => jsonb("first_touch").$type<FirstTouch>();

/**
 * The sale an order was bought in (docs/decisions/043-sales.md), as it stood at checkout: the
 * order's amount_cents is the sale price of one payment; this keeps what it came from.
 */
export interface OrderDiscount {
  saleId: string;
  /** As the visitor read it: "20% off" or "€20 off". */
  label: string;
  /** The normal price of one payment, in cents. */
  listAmountCents: number;
  /** Taken off each payment, in cents (every instalment of a 3- or 6-month plan). */
  offCents: number;
  /** When the sale ended or was to end (ISO 8601). */
  endsAt: string;
}

/**
 * The code an order was bought with (docs/decisions/076-discount-codes.md), as it stood at
 * checkout: amount_cents is then the price of one payment after the code (and the sale too, when
 * the code adds to it); this keeps what the code took off.
 */
export interface OrderCode {
  codeId: string;
  /** As she made it, in capitals: "WINTER20". */
  code: string;
  /** "20% off" or "€20 off". */
  label: string;
  /** The price of one payment before the code (the sale price when the code adds to a sale), in cents. */
  beforeCents: number;
  /** Taken off each payment by the code, in cents. */
  offCents: number;
  /** When the code ends (ISO 8601): its Stripe coupon can be redeemed until a day after. */
  endsAt: string;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Intake questionnaire and event signups.
 * Intake rows carry first/last name, e-mail and answers; event rows carry name, phone and, when
 * given, e-mail (for the event's messages).
 */
export const signups = pgTable(
  "signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formName: text("form_name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    sourceUrl: text("source_url"),
    /** Questionnaire answers q1..q5 (contact excluded). */
    answers: jsonb("answers").$type<Record<string, string>>(),
    message: text("message"),
    /** Back-office workflow: new, contacted, call-booked, client, archived. */
    status: text("status").notNull().default("new"),
    note: text("note"),
    firstTouch: firstTouch(),
    /** Client-generated key: a double click or retried request never stores a second row. */
    idempotencyKey: text("idempotency_key"),
    /** Event signups: the event's content key (kind "event"). */
    eventKey: text("event_key"),
    /** Event signups: true when the event was full and the signup joined its waiting list. */
    waitlisted: boolean("waitlisted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("signups_idempotency_key_uq").on(t.idempotencyKey),
    index("signups_event_idx").on(t.eventKey, t.waitlisted),
    index("signups_form_created_idx").on(t.formName, t.createdAt.desc()),
    index("signups_created_idx").on(t.createdAt.desc()),
    index("signups_email_idx").on(sql`lower(${t.email})`),
    index("signups_status_idx").on(t.status),
    // Back-office search matches the start of a first name, last name, full name or e-mail;
    // text_pattern_ops lets LIKE 'abc%' use the index under any collation.
    index("signups_search_email_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("signups_search_first_idx").on(sql`lower(${t.firstName}) text_pattern_ops`),
    index("signups_search_last_idx").on(sql`lower(${t.lastName}) text_pattern_ops`),
    index("signups_search_full_idx").on(
      sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) text_pattern_ops`,
    ),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised (trimmed, lower-case). */
    email: text("email").notNull(),
    /** BLOG_SOURCE: the post path, 'blog-overview' or 'footer'. */
    source: text("source").notNull(),
    serviceType: text("service_type"),
    /** pending (awaiting double opt-in), confirmed, unsubscribed. */
    status: text("status").notNull().default("pending"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    firstTouch: firstTouch(),
    /**
     * Set when the mail server refused the address for good (a 5xx answer, a hard bounce or a
     * complaint reported by the relay): no issue is sent to it again, whatever its status.
     */
    suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
    /** Why, in the words of the mail server or relay (e.g. "550 5.1.1 mailbox unknown"). */
    suppressedReason: text("suppressed_reason"),
    /** The last lifted suppression: when, the reason it had, and her note why it was lifted (kept). */
    suppressionLiftedAt: timestamp("suppression_lifted_at", { withTimezone: true }),
    suppressionLiftedReason: text("suppression_lifted_reason"),
    suppressionLiftNote: text("suppression_lift_note"),
    /** A name from an import or from adding by hand; the forms ask for none. */
    name: text("name"),
    /**
     * How consent was obtained when it was not a form of the site (null): "reconfirm" (an import or
     * an address added by hand, sent the double opt-in e-mail) or "elsewhere" (she says they opted in
     * elsewhere; `consentNote` is her proof, required then).
     */
    consentGround: text("consent_ground"),
    consentNote: text("consent_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_email_uq").on(t.email),
    index("newsletter_created_idx").on(t.createdAt.desc()),
    // The list's order with its tie-breaker, so a page deep in 50,000 rows walks the index only.
    index("newsletter_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's search matches the start of an address (stored lower-case) or a name.
    index("newsletter_search_email_idx").on(sql`${t.email} text_pattern_ops`),
    index("newsletter_search_name_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("newsletter_source_idx").on(t.source),
  ],
);

/** A label she gives subscribers ("past clients", "triathletes"); an issue can go to any of them. */
export const newsletterTags = pgTable(
  "newsletter_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** As she typed it (trimmed); unique without regard to case. */
    name: text("name").notNull(),
    /** Sign-ups from these sources (newsletter_subscribers.source) get the tag on their own. */
    autoSources: jsonb("auto_sources").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_tags_name_uq").on(sql`lower(${t.name})`)],
);

export const newsletterSubscriberTags = pgTable(
  "newsletter_subscriber_tags",
  {
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => newsletterTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.tagId] }), index("newsletter_subscriber_tags_tag_idx").on(t.tagId)],
);

/**
 * One issue of the monthly newsletter: written in the back office (Markdown, like articles), sent
 * to the confirmed subscribers (optionally one signup source), and afterwards a public page of the
 * archive. `status`: draft, scheduled (at scheduledAt, Amsterdam time in the back office), sending,
 * sent (every recipient has reached a final state).
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The archive page's address: /newsletter/archive/<slug>. */
    slug: text("slug").notNull(),
    subject: text("subject").notNull(),
    /** The line mail apps show after the subject. */
    preheader: text("preheader").notNull().default(""),
    /** Markdown. */
    body: text("body").notNull(),
    /** The article it was started from, if any. */
    fromArticle: text("from_article"),
    /** Only subscribers who signed up from one of these sources (newsletter_subscribers.source); empty: all. */
    segmentSources: jsonb("segment_sources").$type<string[]>().notNull().default([]),
    /**
     * The one source an issue had before `segmentSources` (decision 081): no longer read or written,
     * kept for one release so an instance still on the old code keeps working during a rolling
     * deploy; the next release's migration drops it.
     */
    formerSegment: text("segment"),
    /** And only subscribers with one of these tags (newsletter_tags.id); empty: no tag needed. */
    segmentTags: jsonb("segment_tags").$type<string[]>().notNull().default([]),
    status: text("status").notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Shown in the public archive once sent; noindex keeps its page out of search engines. */
    archived: boolean("archived").notNull().default(true),
    noindex: boolean("noindex").notNull().default(false),
    /** Set when the mail server refuses everything: the back office shows it, the trainer is told once. */
    problem: text("problem"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("newsletter_issues_slug_uq").on(t.slug), index("newsletter_issues_status_idx").on(t.status)],
);

/**
 * One recipient of one issue: the durable send job. Rows are made when the issue starts (from the
 * audience at that moment) and claimed in batches (FOR UPDATE SKIP LOCKED, with a lease), so several
 * instances never send the same row. `state`: queued, sending (handed to the mail server right
 * now), sent, deferred (a temporary 4xx or connection failure: tried again at nextAttemptAt),
 * failed (a permanent 5xx, or too many temporary ones), suppressed (unsubscribed or suppressed
 * since the issue started), unknown (the process stopped while the mail server had it: it may have
 * arrived, so it is not sent again on its own).
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** The mail server's last answer when it was not a success (code and text, no message content). */
    lastError: text("last_error"),
    /** Why a deferred one waits: "unreachable" or "deferred" (rules.ts), so the page says it once. */
    waitReason: text("wait_reason"),
    /** The first failed try of the current wait ("cannot be reached since 15:02"). */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_issue_email_uq").on(t.issueId, t.email),
    index("newsletter_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("newsletter_deliveries_issue_state_idx").on(t.issueId, t.state),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: text("plan_id").notNull(),
    planName: text("plan_name").notNull(),
    billingType: text("billing_type").notNull(),
    /** Number of payments: 1, 3 or 6. */
    paymentsTotal: integer("payments_total").notNull(),
    paymentsMade: integer("payments_made").notNull().default(0),
    /** Amount of one payment in cents. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    /** pending, paid, active, completed, payment_failed, cancelled, expired. */
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id"),
    customerEmail: text("customer_email"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeScheduleId: text("stripe_schedule_id"),
    idempotencyKey: text("idempotency_key"),
    /** The intake lead who bought: from the thank-you page's link, else the same e-mail. */
    leadId: uuid("lead_id").references(() => signups.id, { onDelete: "set null" }),
    /** The newsletter subscriber with the same e-mail, if any. */
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, { onDelete: "set null" }),
    firstTouch: firstTouch(),
    /** The sale it was bought in; null at the normal price. */
    discount: jsonb("discount").$type<OrderDiscount>(),
    /** The code it was bought with; null without one (or when the sale took off more). */
    code: jsonb("code").$type<OrderCode>(),
    /**
     * When the buyer asked at checkout for the coaching to start within the withdrawal period,
     * and the exact words they agreed to; null: it starts once the period is over.
     */
    startRequestedAt: timestamp("start_requested_at", { withTimezone: true }),
    startRequestText: text("start_request_text"),
    /**
     * When the order confirmation (with the terms) was queued on the message engine, in the same
     * transaction (before decision 063: accepted by the mail server); for orders settled before
     * confirmations existed, the time migration 0007 marked them as needing none. It outlives the
     * message's retention, so a later payment never queues a second one.
     */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** When the trainer's notice of this paid order (push and e-mail) was queued; null until then. */
    trainerNotifiedAt: timestamp("trainer_notified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_session_uq").on(t.providerSessionId),
    uniqueIndex("orders_idempotency_uq").on(t.idempotencyKey),
    index("orders_subscription_idx").on(t.stripeSubscriptionId),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_lead_idx").on(t.leadId),
    index("orders_email_idx").on(sql`lower(${t.customerEmail})`),
  ],
);

/**
 * Intake calls booked through the scheduling service (Calendly or Cal.com web hook).
 * One row per booking; a cancellation updates it.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** calendly or cal.com */
    provider: text("provider").notNull(),
    /** The provider's id of the booking: Calendly's invitee URI, Cal.com's booking uid. */
    externalId: text("external_id").notNull(),
    leadId: uuid("lead_id").references(() => signups.id, { onDelete: "set null" }),
    /** How the lead was found: the lead id passed as utm_content, or the invitee's e-mail. */
    matchedBy: text("matched_by"),
    email: text("email"),
    name: text("name"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** booked or cancelled */
    status: text("status").notNull().default("booked"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_external_uq").on(t.provider, t.externalId),
    index("bookings_lead_idx").on(t.leadId),
    index("bookings_created_idx").on(t.createdAt.desc()),
  ],
);

/** A lead's status changes and notes, by the trainer or by the system (booked call, payment), for the timeline. */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    /** status or note */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    /** trainer or system */
    actor: text("actor").notNull(),
    userId: text("user_id"),
    /** What moved the status on its own: booking, cancellation, payment. */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_lead_idx").on(t.leadId, t.createdAt)],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Stripe invoice or payment intent id, or the test checkout's payment id. */
    providerPaymentId: text("provider_payment_id").notNull(),
    instalment: integer("instalment").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payments_provider_uq").on(t.providerPaymentId), index("payments_order_idx").on(t.orderId)],
);

/**
 * Proof of consent (GDPR art. 7(1)): one row each time a person agrees, at sign-up and again at the
 * double opt-in confirmation. `textVersion` names the exact wording shown (content/consent.ts keeps
 * every version ever published). The address is stored only as its network (/24 or /48).
 * Exactly one of subscriberId / signupId is set; the record goes when its person is erased.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    signupId: uuid("signup_id").references(() => signups.id, { onDelete: "cascade" }),
    /** signup (the form was sent) or confirmation (the opt-in button was pressed). */
    action: text("action").notNull(),
    /** Which form: newsletter-footer, newsletter-blog-post, ..., intake, event. */
    form: text("form").notNull(),
    /** Path of the page the form was on (no query string). */
    page: text("page"),
    /** Version id of the consent or privacy text shown next to the form (content/consent.ts). */
    textVersion: text("text_version").notNull(),
    /** 203.0.113.0/24 or 2001:db8:1::/48; never the full address. */
    network: text("network"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("consent_subscriber_idx").on(t.subscriberId, t.createdAt),
    index("consent_signup_idx").on(t.signupId, t.createdAt),
    check("consent_one_subject", sql`num_nonnulls(${t.subscriberId}, ${t.signupId}) = 1`),
  ],
);

/**
 * The trainer's discount codes (docs/decisions/076-discount-codes.md): a percentage or an amount
 * off the plans she chose, from a start to an end, with an optional total limit. `uses` counts
 * the uses held by orders; it only grows by a conditional update, so two checkouts racing for the
 * last use cannot both get it.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** In capitals; typed in any case at checkout. */
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    percent: integer("percent"),
    amountOffCents: integer("amount_off_cents"),
    planIds: jsonb("plan_ids").$type<string[]>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** When she ended it before its end. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Null: no total limit. */
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    oncePerPerson: boolean("once_per_person").notNull().default(false),
    /** Adds to a running sale; otherwise the better of the two applies. */
    stacksWithSale: boolean("stacks_with_sale").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_uq").on(sql`upper(${t.code})`),
    check("discount_codes_kind", sql`${t.kind} in ('percent', 'amount')`),
    check("discount_codes_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/**
 * One use of a code, held by one order from its checkout's start; released (deleted, and the
 * count lowered) when that checkout expires or is cancelled. The buyer's e-mail is kept only for
 * a code that is once per person, and goes with the order (retention).
 */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Lower case; only for a code that is once per person. */
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_code_uses_order_uq").on(t.orderId),
    uniqueIndex("discount_code_uses_person_uq").on(t.codeId, t.email),
  ],
);

/** Web-hook events already handled: the same event twice changes nothing. */
export const processedEvents = pgTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Real visitors' Core Web Vitals (app/features/vitals/): one row per measurement, with nothing
 * that could tell two visitors or two visits apart (no address, no identifier, no full URL, only
 * the day). Deleted after 28 days by the retention job.
 */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The route pattern (`/blog/:slug`), never the visited URL with its query. */
    route: text("route").notNull(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating").notNull(),
    device: text("device").notNull(),
    /** A short CSS selector of the element the metric points at (LCP element, tapped control, shifted block). */
    target: text("target"),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    index("web_vitals_day_idx").on(t.day),
    index("web_vitals_metric_route_idx").on(t.metric, t.route, t.device),
    check("web_vitals_metric", sql`${t.metric} in ('LCP', 'INP', 'CLS')`),
    check("web_vitals_rating", sql`${t.rating} in ('good', 'needs-improvement', 'poor')`),
    check("web_vitals_device", sql`${t.device} in ('phone', 'tablet', 'desktop')`),
    check("web_vitals_value", sql`${t.value} >= 0`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);

// Back-office authentication (better-auth's tables).
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Authenticator assurance level: aal2 once a second factor was verified for this session. */
    aal: text("aal").notNull().default("aal1"),
    /**
     * A device the trainer marked as her own when she entered her code: the session then lasts 7
     * days from sign-in, idle or not, instead of ending after 30 minutes without use.
     */
    trusted: boolean("trusted").notNull().default(false),
    /** When the second factor was last checked on this session: at sign-in, or a later confirmation. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const twoFactor = pgTable("two_factor", {
  id: text("id").primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  // better-auth 1.7: enrolment stays unverified until the first code; failed codes lock the factor.
  verified: boolean("verified").default(true),
  failedVerificationCount: integer("failed_verification_count").default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  alg: text("alg"),
  crv: text("crv"),
});

/**
 * The content model (app/features/content/store.server.ts): one row per typed entry, addressed by
 * kind ('article', 'offers', 'event', ...) and key (an article's slug, 'main' for a singleton).
 * `draft` is the working copy the back office edits; `published` is what visitors see; a scheduled
 * entry holds its next version in `scheduled` and goes live once `publish_at` has passed, decided
 * when it is read (no job that could stall).
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    /** draft, scheduled, published or unpublished (as last set; a due schedule reads as published). */
    status: text("status").notNull().default("draft"),
    draft: jsonb("draft").$type<unknown>().notNull(),
    published: jsonb("published").$type<unknown>(),
    scheduled: jsonb("scheduled").$type<unknown>(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** When the visible version first went live (an article's date comes from it). */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Number of the newest saved version (content_versions). */
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("content_entries_kind_key_uq").on(t.kind, t.key),
    index("content_entries_scheduled_idx").on(t.publishAt),
  ],
);

/** Every saved version of an entry, kept for the diff and the one-click restore. */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").$type<unknown>().notNull(),
    /** seed, save, restore */
    reason: text("reason").notNull(),
    /** Back-office user id; null for the first-start seed. */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("content_versions_entry_version_uq").on(t.entryId, t.version)],
);

/** An entry's former keys (a renamed article's old slug answers 301 to the new one). */
export const contentAliases = pgTable(
  "content_aliases",
  {
    kind: text("kind").notNull(),
    oldKey: text("old_key").notNull(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.oldKey] })],
);

/**
 * One row, bumped by every publish, unpublish and rename: with the newest due schedule it forms the
 * revision public pages are validated against, read from the database so every instance agrees.
 */
export const contentRevision = pgTable("content_revision", {
  id: integer("id").primaryKey(),
  revision: integer("revision").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Kinds already seeded from content/ on a first start: a kind is seeded once, never again. */
export const contentSeeds = pgTable("content_seeds", {
  kind: text("kind").primaryKey(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded files (article images in their converted sizes, lead-magnet PDFs), stored under
 * DATA_DIR/media/<id>/; this row holds what the pages need to describe them.
 */
export const contentFiles = pgTable("content_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** image or pdf */
  kind: text("kind").notNull(),
  /** The uploaded file's name, for the back office only. */
  originalName: text("original_name").notNull(),
  alt: text("alt"),
  width: integer("width"),
  height: integer("height"),
  bytes: integer("bytes").notNull(),
  createdBy: text("created_by"),
  createdAt: createdAt(),
});

/** Raw bytes: node-postgres hands back a Buffer, PGlite a Uint8Array; both are Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The bytes of an uploaded file, in the database so every instance serves them and backups carry
 * them: an image's renderings ("960.avif", "960.webp", …) or a PDF ("original.pdf").
 */
export const contentFileData = pgTable(
  "content_file_data",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => contentFiles.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.variant] })],
);

/** A lead magnet's download granted to one confirmed subscriber; the back office can revoke it. */
export const downloadGrants = pgTable(
  "download_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /** The article whose lead form promised it. */
    articleKey: text("article_key").notNull(),
    fileId: uuid("file_id").references(() => contentFiles.id, { onDelete: "set null" }),
    /** The link handed out when the lead magnet is a web address rather than a PDF. */
    url: text("url"),
    /** 32 random bytes, base64url: the download link's only key (no e-mail address in it). */
    token: text("token").notNull(),
    downloads: integer("downloads").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("download_grants_subscriber_idx").on(t.subscriberId),
    uniqueIndex("download_grants_token_uq").on(t.token),
    uniqueIndex("download_grants_subscriber_article_uq").on(t.subscriberId, t.articleKey),
  ],
);

/**
 * The site's own VAPID key pair for Web Push, made at the first start (one row, id 1). The public
 * key goes to the browser when a device subscribes; the private key signs each push.
 */
export const pushKeys = pgTable("push_keys", {
  id: integer("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});

/** A device of the trainer's that asked for notifications: its push service address and keys. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android" and the like, so she can tell her devices apart. */
    device: text("device").notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * A form submission that looked automated (sent faster than a person fills the form in) but had an
 * empty honeypot: kept, never dropped, until the trainer accepts it (then it is stored as the lead
 * or subscription it would have been) or deletes it. Unreviewed ones are deleted after 30 days.
 */
export const heldSubmissions = pgTable(
  "held_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** intake, event or newsletter: which store takes it on acceptance. */
    form: text("form").notNull(),
    /** Why it was held: too-fast. */
    reason: text("reason").notNull(),
    /** How long the form was open, in ms, as the browser measured it. */
    elapsedMs: integer("elapsed_ms"),
    /** What the store would have taken (the lead, or the subscription and its facts). */
    payload: jsonb("payload").notNull(),
    /** The sender's network (a.b.c.0/24, or an IPv6 /48), never the address: "from the same network". */
    network: text("network"),
    /** A hash of what the visitor typed, normalised (held-content.ts): "with the same content". */
    contentKey: text("content_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("held_submissions_created_idx").on(t.createdAt.desc()),
    index("held_submissions_network_idx").on(t.network),
    index("held_submissions_content_idx").on(t.contentKey),
  ],
);

/**
 * Every outgoing e-mail, push notification and web hook call but the newsletter's issues: the one
 * message engine (app/features/messages, docs/decisions/056). `key` makes a repeated cause one
 * message (`lead-notice:<leadId>`, `alarm:backup-failed:<time>`). `state`: queued (due at
 * notBefore; a temporary failure puts it back with a later notBefore), sending (handed to the relay
 * right now, under a lease), sent, unknown (the process stopped while the relay had it: it may
 * have arrived, so it is never sent again on its own), failed (a permanent answer, or too many
 * temporary ones), cancelled (its cause went away before it was due).
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    /** email, push or webhook. */
    channel: text("channel").notNull(),
    /** The address, "trainer" for her devices, or the web hook's host. */
    recipient: text("recipient").notNull(),
    /** What it is about (a lead's, order's or subscriber's id), for the Messages page's links. */
    about: text("about"),
    payload: jsonb("payload").notNull(),
    state: text("state").notNull().default("queued"),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** The other side's last answer when it was not a success (code and words, no message content). */
    lastAnswer: text("last_answer"),
    /** Set on a temporary failure: "refused" (the relay cannot be reached) or "deferred" (it said later). */
    waitReason: text("wait_reason"),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("messages_key_uq").on(t.key),
    index("messages_due_idx").on(t.state, t.notBefore),
    index("messages_created_idx").on(t.createdAt),
    // Follow-ups are cancelled by what they are about (a lead, a booking, an event signup).
    index("messages_about_idx").on(t.about),
  ],
);

/**
 * The follow-ups' switches and her own words (docs/decisions/069): one row per automation once she
 * changes something; no row means on, with the default text (app/features/follow-ups/texts.ts).
 */
export const followUpSettings = pgTable("follow_up_settings", {
  automation: text("automation").primaryKey(),
  enabled: boolean("enabled").notNull().default(true),
  /** Her subject and Markdown body; null keeps the default. */
  subject: text("subject"),
  body: text("body"),
  /** A welcome series member's day after the confirmation (docs/decisions/079); null keeps the default. */
  afterDays: integer("after_days"),
  updatedAt: updatedAt(),
});

/**
 * People who used a follow-up's stop link: no follow-up is planned for them again. Kept as a
 * SHA-256 of the normalised address, so the list itself names no one and survives an erasure.
 */
export const followUpStops = pgTable("follow_up_stops", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});

/**
 * How many visitors reached each question of the questionnaire, per Amsterdam day
 * (app/features/questionnaire/step-counts.server.ts): counters only, with nothing that could tell
 * two visitors apart, so not personal data and kept as long as the funnel is useful.
 */
export const questionnaireStepCounts = pgTable(
  "questionnaire_step_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The question's id (`goal`, `frequency`, ... `contact`). */
    step: text("step").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] }), check("questionnaire_step_counts_count", sql`${t.count} >= 0`)],
);

/**
 * Arrivals on the site from the links of one newsletter issue, per Amsterdam day
 * (app/features/newsletter/issue-attribution.server.ts): a page opened from an issue's link adds one to
 * its issue's counter of the day. Counters only, nothing that could tell two readers apart.
 */
export const newsletterIssueVisits = pgTable(
  "newsletter_issue_visits",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.day] }), check("newsletter_issue_visits_count", sql`${t.count} >= 0`)],
);
