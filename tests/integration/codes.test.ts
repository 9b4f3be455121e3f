import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import pg from "pg";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountCodeUses, orders, payments } from "#db/schema";
import { pricing } from "#content/pricing";
import type { Duration } from "#content/types";
import type { AppServices } from "~/context";
import { AMSTERDAM } from "~/infra/amsterdam";
import { openDatabase, type Database } from "~/infra/db.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { createPendingOrder, findOrder } from "~/features/checkout/fulfilment.server";
import { formatEuro, resolveCatalogueItem } from "~/features/checkout/catalogue";
import { createCode, endCode, findCode, takeCodeUse } from "~/features/checkout/codes.server";
import type { CodeInput } from "~/features/checkout/code-rules";
import { exportCsv } from "~/features/reports/exports.server";
import { erasePerson } from "~/features/reports/data-requests.server";
import { startBuiltSite } from "../support/built-site";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { bodyText, htmlReader, textOf } from "../support/html";
import { engines } from "../support/database";
import { withTestServices } from "../support/services";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { enrolledTrainer } from "../support/trainer";
import { adminSql, ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from "../support/own-postgres";

/**
 * Discount codes (docs/decisions/076-discount-codes.md) through the production build with the
 * built-in test checkout, against the Stripe stand-in, and two connections racing on PostgreSQL.
 * Prices come from the seed and amounts from the rule's arithmetic, never typed here.
 */

function seedCents(planId: string, duration: Duration): number {
  const cents = pricing.plans.find((p) => p.id === planId)?.monthlyPriceCents?.[duration];
  if (!cents) throw new Error(`the seed has no price for ${planId} ${duration}`);
  return cents;
}
const amsterdamIn = (ms: number) => localDateTimeOf(new Date(Date.now() + ms), AMSTERDAM);
const DAY = 86_400_000;

const codeInput = (code: string, over: Partial<CodeInput> = {}): CodeInput => ({
  code,
  kind: "percent",
  value: "20",
  planIds: ["progress"],
  starts: "",
  ends: amsterdamIn(30 * DAY),
  maxUses: "",
  oncePerPerson: false,
  stacksWithSale: false,
  ...over,
});

async function makeCode(services: AppServices, code: string, over: Partial<CodeInput> = {}): Promise<string> {
  const made = await createCode(services, codeInput(code, over));
  if (!made.ok || !made.id) throw new Error(`code ${code} not made: ${JSON.stringify(made)}`);
  return made.id;
}

const progressRequest = (billingType: "onetime" | "monthly3x", extra: Record<string, unknown> = {}) => ({
  priceId: `progress:${billingType}`,
  planName: pricing.plans.find((p) => p.id === "progress")?.name,
  billingType,
  frequency: billingType === "onetime" ? "1" : "3",
  idempotencyKey: randomUUID(),
  ...extra,
});

describe("codes on the site, with the test checkout", () => {
  let services: AppServices;
  let close: (() => Promise<void>) | undefined;
  let site = "";
  const reader = htmlReader();

  beforeAll(async () => {
    ({ services, site, close } = await startBuiltSite("codes"));
  });
  afterAll(async () => {
    await close?.();
    reader.close();
  });

  const orderCount = async () => (await services.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  const usesOf = async (code: string) => (await findCode(services.database.db, code))?.uses;

  /** The pricing page's own form, as a browser without scripts sends it. */
  const choose = (fields: Record<string, string>) =>
    fetch(`${site}/pricing`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site, Referer: `${site}/pricing` },
      body: new URLSearchParams({ priceId: "progress:monthly3x", startNow: "yes", ...fields }),
    });
  const pay = (sessionUrl: string, email: string) =>
    fetch(sessionUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: new URLSearchParams({
        intent: "pay",
        email,
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 34",
        cvc: "123",
      }),
    });

  it("she makes a code on Prices, and it is listed with its rules", async () => {
    const { jar } = await enrolledTrainer(
      { services, cspNonce: "n", clientIp: "203.0.113.41" },
      site,
      "codes@example.com",
    );
    const post = (fields: [string, string][]) =>
      fetch(`${site}/admin/offers`, {
        method: "POST",
        headers: { cookie: jar.header(), origin: site, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const fields: [string, string][] = [
      ["intent", "code-make"],
      ["codeText", "winter20"],
      ["codeKind", "percent"],
      ["codeValue", "20"],
      ["codePlans", "progress"],
      ["codeStarts", ""],
      ["codeEnds", amsterdamIn(30 * DAY)],
      ["codeMaxUses", "50"],
    ];
    const made = await post(fields);
    expect(made.status).toBe(200);
    const list = bodyText(reader.parse(await made.text()));
    expect(list).toContain("The code WINTER20 is made");
    expect(list).toMatch(/WINTER20 · Usable now/);
    expect(list).toContain("0 of 50 used; more than once per person; not with a sale: the better of the two applies");

    // The same code again, in other letters: refused under its field, what she typed kept.
    const again = await post([...fields.filter(([name]) => name !== "codeText"), ["codeText", "Winter20"]]);
    expect(again.status).toBe(400);
    const page = reader.parse(await again.text());
    expect(page.getElementById("code-text")?.getAttribute("value")).toBe("Winter20");
    expect(textOf(page.getElementById("code-text-error"))).toContain("There is a code WINTER20 already");
    expect(page.getElementById("code-max-uses")?.getAttribute("value")).toBe("50");
  });

  it("refuses each code that cannot be used with its own message under the field, keeping what was typed", async () => {
    await makeCode(services, "ENDED10");
    await endCode(services.database.db, (await findCode(services.database.db, "ENDED10"))!.id);
    await makeCode(services, "LATER10", { starts: amsterdamIn(2 * DAY) });
    await makeCode(services, "ELITE10", { planIds: ["elite"] });
    await makeCode(services, "ONCE15", { value: "15", oncePerPerson: true });
    await makeCode(services, "SINGLE", { maxUses: "1" });
    // The one use of SINGLE, and ONCE15 bought by one person.
    const single = await choose({ code: "single" });
    expect(single.status).toBe(303);
    const once = await choose({ code: "once15", codeEmail: "Buyer@Example.com" });
    expect(once.status).toBe(303);
    expect((await pay(once.headers.get("location") ?? "", "buyer@example.com")).status).toBe(303);

    const before = await orderCount();
    const cases: [Record<string, string>, "code" | "codeEmail", RegExp][] = [
      [{ code: "NOPE99" }, "code", /^There is no code "NOPE99"\. Check the spelling/],
      [{ code: "ended10" }, "code", /^The code ENDED10 has ended\./],
      [{ code: "later10" }, "code", /^The code LATER10 is not valid yet: it starts .+ \(Amsterdam time\)\.$/],
      [{ code: "single" }, "code", /^The code SINGLE has been used as often as it may be\./],
      [{ code: "elite10" }, "code", /^The code ELITE10 is for Elite only\. Choose that plan/],
      [
        { code: "once15", codeEmail: "BUYER@example.com" },
        "code",
        /^The code ONCE15 is once per person, and it has been used with this e-mail address already\.$/,
      ],
      [{ code: "once15" }, "codeEmail", /^The code ONCE15 is once per person: type your e-mail address below/],
    ];
    const messages = new Set<string>();
    for (const [fields, field, message] of cases) {
      const res = await choose(fields);
      expect(res.status, fields.code).toBe(400);
      const page = reader.parse(await res.text());
      const input = page.getElementById(`checkout-${field}`);
      const error = textOf(page.getElementById(`checkout-${field}-error`));
      expect(error).toMatch(message);
      messages.add(error);
      expect(input?.getAttribute("aria-invalid")).toBe("true");
      // Nothing typed is lost: the code, the e-mail, the box and the plan's length come back.
      expect(page.getElementById("checkout-code")?.getAttribute("value")).toBe(fields.code);
      if (fields.codeEmail)
        expect(page.getElementById("checkout-codeEmail")?.getAttribute("value")).toBe(fields.codeEmail);
      expect(page.querySelector('input[name="startNow"]')?.hasAttribute("checked")).toBe(true);
      expect(page.getElementById("duration-3")?.hasAttribute("checked")).toBe(true);
      expect(page.querySelector("details[open] #checkout-code")).not.toBeNull();
    }
    expect(messages.size).toBe(cases.length);
    expect(await orderCount()).toBe(before);
  });

  it("works the price out itself: a price, a discount or an odd code in the request changes nothing", async () => {
    const list3 = seedCents("progress", "3");
    const off = Math.round(list3 * 0.2);
    const res = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(
        progressRequest("monthly3x", {
          code: " winter 20 ",
          amountCents: 100,
          totalCents: 300,
          discount: { offCents: list3 - 100 },
          offCents: list3,
          percent: 99,
        }),
      ),
    });
    expect(res.status).toBe(200);
    const sessionId = ((await res.json()) as { sessionUrl: string }).sessionUrl.split("/").pop() ?? "";
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({
      amountCents: list3 - off,
      discount: null,
      code: { code: "WINTER20", label: "20% off", beforeCents: list3, offCents: off },
    });

    // A code that is not one (quotes, SQL, far too long) is an unknown code, said under the field.
    const before = await orderCount();
    for (const code of ["WINTER20' OR '1'='1", "x".repeat(200), "WINTER20%"]) {
      const odd = await fetch(`${site}/api/create-checkout-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(progressRequest("onetime", { code })),
      });
      expect(odd.status).toBe(400);
      expect(await odd.json()).toMatchObject({ field: "code", message: expect.stringMatching(/^There is no code/) });
    }
    expect(await orderCount()).toBe(before);
  });

  it("charges the code's price in the test checkout, and the order and Orders name the code", async () => {
    const list3 = seedCents("progress", "3");
    const price = list3 - Math.round(list3 * 0.2);
    const res = await choose({ code: "Winter20" });
    expect(res.status).toBe(303);
    const sessionUrl = res.headers.get("location") ?? "";
    const summary = bodyText(reader.parse(await (await fetch(sessionUrl)).text()));
    expect(summary).toContain(`3 × ${formatEuro(price)}, ${formatEuro(price * 3)} in total`);
    expect(summary).toContain(`WINTER20, 20% off: ${formatEuro(list3 - price)} off each of the 3 payments`);
    expect(summary).toContain(`Pay ${formatEuro(price)}`);
    expect((await pay(sessionUrl, "code-buyer@example.com")).status).toBe(303);
    const order = await findOrder(services.database.db, { sessionId: sessionUrl.split("/").pop() ?? "" });
    const paid = await services.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(paid.map((p) => p.amountCents)).toEqual([price]);

    const { jar } = await enrolledTrainer(
      { services, cspNonce: "n", clientIp: "203.0.113.42" },
      site,
      "codes-orders@example.com",
    );
    const orderPage = await fetch(`${site}/admin/orders`, { headers: { cookie: jar.header() } });
    expect(bodyText(reader.parse(await orderPage.text()))).toContain(
      `Code WINTER20, 20% off: ${formatEuro(list3 - price)} off each of the 3 payments`,
    );
    // The orders CSV: the code, and the normal price it came off.
    const csv = await new Response(exportCsv(services.database.db, "orders", {})).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    const columns = header?.split(";") ?? [];
    const row = lines.find((line) => line.includes("code-buyer@example.com"))?.split(";") ?? [];
    expect(row[columns.indexOf("Discount code")]).toBe("WINTER20 (20% off)");
    expect(row[columns.indexOf("Normal amount per payment")]).toBe((list3 / 100).toFixed(2));
  });

  it("pays a once-per-person code only with the address it was checked for", async () => {
    const res = await choose({ code: "once15", codeEmail: "second@example.com" });
    const sessionUrl = res.headers.get("location") ?? "";
    const page = reader.parse(await (await fetch(sessionUrl)).text());
    expect(page.getElementById("email")?.getAttribute("value")).toBe("second@example.com");
    const other = await pay(sessionUrl, "someone-else@example.com");
    expect(other.status).toBe(400);
    expect(textOf(reader.parse(await other.text()).getElementById("email-error"))).toContain(
      "was checked for second@example.com",
    );

    // Erased on request: the address leaves the code's use, which still counts.
    const usesBefore = await usesOf("ONCE15");
    await erasePerson(services.database.db, "second@example.com");
    const kept = await services.database.db
      .select({ n: count() })
      .from(discountCodeUses)
      .where(eq(discountCodeUses.email, "second@example.com"));
    expect(kept[0]?.n).toBe(0);
    expect(await usesOf("ONCE15")).toBe(usesBefore);
  });

  it("closes a visitor's earlier test checkout when the use of a once-per-person code moves to a new one", async () => {
    // One use in all: the visitor's own earlier checkout holds it, so it moves rather than being "used up".
    await makeCode(services, "AGAIN5", { value: "5", oncePerPerson: true, maxUses: "1" });
    const first = await choose({ code: "again5", codeEmail: "back@example.com" });
    expect(first.status).toBe(303);
    const second = await choose({ code: "again5", codeEmail: "back@example.com" });
    expect(second.status).toBe(303);
    const someoneElse = await choose({ code: "again5", codeEmail: "other@example.com" });
    expect(textOf(reader.parse(await someoneElse.text()).getElementById("checkout-code-error"))).toMatch(
      /used as often as it may be/,
    );
    const earlier = first.headers.get("location") ?? "";
    const later = second.headers.get("location") ?? "";
    expect(later).not.toBe(earlier);

    // The first checkout is cancelled, as its Cancel button would: its page is gone and it cannot be paid.
    expect(await findOrder(services.database.db, { sessionId: earlier.split("/").pop() ?? "" })).toMatchObject({
      status: "cancelled",
    });
    expect((await fetch(earlier)).status).toBe(404);
    expect((await pay(earlier, "back@example.com")).status).toBe(404);
    expect((await pay(later, "back@example.com")).status).toBe(303);
    expect(await usesOf("AGAIN5")).toBe(1);
    // Paid: a third try with the same address is "already used", and the paid order stays paid.
    const third = await choose({ code: "again5", codeEmail: "back@example.com" });
    expect(third.status).toBe(400);
    expect(textOf(reader.parse(await third.text()).getElementById("checkout-code-error"))).toMatch(/already\.$/);
    expect(await usesOf("AGAIN5")).toBe(1);
  });

  it("gives the last use to one of two requests at once, and back when a checkout is cancelled", async () => {
    await makeCode(services, "LAST1", { maxUses: "1" });
    const [a, b] = await Promise.all([choose({ code: "last1" }), choose({ code: "last1" })]);
    expect([a.status, b.status].sort()).toEqual([303, 400]);
    const refused = a.status === 400 ? a : b;
    expect(textOf(reader.parse(await refused.text()).getElementById("checkout-code-error"))).toMatch(
      /^The code LAST1 has been used as often as it may be/,
    );
    expect(await usesOf("LAST1")).toBe(1);

    // The winner cancels on the payment page: the use goes back, and the next visitor gets it.
    const winner = (a.status === 303 ? a : b).headers.get("location") ?? "";
    const cancelled = await fetch(winner, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(cancelled.status).toBe(303);
    expect(await usesOf("LAST1")).toBe(0);
    expect((await choose({ code: "last1" })).status).toBe(303);
  });
});

const SECRET_KEY = "sk_test_codes_123";
const WEBHOOK_SECRET = "whsec_codes_secret";

describe.each(engines)("a code with Stripe (the stand-in) on %s", (engine) => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let prices = "";
  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    prices = JSON.stringify((await syncStripeCatalogue(stripe)).prices);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const servicesNow = withTestServices(engine, () => ({
    SITE_URL: "https://coach.example",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICES: prices,
    STRIPE_API_BASE: standIn.url,
  }));

  it("puts the code's discount on the session as the same kind of coupon a sale gets, and an expiry gives the use back", async () => {
    const services = servicesNow();
    const id = await makeCode(services, "SPRING", {
      kind: "amount",
      value: "25",
      oncePerPerson: true,
      maxUses: "5",
    });
    const list3 = seedCents("progress", "3");
    const created = await createCheckout(
      services,
      progressRequest("monthly3x", { code: "spring", codeEmail: "Runner@Example.com" }),
      "10.9.1.1",
    );
    expect(created.ok).toBe(true);
    const couponId = `code_${id.replace(/-/g, "")}_progress_monthly3x_2500`;
    const [call] = standIn.calls("POST /v1/checkout/sessions").slice(-1);
    expect(call?.params.discounts).toEqual([{ coupon: couponId }]);
    expect(call?.params.customer_email).toBe("runner@example.com");
    expect(standIn.coupons.get(couponId)).toMatchObject({
      amount_off: 2500,
      currency: "eur",
      duration: "repeating",
      duration_in_months: 3,
      applies_to: { products: ["mjc_progress"] },
    });
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    expect(standIn.sessions.get(sessionId)).toMatchObject({ amount_total: list3 - 2500 });
    const order = await findOrder(services.database.db, { sessionId });
    expect(order).toMatchObject({ amountCents: list3 - 2500, code: { code: "SPRING", offCents: 2500 } });
    expect((await findCode(services.database.db, "SPRING"))?.uses).toBe(1);

    // Stripe lets the unpaid checkout expire: the use is given back.
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.expired",
      data: { object: { ...standIn.sessions.get(sessionId), status: "expired" } },
    });
    const delivered = await services.payments.handleWebhook(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(delivered.status).toBe(200);
    expect((await findCode(services.database.db, "SPRING"))?.uses).toBe(0);
  });
  it("expires the earlier Stripe session when a visitor starts another with the same e-mail, and the use moves", async () => {
    const services = servicesNow();
    await makeCode(services, "RETURN", { value: "10", oncePerPerson: true });
    const start = () =>
      createCheckout(
        services,
        progressRequest("onetime", { code: "return", codeEmail: "Comeback@Example.com" }),
        "10.9.1.2",
      );
    const sessionOf = async (created: Awaited<ReturnType<typeof start>>) => {
      expect(created).toMatchObject({ ok: true });
      const order = await services.database.db
        .select()
        .from(orders)
        .where(eq(orders.providerSessionId, [...standIn.sessions.keys()].at(-1) ?? ""));
      return order[0]!;
    };
    const first = await sessionOf(await start());
    const firstSession = first.providerSessionId ?? "";
    expect(standIn.sessions.get(firstSession)).toMatchObject({ status: "open" });

    // Stripe cannot be reached: nothing moves, and she is asked to try again.
    standIn.unreachable = true;
    const cut = await start();
    standIn.unreachable = false;
    expect(cut).toMatchObject({ ok: false, status: 503, field: "code", message: expect.stringMatching(/try again/) });
    expect(standIn.sessions.get(firstSession)).toMatchObject({ status: "open" });
    expect(await findOrder(services.database.db, { id: first.id })).toMatchObject({ status: "pending" });
    expect((await findCode(services.database.db, "RETURN"))?.uses).toBe(1);

    // She comes back and starts again: the first session is expired at Stripe and cannot be paid.
    const second = await sessionOf(await start());
    expect(second.id).not.toBe(first.id);
    expect(standIn.calls(`POST /v1/checkout/sessions/${firstSession}/expire`).length).toBeGreaterThan(0);
    expect(standIn.sessions.get(firstSession)).toMatchObject({ status: "expired" });
    expect(() => standIn.completeSession(firstSession)).toThrow(/expired/);
    expect(await findOrder(services.database.db, { id: first.id })).toMatchObject({ status: "expired" });
    expect((await findCode(services.database.db, "RETURN"))?.uses).toBe(1);

    // Stripe's own expiry event arrives later: it changes nothing, the use stays with the new checkout.
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.expired",
      data: { object: { ...standIn.sessions.get(firstSession) } },
    });
    await services.payments.handleWebhook(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect((await findCode(services.database.db, "RETURN"))?.uses).toBe(1);

    // The second is paid; a third start is refused as already used, and the paid session is left alone.
    const secondSession = second.providerSessionId ?? "";
    const paid = standIn.completeSession(secondSession);
    const completed = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: paid },
    });
    await services.payments.handleWebhook(
      completed,
      stripe.webhooks.generateTestHeaderString({ payload: completed, secret: WEBHOOK_SECRET }),
    );
    const third = await start();
    expect(third).toMatchObject({ ok: false, field: "code", message: expect.stringMatching(/already\.$/) });
    expect(standIn.sessions.get(secondSession)).toMatchObject({ status: "complete" });
    expect((await findCode(services.database.db, "RETURN"))?.uses).toBe(1);
  });

  it("refuses as already used when the earlier session was paid before the webhook told the site", async () => {
    const services = servicesNow();
    await makeCode(services, "PAIDFIRST", { value: "10", oncePerPerson: true });
    const start = () =>
      createCheckout(
        services,
        progressRequest("onetime", { code: "paidfirst", codeEmail: "quick@example.com" }),
        "10.9.1.3",
      );
    expect(await start()).toMatchObject({ ok: true });
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    standIn.completeSession(sessionId);
    const again = await start();
    expect(again).toMatchObject({ ok: false, field: "code", message: expect.stringMatching(/already\.$/) });
    expect(standIn.sessions.get(sessionId)).toMatchObject({ status: "complete" });
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ status: "pending" });
    expect((await findCode(services.database.db, "PAIDFIRST"))?.uses).toBe(1);
  });
});

/**
 * Two server instances on one PostgreSQL database, each with its own connection, race for a
 * code's last use: the first holds it in an open transaction while the second asks; the second
 * waits on the row and, once the first commits, is refused.
 */
describe.runIf(ownPostgresAvailable)("the last use raced by two instances on PostgreSQL", () => {
  let server: OwnPostgres;
  let first: Database;
  let second: Database;
  let watcher: pg.Client;
  beforeAll(async () => {
    server = await startOwnPostgres();
    await adminSql(server.adminUrl, ["create database codes"]);
    const url = server.adminUrl.replace(/\/postgres$/, "/codes");
    first = await openDatabase({ databaseUrl: url, dataDir: "" });
    second = await openDatabase({ databaseUrl: url, dataDir: "", migrate: false });
    watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
  }, 120_000);
  afterAll(async () => {
    await watcher?.end();
    await first?.close();
    await second?.close();
    await server?.stop();
  });

  it("gives it to exactly one", async () => {
    const [row] = await first.db
      .insert(discountCodes)
      .values({
        code: "RACE1",
        kind: "percent",
        percent: 10,
        planIds: ["progress"],
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
        maxUses: 1,
      })
      .returning();
    const code = (await findCode(first.db, "race1"))!;
    expect(row?.id).toBe(code.id);
    const item = resolveCatalogueItem(
      { priceId: "progress:onetime", planName: "Progress", billingType: "onetime", frequency: "1" },
      pricing,
    )!;
    const orderOn = async (db: Database) =>
      (await createPendingOrder(db.db, { item, provider: "test", idempotencyKey: randomUUID() })).order.id;
    const [orderA, orderB] = [await orderOn(first), await orderOn(second)];

    let secondTake: Promise<unknown> | undefined;
    const firstTake = await first.db.transaction(async (tx) => {
      const taken = await takeCodeUse(tx, code, orderA, null);
      // The other instance asks while this one has not committed yet, and waits on the row.
      secondTake = second.db.transaction((tx2) => takeCodeUse(tx2, code, orderB, null));
      for (;;) {
        const { rows } = await watcher.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = 'codes'",
        );
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return taken;
    });
    expect(firstTake).toEqual({ ok: true });
    expect(await secondTake).toEqual({ ok: false, refusal: "usedUp" });
    const [after] = await first.db
      .select({ uses: discountCodes.uses })
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id));
    expect(after?.uses).toBe(1);
    const [held] = await first.db.select({ n: count() }).from(discountCodeUses);
    expect(held?.n).toBe(1);
  });
});
