import path from "node:path";
import type { AppServices } from "~/context";
import type { Env } from "~/infra/env.server";
import { openDatabase } from "~/infra/db.server";
import { authSecretFile, generateAuthSecret, storeAuthSecret, storedAuthSecret } from "~/infra/auth-secret.server";
import { createLogger, type Logger } from "~/infra/logger.server";
import { hitRateLimit, memoryRateLimiter, startRateLimitPruning } from "~/infra/rate-limit.server";
import { startRetention } from "~/features/reports/retention.server";
import { startHeldNotices } from "~/features/leads/held.server";
import { eventStarts } from "~/features/events/events.server";
import { startNewsletterSending } from "~/features/newsletter/worker.server";
import { createMailer } from "~/infra/mail.server";
import { createPaymentProvider } from "~/features/checkout/payments.server";
import { followUpPeople } from "./follow-up-people";
import { subscriberIdByEmail } from "~/features/newsletter/person.server";
import { Outbox, type OutboxFiles } from "~/features/leads/outbox.server";
import { createAuth } from "~/features/auth/auth.server";
import { startBackups } from "~/infra/backup-schedule.server";
import { createAlarms, type Alarms } from "~/infra/alarms.server";
import { orderConfirmations } from "~/features/checkout/order-confirmation.server";
import { saleRevision } from "~/features/checkout/sales.server";
import { createSiteContentStore, seedReads, seedSiteContent } from "~/content-kinds.server";
import { rememberReads } from "~/features/content/last-read.server";
import { seedLeadMagnetFiles } from "~/features/blog/lead-magnet-seeds.server";
import { createTrainerPush } from "~/infra/push.server";
import { currentSite } from "~/features/site/site-content.server";
import { createMessages } from "~/features/messages/messages.server";
import { createTransport } from "~/features/messages/transport.server";
import type { PushMessage } from "~/infra/push.server";
import { createFollowUps, followUpConfigOf } from "~/features/follow-ups/follow-ups.server";
import { registerOutboxHandlers } from "./outbox-handlers";

/** An alarm's e-mail to the trainer: its body, then the link. */
const alarmMail = (to: string, subject: string, alarm: PushMessage) => ({
  to,
  subject,
  text: `${alarm.body}\n\n${alarm.url}`,
});

/**
 * The composition root: the one place that knows every feature and wires infra into them.
 * It lives with the server start-up (not in app/infra) so infra stays below the features.
 */

