import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server standing in for Stripe's API, for integration tests: the real
 * `stripe` SDK talks to it (host/port/protocol options), it answers with objects shaped
 * like Stripe's, replays idempotent requests like Stripe does, and records every request
 * so tests can assert the exact parameters sent.
 */

export type Params = { [key: string]: unknown };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StripeObject>;
  schedules: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  coupons: Map<string, StripeObject>;
  /** Marks a session completed the way Stripe does after a successful payment; an expired one cannot be paid. */
  completeSession(id: string, extra?: Record<string, unknown>): StripeObject;
  /** While true, every request's connection is dropped unanswered, as when Stripe cannot be reached. */
  unreachable: boolean;
  /** Requests to one path (method + path, e.g. "POST /v1/checkout/sessions"). */
  calls(route: string): RecordedRequest[];
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (a[b][0][c]=x) into nested objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, "").split("[");
    let node: Params | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1] ?? "");
      const slot = Array.isArray(node) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Params | unknown[];
      }
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(res: ServerResponse, status: number, message: string, code = "resource_missing", param?: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", code, message, param } }));
}

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StripeObject>();
  const schedules = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const portalConfigurations = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  // A subscription keeps the discounts of the session that made it; its schedule's phase copies them.
  const subscriptionDiscounts = new Map<string, Params[]>();
  const sessionDiscounts = new Map<string, Params[]>();
  const idempotent = new Map<string, { status: number; body: string }>();
  // Stripe keeps line items apart from the session object; so does the stand-in.
  const sessionPrice = new Map<string, string>();
  const subscriptionPrice = new Map<string, string>();
  const reach = { unreachable: false };

  function route(method: string, path: string, params: Params): { status: number; body: unknown } | null {
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id(`cs_test_a1`);
      const mode = String(params.mode);
      const lineItems = (params.line_items as Params[] | undefined) ?? [];
      const price = prices.get(String(lineItems[0]?.price));
      const discounts = (params.discounts as Params[] | undefined) ?? [];
      // Like Stripe: an unknown or expired coupon refuses the session.
      let off = 0;
      for (const discount of discounts) {
        const coupon = coupons.get(String(discount.coupon));
        if (!coupon || !coupon.valid)
          return {
            status: 400,
            body: { error: { type: "invalid_request_error", message: `No such coupon: '${String(discount.coupon)}'` } },
          };
        const unit = price ? Number(price.unit_amount) : 0;
        off += coupon.amount_off ? Number(coupon.amount_off) : Math.round((unit * Number(coupon.percent_off)) / 100);
      }
      const amount = price ? Math.max(0, Number(price.unit_amount) - off) : null;
      const session: StripeObject = {
        id: sessionId,
        object: "checkout.session",
        mode,
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        amount_total: amount,
        amount_subtotal: price ? Number(price.unit_amount) : null,
        total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
        discounts: discounts.map((d) => ({ coupon: d.coupon, promotion_code: null })),
        currency: price ? price.currency : "eur",
        customer: null,
        customer_details: null,
        payment_intent: null,
        subscription: null,
        livemode: false,
        created: now(),
        expires_at: now() + 86_400,
      };
      sessions.set(sessionId, session);
      sessionPrice.set(sessionId, String(lineItems[0]?.price ?? ""));
      sessionDiscounts.set(sessionId, discounts);
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ""));
      return session ? { status: 200, body: session } : null;
    }
    if (method === "POST" && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ""));
      if (!session) return null;
      // Like Stripe: only an open session can be expired; anything else is refused with its status.
      if (session.status !== "open")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
            },
          },
        };
      Object.assign(session, { status: "expired", url: null });
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/subscription_schedules") {
      const subscription = String(params.from_subscription ?? "");
      if (!subscription.startsWith("sub_"))
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "from_subscription is required" } },
        };
      const session = [...sessions.values()].find((s) => s.subscription === subscription);
      const priceId = subscriptionPrice.get(subscription) ?? "price_unknown";
      const start = now();
      const schedule: StripeObject = {
        id: id("sub_sched"),
        object: "subscription_schedule",
        subscription,
        customer: session?.customer ?? id("cus"),
        status: "active",
        end_behavior: "release",
        metadata: {},
        current_phase: { start_date: start, end_date: start + 30 * 86_400 },
        phases: [
          {
            start_date: start,
            end_date: start + 30 * 86_400,
            items: [{ price: priceId, quantity: 1, metadata: {} }],
            discounts: (subscriptionDiscounts.get(subscription) ?? []).map((d) => ({
              coupon: d.coupon,
              discount: `di_${String(d.coupon)}`,
              promotion_code: null,
            })),
            metadata: {},
          },
        ],
        created: start,
        livemode: false,
      };
      schedules.set(schedule.id, schedule);
      return { status: 200, body: schedule };
    }
    if (method === "POST" && (match = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path))) {
      const schedule = schedules.get(match[1] ?? "");
      if (!schedule) return null;
      const phases = ((params.phases as Params[] | undefined) ?? []).map((phase) => {
        const start = Number(phase.start_date);
        const duration = phase.duration as { interval_count?: string } | undefined;
        const months = Number(duration?.interval_count ?? 1);
        return { ...phase, start_date: start, end_date: start + months * 30 * 86_400 };
      });
      Object.assign(
        schedule,
        { end_behavior: params.end_behavior ?? schedule.end_behavior, metadata: params.metadata ?? schedule.metadata },
        phases.length ? { phases } : {},
      );
      return { status: 200, body: schedule };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const portalId = id("bps");
      return {
        status: 200,
        body: {
          id: portalId,
          object: "billing_portal.session",
          customer: params.customer,
          return_url: params.return_url,
          configuration: params.configuration ?? "bpc_default",
          url: `https://billing.stripe.com/p/session/test_${portalId}`,
          created: now(),
          livemode: false,
        },
      };
    }
    if (method === "POST" && path === "/v1/billing_portal/configurations") {
      const config: StripeObject = {
        id: id("bpc"),
        object: "billing_portal.configuration",
        active: true,
        features: params.features,
        business_profile: params.business_profile,
        livemode: false,
      };
      portalConfigurations.set(config.id, config);
      return { status: 200, body: config };
    }
    if (method === "POST" && path === "/v1/coupons") {
      const couponId = String(params.id ?? id("coupon"));
      if (coupons.has(couponId))
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_already_exists",
              message: "Coupon already exists.",
            },
          },
        };
      const redeemBy = params.redeem_by === undefined ? null : Number(params.redeem_by);
      if (redeemBy !== null && redeemBy <= now())
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "redeem_by must be in the future" } },
        };
      const coupon: StripeObject = {
        id: couponId,
        object: "coupon",
        name: params.name ?? null,
        amount_off: params.amount_off === undefined ? null : Number(params.amount_off),
        percent_off: params.percent_off === undefined ? null : Number(params.percent_off),
        currency: params.currency ?? null,
        duration: params.duration ?? "once",
        duration_in_months: params.duration_in_months === undefined ? null : Number(params.duration_in_months),
        redeem_by: redeemBy,
        applies_to: params.applies_to ?? null,
        metadata: params.metadata ?? {},
        valid: true,
        livemode: false,
        created: now(),
      };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === "GET" && (match = /^\/v1\/coupons\/([^/]+)$/.exec(path))) {
      const coupon = coupons.get(decodeURIComponent(match[1] ?? ""));
      return coupon ? { status: 200, body: coupon } : null;
    }
    if (method === "GET" && (match = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const product = products.get(decodeURIComponent(match[1] ?? ""));
      return product ? { status: 200, body: product } : null;
    }
    if (method === "POST" && path === "/v1/products") {
      const product: StripeObject = {
        id: String(params.id ?? id("prod")),
        object: "product",
        name: params.name,
        metadata: params.metadata ?? {},
        active: true,
        livemode: false,
      };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const active = params.active === undefined ? null : params.active === "true";
      const data = [...prices.values()].filter(
        (p) => (active === null || p.active === active) && keys.includes(String(p.lookup_key)),
      );
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    }
    if ((match = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = prices.get(decodeURIComponent(match[1] ?? ""));
      if (!price) return null;
      // Like Stripe, an update may archive a price or change its lookup key and nickname, never its amount.
      if (method === "POST") {
        if (params.unit_amount !== undefined)
          return {
            status: 400,
            body: { error: { type: "invalid_request_error", message: "Received unknown parameter: unit_amount" } },
          };
        if (params.active !== undefined) price.active = params.active === "true";
        if (params.nickname !== undefined) price.nickname = params.nickname;
      }
      return { status: 200, body: price };
    }
    if (method === "POST" && path === "/v1/prices") {
      if (params.transfer_lookup_key === "true") {
        for (const p of prices.values()) if (p.lookup_key === params.lookup_key) p.lookup_key = null;
      }
      const recurring = params.recurring as { interval?: string; interval_count?: string } | undefined;
      const price: StripeObject = {
        id: id("price"),
        object: "price",
        product: params.product,
        currency: params.currency,
        unit_amount: Number(params.unit_amount),
        lookup_key: params.lookup_key ?? null,
        nickname: params.nickname ?? null,
        metadata: params.metadata ?? {},
        recurring: recurring
          ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
          : null,
        type: recurring ? "recurring" : "one_time",
        active: true,
        livemode: false,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    return null;
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const body = Buffer.concat(chunks).toString("utf8");
    const params = req.method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey,
      stripeVersion: req.headers["stripe-version"] as string | undefined,
    });

    if (reach.unreachable) {
      req.socket.destroy();
      return;
    }
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer sk_test_") || (options.secretKey && auth !== `Bearer ${options.secretKey}`)) {
      res.writeHead(401, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
      return;
    }
    const replayKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      res.writeHead(replay.status, { "Content-Type": "application/json", "Idempotent-Replayed": "true" });
      res.end(replay.body);
      return;
    }
    const result = route(req.method ?? "GET", url.pathname, params);
    if (!result) return stripeError(res, 404, `No such object: '${url.pathname.split("/").pop()}'`);
    const json = JSON.stringify(result.body);
    if (replayKey) idempotent.set(replayKey, { status: result.status, body: json });
    res.writeHead(result.status, { "Content-Type": "application/json", "Request-Id": id("req") });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    schedules,
    prices,
    products,
    coupons,
    calls: (r) => requests.filter((q) => `${q.method} ${q.path}` === r),
    get unreachable() {
      return reach.unreachable;
    },
    set unreachable(value: boolean) {
      reach.unreachable = value;
    },
    completeSession(sessionId, extra = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === "expired") throw new Error(`session ${sessionId} is expired: it cannot be paid`);
      const subscription = session.mode === "subscription" ? id("sub") : null;
      if (subscription) subscriptionPrice.set(subscription, sessionPrice.get(sessionId) ?? "");
      if (subscription) subscriptionDiscounts.set(subscription, sessionDiscounts.get(sessionId) ?? []);
      Object.assign(
        session,
        {
          status: "complete",
          payment_status: "paid",
          customer: id("cus"),
          customer_details: { email: "buyer@example.com", name: "Test Buyer" },
          payment_intent: session.mode === "payment" ? id("pi") : null,
          subscription,
        },
        extra,
      );
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
