// Which tests cover which part of the code: read by `npm run test:changed` (scripts/test-changed.mjs),
// the inner loop that runs only the tests of what a change touched. CI always runs everything.
// Keep it current when a feature gets a new spec or integration file; a path matched by nothing here
// runs the whole suite, so a gap costs time, never a missed check.

/** Changes here can reach every page: the whole suite runs (`npm test`). */
export const EVERYTHING = [
  "app/ui/",
  "app/root.tsx",
  "app/entry.",
  "app/routes.ts",
  "app/context.ts",
  "app/infra/",
  "app/kernel/",
  "app/content-kinds.server.ts",
  "app/features/site/",
  "app/features/enhancers/",
  // The hold-and-replay runtime every page type's boot script carries (docs/client-runtime.md).
  "app/features/client-runtime/",
  "app/*.css",
  "server/",
  "db/",
  "content/*.ts",
  "public/",
  "scripts/",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "vite.islands.config.ts",
  "react-router.config.ts",
  "playwright.config.ts",
  "vitest.config.ts",
  "tests/support/",
  "tests/e2e/fixtures.ts",
  "tests/e2e/own-servers.ts",
  "tests/e2e/sweep.ts",
  ".ci/",
];

/** Changes here need no test run beyond lint and format. */
export const NOTHING = ["docs/", "bench/", "README.md", "deploy/", "knip.config.ts"];

/**
 * A part of the code (a path prefix, or a regular expression over the path) and its tests: browser
 * specs in tests/e2e/ and integration files in tests/integration/, by name. Unit and component tests
 * beside the code are found by Vitest from the import graph (`vitest related`).
 */
