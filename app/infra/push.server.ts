import { eq, and } from "drizzle-orm";
import webpush from "web-push";
import { pushKeys, pushSubscriptions } from "#db/schema";
import type { Db } from "./db.server";
import type { Logger } from "./logger.server";

/** What one notification says; `url` is the back-office page a tap on it opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Same tag, same notification: a later one replaces the earlier instead of piling up. */
  tag: string;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface TrainerPush {
  /** The VAPID public key a browser needs to subscribe (base64url). */
  publicKey: string;
  subscribe(
    userId: string,
    subscription: unknown,
    device: string,
  ): Promise<{ ok: true } | { ok: false; message: string }>;
  unsubscribe(userId: string, endpoint: string): Promise<void>;
  devices(userId: string): Promise<{ endpoint: string; device: string; createdAt: Date; lastSentAt: Date | null }[]>;
  /** Sends to every subscribed device; a device whose push service says it is gone is removed. */
  send(message: PushMessage, userId?: string): Promise<{ sent: number; removed: number; failed: number }>;
  /** `send` without waiting: a push problem is logged and never reaches the visitor or the payment. */
  notify(message: PushMessage): void;
}

/**
 * The push services of the browsers the trainer may use. A subscription names the address the
 * server will post to, so only these hosts are accepted (a forged subscription cannot make the
 * server call anything else); outside production, a loopback address too, for local tests.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/, // Chrome, Edge and Samsung Internet on Android, Chrome on desktop
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/, // Firefox
  /(^|\.)push\.apple\.com$/, // Safari, iOS home-screen apps
  /(^|\.)notify\.windows\.com$/, // Edge on Windows
];
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function acceptedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowLoopback && url.protocol === "http:" && LOOPBACK.has(url.hostname)) return true;
  return url.protocol === "https:" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}

function parseSubscription(value: unknown): BrowserSubscription | null {
  if (typeof value !== "object" || value === null) return null;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (typeof endpoint !== "string" || endpoint.length > 1000) return null;
  if (typeof keys?.p256dh !== "string" || !base64url.test(keys.p256dh) || keys.p256dh.length > 200) return null;
  if (typeof keys.auth !== "string" || !base64url.test(keys.auth) || keys.auth.length > 100) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The key pair made at the first start; two instances starting together keep the first one stored. */
async function vapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const read = async () => (await db.select().from(pushKeys).where(eq(pushKeys.id, 1)))[0];
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(pushKeys)
    .values({ id: 1, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error("the VAPID key pair could not be stored");
  return stored;
}

export async function createTrainerPush(deps: {
  db: Db;
  logger: Logger;
  /** Who runs the sender, for push services that need to reach someone: `mailto:` the trainer. */
  contact: string;
  allowLoopback: boolean;
}): Promise<TrainerPush & { loadKeys(): Promise<void> }> {
  const { db, logger, allowLoopback } = deps;
  // A server started while PostgreSQL is away reads the key pair once it answers (loadKeys, or the
  // first send); until then nothing can be sent or subscribed anyway.
  let keys = await vapidKeys(db).catch((error: unknown) => {
    logger.warn({ err: error }, "the push key pair could not be read at start; read when the database answers");
    return undefined;
  });
  const loadKeys = async () => (keys ??= await vapidKeys(db));

  async function deliver(
    row: typeof pushSubscriptions.$inferSelect,
    payload: string,
    vapidDetails: { subject: string; publicKey: string; privateKey: string },
  ) {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      // A lead is worth a wake-up; a notification older than a day is no longer news.
      { vapidDetails, TTL: 24 * 60 * 60, urgency: "high", contentEncoding: "aes128gcm" },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(10_000),
    });
    return response.status;
  }

  const push: TrainerPush & { loadKeys(): Promise<void> } = {
    get publicKey() {
      return keys?.publicKey ?? "";
    },
    async loadKeys() {
      await loadKeys();
    },
    async subscribe(userId, value, device) {
      const subscription = parseSubscription(value);
      if (!subscription) return { ok: false, message: "The browser sent a subscription this site cannot read." };
      if (!acceptedEndpoint(subscription.endpoint, allowLoopback))
        return { ok: false, message: "This browser's push service is not one the site sends to." };
      const values = { userId, endpoint: subscription.endpoint, ...subscription.keys, device: device.slice(0, 80) };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      return { ok: true };
    },
    async unsubscribe(userId, endpoint) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },
    async devices(userId) {
      return db
        .select({
          endpoint: pushSubscriptions.endpoint,
          device: pushSubscriptions.device,
          createdAt: pushSubscriptions.createdAt,
          lastSentAt: pushSubscriptions.lastSentAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt);
    },
    async send(message, userId) {
      const vapidDetails = { subject: `mailto:${deps.contact}`, ...(await loadKeys()) };
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(userId ? eq(pushSubscriptions.userId, userId) : undefined);
      const payload = JSON.stringify(message);
      const outcome = { sent: 0, removed: 0, failed: 0 };
      for (const row of rows) {
        try {
          const status = await deliver(row, payload, vapidDetails);
          if (status === 404 || status === 410) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
            outcome.removed++;
          } else if (status >= 200 && status < 300) {
            await db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, row.id));
            outcome.sent++;
          } else {
            // Only the push service's host and status: the message itself names a person.
            logger.warn({ status, host: new URL(row.endpoint).host }, "push service refused a notification");
            outcome.failed++;
          }
        } catch (error) {
          logger.warn({ error: (error as Error).name, host: new URL(row.endpoint).host }, "push notification not sent");
          outcome.failed++;
        }
      }
      return outcome;
    },
    notify(message) {
      push.send(message).catch((error: unknown) => logger.error({ err: error }, "push notifications failed"));
    },
  };
  return push;
}