export async function createServices(
  env: Env,
  options: {
    logger?: Logger;
    memoryDb?: boolean;
    startOutbox?: boolean;
    /** Scheduled backups; off by default wherever the outbox is not started (scripts, tests). */
    startBackups?: boolean;
    /** The client build's version: public pages are revalidated against it (contentRevision). */
    buildId?: string;
    /** The form outbox's file-system calls; the fault drill's full disk (app/features/leads/full-disk.ts). */
    outboxFiles?: OutboxFiles;
  } = {},
): Promise<AppServices> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    memory: options.memoryDb,
    migrate: false,
  });
  // Pages keep showing the last content read while the database is away (kept beside the outbox).
  // The embedded database has one process: its store may trust a revision no write here has changed.
  const content = rememberReads(createSiteContentStore(database.db, { soleWriter: database.engine === "pglite" }), {
    file: path.resolve(env.DATA_DIR, "content-cache.json"),
    logger,
    fallback: seedReads(),
  });
  const saleNow = saleRevision({ content });
  // Migrations and the first start's seeds need the database. A PostgreSQL that does not answer at
  // start (an outage; a host restarting both) does not keep the site down: it starts from what is
  // kept on disk (content-cache.json, the outbox) and does these once the database answers.
  const prepare = async () => {
    await database.migrate();
    await seedSiteContent(content);
    await seedLeadMagnetFiles(database.db);
  };
  const awayAtStart =
    database.engine === "postgres" &&
    (await database.ping().then(
      () => false,
      () => true,
    ));
  if (!awayAtStart) await prepare();
  const secret = resolveSecret(env);
  const payments = createPaymentProvider(env, database.db, logger, subscriberIdByEmail);
  const mailer = createMailer(env.SMTP_URL, env.MAIL_FROM, logger);
  const newsletterMailer = createMailer(env.SMTP_URL, env.MAIL_FROM, logger, { pool: true });
  // The VAPID key pair is made here at the first start and kept in the database.
  const push = await createTrainerPush({
    db: database.db,
    logger,
    contact: env.TRAINER_EMAIL,
    allowLoopback: env.NODE_ENV !== "production",
  });
  // Every instance runs the worker; scripts and tests that start no outbox only queue.
  const messages = createMessages({
    db: database.db,
    mailer,
    push,
    logger,
    retryBaseMs: env.MESSAGE_RETRY_BASE_MS,
    leaseMs: env.MESSAGE_LEASE_MS,
    startWorker: options.startOutbox !== false,
  });
  // Passed to the causes that plan follow-ups: through AppServices to the routes, and to the outbox's replays.
  const followUps = createFollowUps(messages, followUpConfigOf(env, secret), followUpPeople);
  // Set below: the alarms read the outbox, and the outbox asks them to look at once when it cannot write.
  let alarms: Alarms | null = null;
  const outbox = new Outbox(path.resolve(env.DATA_DIR, "outbox.jsonl"), logger, {
    probe: () => database.ping(),
    files: options.outboxFiles,
    onWriteFailure: () =>
      void alarms?.check().catch((error: unknown) => logger.error({ err: error }, "alarm check failed")),
  });
  registerOutboxHandlers(outbox, database.db, {
    messages,
    env,
    logger,
    trainerEmail: env.TRAINER_EMAIL,
    siteUrl: env.SITE_URL,
    secret,
    articles: content,
    content,
    followUps,
  });
  if (options.startOutbox !== false) {
    outbox.start();
    // Drain what an earlier run left behind as soon as the server is up.
    void outbox.replay().catch((error: unknown) => logger.error({ err: error }, "initial outbox replay failed"));
  }
  const stopPruning = startRateLimitPruning(database.db, (error) =>
    logger.warn({ err: error }, "pruning old rate-limit windows failed"),
  );
  // The morning notice of forms from possible clients held for review (one a day, through the engine).
  const stopHeldNotices =
    options.startOutbox !== false && !options.memoryDb
      ? startHeldNotices(database.db, { siteUrl: env.SITE_URL, trainerEmail: env.TRAINER_EMAIL, messages }, (error) =>
          logger.warn({ err: error }, "the held-forms notice failed"),
        )
      : () => {};
  const stopRetention = startRetention(
    database.db,
    async () => ({ eventStarts: await eventStarts(content) }),
    (error) => logger.warn({ err: error }, "removing data past its retention period failed"),
  );
  const backups = startBackups(
    database,
    (options.startBackups ?? options.startOutbox !== false) && !options.memoryDb
      ? env
      : { ...env, BACKUP_INTERVAL_MINUTES: 0 },
    logger,
  );
  let preparing: NodeJS.Timeout | undefined;
  let closed = false;
  if (awayAtStart) {
    logger.error("the database does not answer at start: serving the content kept on disk, forms go to the outbox");
    const attempt = () => {
      preparing = undefined;
      void prepare()
        .then(() => push.loadKeys())
        .then(
          () => logger.info("the database answers: migrations and first-start seeds done"),
          () => {
            if (closed) return;
            preparing = setTimeout(attempt, 5_000);
            preparing.unref();
          },
        );
    };
    preparing = setTimeout(attempt, 5_000);
    preparing.unref();
  }
  // A push and an e-mail to the trainer when backups fail or stop, or forms cannot be saved: one
  // message per event in the engine, whichever instance notices it first.
  alarms =
    options.startOutbox !== false && !options.memoryDb
      ? createAlarms({
          read: async () => {
            const [backup, dead] = await Promise.all([backups.summary(), outbox.deadLetters()]);
            return {
              lastGoodBackupAt: backup.lastGoodAt,
              lastBackupFailureAt: backup.lastFailureAt,
              deadLetters: dead.length,
              newestDeadLetter: dead[0]?.id ?? null,
              formOutboxFailedAt: outbox.lastWriteFailure?.since ?? null,
              offsite: backup.offsite.configured
                ? { lastGoodAt: backup.offsite.lastGoodAt, lastAttemptFailed: backup.offsite.lastAttemptFailed }
                : null,
            };
          },
          send: async ({ subject, event, ...alarm }, direct) => {
            const about = { kind: "alarm", about: alarm.tag };
            const sentAt = (channel: string) =>
              direct?.channels.includes(channel) ? { sentAt: new Date(direct.at) } : {};
            const pushed = await messages.send({
              ...about,
              key: `alarm:${event}:push`,
              channel: "push",
              payload: alarm,
              ...sentAt("push"),
            });
            const mailed = await messages.send({
              ...about,
              key: `alarm:${event}:email`,
              channel: "email",
              payload: alarmMail(env.TRAINER_EMAIL, subject, alarm),
              ...sentAt("email"),
            });
            return Boolean(pushed?.created || mailed?.created);
          },
          // The database is away (the engine's queue): the e-mail straight to the relay. The push
          // waits for the database (her devices' subscriptions are in it) and is queued then.
          sendDirect: async (alarm) => {
            if (!mailer) return [];
            const deliver = createTransport({ mailer, push: null });
            const outcome = await deliver({
              channel: "email",
              payload: alarmMail(env.TRAINER_EMAIL, alarm.subject, alarm),
            });
            return outcome.ok ? ["email"] : [];
          },
          directFile: path.resolve(env.DATA_DIR, "alarms-direct.json"),
          siteUrl: env.SITE_URL,
          backupIntervalMinutes: env.BACKUP_INTERVAL_MINUTES,
          logger,
        })
      : null;
  const orderMessages = orderConfirmations({
    db: database.db,
    messages,
    siteUrl: env.SITE_URL,
    site: () => currentSite({ content }),
    trainerEmail: env.TRAINER_EMAIL,
  });
  // Settled orders whose messages a stop (or an older version's sweep) left unqueued.
  if (options.startOutbox !== false && !awayAtStart)
    void orderMessages
      .queue()
      .catch((error: unknown) => logger.error({ err: error }, "queueing order messages failed"));
  // Scripts and tests that start no outbox send no newsletter either.
  const newsletter =
    newsletterMailer && options.startOutbox !== false
      ? startNewsletterSending({
          db: database.db,
          mailer: newsletterMailer,
          messages,
          logger,
          content,
          siteUrl: env.SITE_URL,
          secret,
          trainerEmail: env.TRAINER_EMAIL,
          ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
        })
      : null;
  const memoryLimit = memoryRateLimiter();
  return {
    env,
    logger,
    database,
    backups,
    alarms,
    newsletter,
    orderConfirmations: orderMessages,
    secret,
    payments,
    mailer,
    outbox,
    messages,
    followUps,
    push,
    auth: createAuth({ db: database.db, env, secret, logger, mailer }),
    content,
    // The build (templates, styles), the content store's publishes and a sale starting or ending by
    // the clock all change what pages show.
    contentRevision: async (read) => {
      const revision = await (read?.fresh ? content.revision(true) : content.revision());
      return `${options.buildId ?? "unbuilt"}:${revision}:${await saleNow(revision)}`;
    },
    async rateLimit(key, limit, windowSeconds) {
      try {
        return await hitRateLimit(database.db, key, limit, windowSeconds);
      } catch (error) {
        // The database is away: real visitors' submissions go to the outbox, counted in this
        // instance's memory so that a bot cannot fill it without limit.
        logger.warn({ err: error, key: key.split(":")[0] }, "rate limit check failed, counting in memory");
        return memoryLimit(key, limit, windowSeconds);
      }
    },
    async close() {
      closed = true;
      clearTimeout(preparing);
      outbox.stop();
      backups.stop();
      alarms?.stop();
      stopPruning();
      stopRetention();
      stopHeldNotices();
      await Promise.all([newsletter?.stop(), messages.stop()]);
      await content.flush();
      newsletterMailer?.close();
      mailer?.close();
      await database.close();
    },
  };
}

function resolveSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL && env.NODE_ENV === "production") {
    // Several instances must share one secret; a per-instance file would break sessions.
    const restored =
      storedAuthSecret(env.DATA_DIR) === undefined
        ? ""
        : `; set it to the content of ${authSecretFile(env.DATA_DIR)} (the secret a restore put back)`;
    throw new Error(
      `Invalid environment configuration:\n  AUTH_SECRET: required when DATABASE_URL is set in production${restored}`,
    );
  }
  // Made once, then kept: backups carry it and a restore writes it back (decision 048).
  const stored = storedAuthSecret(env.DATA_DIR);
  if (stored !== undefined) return stored;
  const generated = generateAuthSecret();
  storeAuthSecret(env.DATA_DIR, generated);
  return generated;
}
