import { hostname } from "node:os";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { Mailer } from "~/infra/mail.server";
import type { Messages } from "~/features/messages/messages.server";
import { currentSite, type SiteContentReader } from "~/features/site/site-content.server";
import { issueMail, type SenderFacts } from "./issue-mail.server";
import { startSendingWorker } from "./sending.server";

export interface NewsletterSending {
  /** Look for work now (an issue was just started) instead of at the next idle tick. */
  kick(): void;
  stop(): Promise<void>;
}

export interface NewsletterSendingDeps {
  db: Db;
  /** A pooled mailer of its own: one connection carries many messages. */
  mailer: Mailer;
  /** The message engine, for the trainer's warning (retried like any message when the relay refuses). */
  messages: Pick<Messages, "send">;
  logger: Logger;
  content: SiteContentReader["content"];
  siteUrl: string;
  secret: string;
  trainerEmail: string;
  ratePerMinute: number;
}

/** The sender's details for the legal footer, as published in Contact details (read once a minute). */
function senderFacts(content: SiteContentReader["content"]): () => Promise<SenderFacts> {
  let cached: { at: number; facts: SenderFacts } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < 60_000) return cached.facts;
    const site = await currentSite({ content });
    const facts: SenderFacts = {
      name: site.name,
      contactEmail: site.contactEmail,
      registrationNumber: site.registrationNumber,
      city: site.address.city,
      country: site.address.country,
    };
    cached = { at: Date.now(), facts };
    return facts;
  };
}

/** The background worker that sends started issues (sending.server.ts), wired to the site's services. */
export function startNewsletterSending(deps: NewsletterSendingDeps): NewsletterSending {
  const sender = senderFacts(deps.content);
  return startSendingWorker({
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    instance: `${hostname()}:${process.pid}`,
    ratePerMinute: deps.ratePerMinute,
    compose: async (issue, to) =>
      issueMail(issue, to, { siteUrl: deps.siteUrl, secret: deps.secret, sender: await sender() }),
    onProblem: (issue, problem) => {
      const url = `${deps.siteUrl}/admin/newsletter/${issue.id}`;
      deps.logger.error({ issue: issue.id }, "the mail server refuses the newsletter");
      const warning = { kind: "newsletter-warning", about: issue.id };
      void Promise.all([
        deps.messages.send({
          ...warning,
          key: `newsletter-warning:${issue.id}:push`,
          channel: "push",
          payload: {
            title: "The newsletter is not going out",
            body: problem.slice(0, 120),
            url,
            tag: `issue-${issue.id}`,
          },
        }),
        deps.messages.send({
          ...warning,
          key: `newsletter-warning:${issue.id}:email`,
          channel: "email",
          payload: {
            to: deps.trainerEmail,
            subject: `The newsletter "${issue.subject.replace(/[\r\n]+/g, " ").slice(0, 80)}" is not going out`,
            text: `${problem}\n\nSee the issue: ${url}`,
          },
        }),
      ]).catch((error: unknown) =>
        deps.logger.warn({ err: error }, "the warning about the newsletter could not be queued"),
      );
    },
  });
}