export const AREAS = [
  {
    paths: ["app/features/messages/", /^app\/routes\/admin-messages/],
    e2e: [],
    // The two-instance relay-outage drill (fault-relay-outage) is in test:drills.
    integration: [
      "messages",
      "follow-ups",
      "follow-ups-page",
      "messages-page",
      "alarms-outage",
      "leads",
      "newsletter",
      "push",
      "outbox-dead-letter",
      "checkout",
      "newsletter-sending",
      "order-messages",
    ],
  },
  {
    paths: [
      "app/features/newsletter/",
      /^app\/routes\/(api-|admin-)?newsletter/,
      /^app\/routes\/admin-subscribers/,
      "content/newsletter-messages.ts",
    ],
    e2e: ["newsletter", "newsletter-scanner", "newsletter-issue", "documents", "issue-attribution", "audience"],
    integration: [
      "newsletter",
      "newsletter-resubscribe",
      "newsletter-issues",
      "lead-magnets",
      "held-submissions",
      "newsletter-sending",
      "relay-webhook",
      "editor-uploads",
      "welcome-series",
      "issue-attribution",
      "subscriber-list",
      "subscriber-import",
    ],
  },
  {
    paths: [
      "app/features/questionnaire/",
      /^app\/routes\/(api-intake|api-questionnaire-step|admin-funnel|start|home|service)\b/,
      "content/questionnaire",
    ],
    e2e: ["questionnaire", "islands", "island-runtime", "hydration", "lead-lifecycle"],
    integration: [
      "leads",
      "fault-bad-input",
      "held-submissions",
      "database-outage",
      "questionnaire-steps",
      "issue-attribution",
    ],
  },
  {
    paths: ["app/features/leads/", /^app\/routes\/admin-(lead|unsaved|held|export|data-requests)/],
    e2e: ["lead-lifecycle", "back-office", "back-office-phone", "inbox"],
    integration: [
      "leads",
      "follow-ups",
      "held-submissions",
      "lead-timeline",
      "consent-records",
      "csv-libreoffice",
      "data-requests",
      "outbox-dead-letter",
      "push",
      "back-office-pages",
      // The form outbox's full disk: the not-saved answer and /readyz (the drill is in test:drills).
      "database-outage",
      "metrics-readyz",
      "log-journeys",
    ],
  },
  {
    paths: [
      "app/features/checkout/",
      /^app\/routes\/(api-create-checkout|api-stripe|api-customer|checkout-test|success|cancel|pricing|admin-orders|admin-offers)/,
      "content/checkout.ts",
    ],
    e2e: ["checkout", "any-port", "inbox", "offers", "sales", "hydration", "island-runtime", "audience"],
    integration: [
      "checkout",
      "checkout-server",
      "from-price",
      "offers",
      "sales",
      "codes",
      "page-cache",
      "push",
      "back-office-pages",
      "order-messages",
    ],
  },
  {
    paths: ["app/features/islands/"],
    e2e: ["islands", "island-runtime", "hydration", "questionnaire", "checkout"],
    integration: ["page-scripts"],
  },
  {
    paths: ["app/features/blog/", /^app\/routes\/(blog|admin-article)/, "content/blog/", "content/lead-magnets/"],
    e2e: ["blog", "articles", "article-editor", "documents"],
    integration: ["articles-import", "lead-magnets", "structured-data", "content-editors", "editor-uploads"],
  },
  {
    paths: ["app/features/content/", "content/media/", /^app\/routes\/(media-upload|admin-(testimonials|faq|site))/],
    e2e: ["articles", "article-editor", "site-content", "offers", "events"],
    integration: [
      "content-store",
      "content-two-instances",
      // Public pages from the page cache: a publish, a sale's minute and the event's places (decision 074).
      "page-cache",
      "site-content",
      "uploads",
      "articles-import",
      "content-editors",
      "database-outage",
      "editor-uploads",
    ],
  },
  {
    paths: ["app/features/events/", /^app\/routes\/(nicaragua|api-event|admin-event)/, "content/event.ts"],
    e2e: ["event", "events", "back-office-week"],
    integration: [
      "events",
      "back-office-pages",
      "leads",
      "held-submissions",
      "editor-uploads",
      "follow-ups",
      "page-cache",
    ],
  },
  {
    paths: [
      "app/features/back-office/",
      "app/features/auth/",
      "app/features/reports/",
      /^app\/routes\/(admin|api-admin|api-auth|well-known)/,
    ],
    e2e: ["back-office", "back-office-phone", "lead-lifecycle", "inbox", "back-office-week"],
    integration: [
      "back-office",
      "follow-ups",
      "follow-ups-page",
      "admin-guards",
      "data-requests",
      "csv-libreoffice",
      "downloads",
      "content-editors",
      "back-office-pages",
      "lead-timeline",
      "push",
      "issue-attribution",
    ],
  },
  {
    paths: ["app/features/analytics/", "content/consent.ts"],
    e2e: ["consent", "pages-consent", "attribution", "issue-attribution"],
    integration: ["first-touch", "consent-records"],
  },
  {
    paths: ["app/features/scheduling/", /^app\/routes\/api-scheduling/],
    e2e: ["lead-lifecycle", "questionnaire"],
    integration: ["scheduling-webhook", "follow-ups"],
  },
  {
    // The follow-ups (docs/decisions/069) and the causes that plan or cancel them.
    paths: ["app/features/follow-ups/", /^app\/routes\/(admin-)?follow-ups/],
    e2e: ["follow-ups"],
    integration: [
      "follow-ups",
      "follow-ups-page",
      "scheduling-webhook",
      "leads",
      "events",
      "data-requests",
      "welcome-series",
    ],
  },
  {
    paths: ["app/features/vitals/", /^app\/routes\/(api-vitals|admin-vitals)/],
    e2e: ["vitals"],
    integration: ["vitals"],
  },
  {
    paths: ["app/features/image-export/", /visual-export/],
    e2e: ["back-office"],
    integration: ["foundation"],
  },
  {
    // Backups (their code in app/infra/ and scripts/ runs everything); the lost-disk drill is in test:drills.
    paths: ["app/features/back-office/backup-status", /^app\/routes\/admin-backup-download/],
    e2e: ["back-office"],
    integration: [
      "backup-restore",
      "backup-cli",
      "backup-offsite",
      "back-office-pages",
      "file-modes",
      "backup-dashboard",
    ],
  },
];
