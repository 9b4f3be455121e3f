import { Counter, Registry } from "prom-client";

/**
 * Counters that infra and features bump where things happen (mail, web hooks). They live in one
 * registry for the process; /metrics merges it with the per-app gauges that read the database,
 * the outbox and the backups at scrape time (server/metrics.ts).
 */
export const eventRegistry = new Registry();

export const emailsSent = new Counter({
  name: "mjc_emails_sent_total",
  help: "E-mails handed to the SMTP server",
  registers: [eventRegistry],
});

export const emailsFailed = new Counter({
  name: "mjc_emails_failed_total",
  help: "E-mails the SMTP server did not take",
  registers: [eventRegistry],
});

export const webhookFailures = new Counter({
  name: "mjc_webhook_failures_total",
  help: "Web hooks that failed: incoming (stripe, scheduling) or outgoing (newsletter)",
  labelNames: ["webhook"] as const,
  registers: [eventRegistry],
});
