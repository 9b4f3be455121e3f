import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { routeEntries } from "./kernel/route-meta";

/** Pages of the route table that belong to the back office (its image tools). */
const adminTools = new Set(["faq-visual-export", "testimonial-visual-export"]);
const page = (entry: (typeof routeEntries)[number]) => route(entry.path, entry.file, { id: entry.id });

export default [
  // Visitor pages wear the public chrome (header, footer, newsletter, cookie bar).
  layout("routes/public-layout.tsx", [
    ...routeEntries.filter((entry) => !adminTools.has(entry.id)).map(page),
    route("checkout/test/:id", "routes/checkout-test.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    route("follow-ups/stop", "routes/follow-ups-stop.tsx"),
    route("newsletter/archive/:slug", "routes/newsletter-archive.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Back office: its own layout; not in the public route table, so never in a sitemap. Its guards are
  // middleware declared here and on the few routes that need more (docs/back-office-kit.md): the
  // layout checks that every form comes from the back office, the signed-in layout checks the session.
  layout("routes/admin-layout.tsx", [
    route("admin/login", "routes/admin-login.tsx"),
    route("admin/verify", "routes/admin-verify.tsx"),
    route("admin/forgot-password", "routes/admin-forgot-password.tsx"),
    route("admin/reset-password", "routes/admin-reset-password.tsx"),
    route("admin/sign-out", "routes/admin-sign-out.ts"),
    // Open before the second factor is set up: it declares its own session check.
    route("admin/security", "routes/admin-security.tsx"),
    layout("routes/admin-signed-in.tsx", [
      route("admin", "routes/admin.tsx"),
      route("admin/confirm", "routes/admin-confirm.tsx"),
      route("admin/events", "routes/admin-events.tsx"),
      route("admin/events/new", "routes/admin-event.tsx", { id: "admin-event-new" }),
      route("admin/events/:key", "routes/admin-event.tsx"),
      route("admin/event-signups", "routes/admin-event-signups.tsx"),
      route("admin/offers", "routes/admin-offers.tsx"),
      route("admin/testimonials", "routes/admin-testimonials.tsx"),
      route("admin/faq", "routes/admin-faq.tsx"),
      route("admin/site", "routes/admin-site.tsx"),
      route("admin/subscribers", "routes/admin-subscribers.tsx"),
      route("admin/subscribers/import", "routes/admin-subscribers-import.tsx"),
      route("admin/newsletter", "routes/admin-newsletter.tsx"),
      route("admin/newsletter/new", "routes/admin-newsletter-issue.tsx", { id: "admin-newsletter-new" }),
      route("admin/newsletter/:id", "routes/admin-newsletter-issue.tsx"),
      route("admin/orders", "routes/admin-orders.tsx"),
      route("admin/clients", "routes/admin-clients.tsx"),
      route("admin/leads/:id", "routes/admin-lead.tsx"),
      route("admin/funnel", "routes/admin-funnel.tsx"),
      route("admin/vitals", "routes/admin-vitals.tsx"),
      route("admin/unsaved", "routes/admin-unsaved.tsx"),
      route("admin/held", "routes/admin-held.tsx"),
      route("admin/data-requests", "routes/admin-data-requests.tsx"),
      route("admin/messages", "routes/admin-messages.tsx"),
      route("admin/follow-ups", "routes/admin-follow-ups.tsx"),
      route("admin/articles", "routes/admin-articles.tsx"),
      route("admin/articles/new", "routes/admin-article.tsx", { id: "admin-article-new" }),
      route("admin/articles/:slug", "routes/admin-article.tsx"),
      ...routeEntries.filter((entry) => adminTools.has(entry.id)).map(page),
      // Resource routes: the layout's middleware runs for them too (they render no layout).
      route("admin/leads/:id/contact", "routes/admin-lead-contact.ts"),
      route("admin/push", "routes/admin-push.ts"),
      route("admin/backups/:name", "routes/admin-backup-download.ts"),
      route("admin/data-requests/export", "routes/admin-data-requests-export.ts"),
    ]),
  ]),
  // Scripts may fetch a CSV with an access token (no session, no Origin): it declares its own check.
  route("admin/export/:list", "routes/admin-export.ts"),
  route("admin.webmanifest", "routes/admin-webmanifest.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("api/create-checkout-session", "routes/api-create-checkout-session.ts"),
  route("api/stripe-webhook", "routes/api-stripe-webhook.ts"),
  route("api/customer-portal", "routes/api-customer-portal.ts"),
  route("api/auth/*", "routes/api-auth.ts"),
  route("api/admin/accounts", "routes/api-admin-accounts.ts"),
  route(".well-known/jwks.json", "routes/well-known-jwks.ts"),
  // Blog and newsletter: feeds, the subscribe endpoint and the e-mail links (never indexed).
  route("blog/rss.xml", "routes/blog-rss-xml.ts"),
  // Pictures uploaded in the back office (kept in the database) and lead-magnet downloads.
  route("media/uploads/:name", "routes/media-upload.ts"),
  route("download/:token", "routes/download.ts"),
  route("api/newsletter", "routes/api-newsletter.ts"),
  route("api/newsletter/resend", "routes/api-newsletter-resend.ts"),
  route("api/newsletter/relay-webhook", "routes/api-newsletter-relay-webhook.ts"),
  // Lead forms: the step flow posts JSON here; the plain HTML forms post to /start and /nicaragua.
  route("api/intake", "routes/api-intake.ts"),
  route("api/event-signup", "routes/api-event-signup.ts"),
  // Each question of the questionnaire reached, counted per day (no cookie, no identifier).
  route("api/questionnaire-step", "routes/api-questionnaire-step.ts"),
  // Real visitors' Core Web Vitals (no cookie, no identifier).
  route("api/vitals", "routes/api-vitals.ts"),
  // The scheduling service reports booked and cancelled intake calls here (signed).
  route("api/scheduling-webhook", "routes/api-scheduling-webhook.ts"),
] satisfies RouteConfig;
