import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { Outbox } from "~/features/leads/outbox.server";
import type { Messages } from "~/features/messages/messages.server";
import type { FollowUps } from "~/features/follow-ups/follow-ups.server";
import { replayHandler } from "~/features/leads/signups.server";
import { HELD_OUTBOX_KIND, heldReplayHandler } from "~/features/leads/held.server";
import {
  OUTBOX_KIND as NEWSLETTER_KIND,
  storeFromOutbox as storeNewsletterFromOutbox,
} from "~/features/newsletter/subscribe.server";
import type { SiteContentReader } from "~/features/site/site-content.server";
import { WELCOME_KIND, legacyWelcomeHandler, type ArticleLookup } from "~/features/newsletter/welcome.server";

/** What replayed submissions may need besides the database (notifications). */
export interface OutboxHandlerDeps {
  /** The message engine for the trainer's notices; without it a replayed lead notifies no one. */
  messages?: Pick<Messages, "send" | "kick" | "email">;
  /** For the confirmation e-mail's links (SITE_URL). */
  env?: Env;
  logger?: Logger;
  trainerEmail?: string;
  /** For the newsletter welcome e-mail's links. */
  siteUrl?: string;
  secret?: string;
  /** The live articles, for the lead magnet a welcome e-mail hands out. */
  articles?: ArticleLookup;
  /** The content store, for the published contact address in the welcome e-mail. */
  content?: SiteContentReader["content"];
  /** A replayed questionnaire's nudge, a replayed event place's messages; without it none is planned. */
  followUps?: FollowUps;
}

/**
 * Every kind of submission that can wait in the outbox, with the idempotent write
 * that stores it once the database is back. Wired here, at start-up, so no feature has to
 * know another one's kind (leads would otherwise import newsletter).
 */
export function registerOutboxHandlers(outbox: Outbox, db: Db, deps: OutboxHandlerDeps = {}): void {
  // Leads (intake questionnaire, event signup): same id and idempotency key as at submit time.
  const leadDeps = {
    db,
    messages: deps.messages ?? { send: async () => null },
    logger: deps.logger ?? outbox.logger,
    trainerEmail: deps.trainerEmail ?? "",
    siteUrl: deps.siteUrl ?? "",
    followUps: deps.followUps ?? null,
  };
  outbox.register("intake", replayHandler("intake", leadDeps));
  outbox.register("event", replayHandler("event", leadDeps));
  // Held for review (too fast to be typed): into the review list, no notification.
  outbox.register(HELD_OUTBOX_KIND, heldReplayHandler(db));
  // Newsletter: an upsert on the unique e-mail, so a replay twice stores one row.
  outbox.register(NEWSLETTER_KIND, (payload) =>
    storeNewsletterFromOutbox(
      db,
      payload,
      deps.messages && deps.env
        ? { messages: deps.messages, env: deps.env, secret: deps.secret ?? "", content: deps.content }
        : undefined,
    ),
  );
  // Welcome e-mails an older version left in the outbox: moved onto the message engine once (decision 063).
  outbox.register(
    WELCOME_KIND,
    legacyWelcomeHandler({
      db,
      messages: deps.messages ?? { send: async () => null, kick: () => undefined, email: false },
      siteUrl: deps.siteUrl ?? "",
      secret: deps.secret ?? "",
      articles: deps.articles,
      content: deps.content,
    }),
  );
}
