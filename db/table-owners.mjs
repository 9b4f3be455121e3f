/**
 * Every table of db/schema.ts and the one place of app/ that owns it: only files there import the
 * table from `#db/schema`; every other feature reads and writes it through the owner's functions
 * (docs/decisions/067-one-owner-per-table.md). An owner is a feature folder (`features/leads`) or,
 * for the tables the lower layers keep, one module of app/infra (`infra/push.server.ts`).
 * scripts/eslint-table-owner.mjs enforces it; a new table needs its line here.
 */
export const TABLE_OWNERS = {
  signups: "features/leads",
  leadEvents: "features/leads",
  heldSubmissions: "features/leads",
  bookings: "features/scheduling",
  orders: "features/checkout",
  payments: "features/checkout",
  // Stripe's (checkout), the mail relay's (newsletter) and the scheduler's web hooks each mark an
  // event as handled here: kept below all three.
  processedEvents: "infra/processed-events.server.ts",
  discountCodes: "features/checkout",
  discountCodeUses: "features/checkout",
  newsletterSubscribers: "features/newsletter",
  newsletterIssues: "features/newsletter",
  newsletterDeliveries: "features/newsletter",
  newsletterTags: "features/newsletter",
  newsletterSubscriberTags: "features/newsletter",
  downloadGrants: "features/newsletter",
  newsletterIssueVisits: "features/newsletter",
  messages: "features/messages",
  followUpSettings: "features/follow-ups",
  followUpStops: "features/follow-ups",
  questionnaireStepCounts: "features/questionnaire",
  contentEntries: "features/content",
  contentVersions: "features/content",
  contentAliases: "features/content",
  contentRevision: "features/content",
  contentSeeds: "features/content",
  contentFiles: "features/content",
  contentFileData: "features/content",
  webVitals: "features/vitals",
  user: "features/auth",
  session: "features/auth",
  account: "features/auth",
  verification: "features/auth",
  twoFactor: "features/auth",
  jwks: "features/auth",
  // Written by the content store, sign-in, the back office and retention: kept below them all.
  auditLog: "infra/audit-log.server.ts",
  consentRecords: "infra/consent.server.ts",
  rateLimits: "infra/rate-limit.server.ts",
  pushKeys: "infra/push.server.ts",
  pushSubscriptions: "infra/push.server.ts",
};
