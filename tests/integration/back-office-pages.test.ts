import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import type { Document, Element } from "happy-dom";
import { auditLog, session as sessionTable } from "#db/schema";
import { pricing } from "#content/pricing";
import { event as firstEvent } from "#content/event";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { updateLead } from "~/features/reports/data.server";
import { formValuesOf, saveEvent, type EventFormValues } from "~/features/events/events-admin.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { attachSession, createPendingOrder } from "~/features/checkout/fulfilment.server";
import { payTestOrder } from "~/features/checkout/test-checkout-actions.server";
import { subscriberIdByEmail } from "~/features/newsletter/person.server";
import { catalogueItem } from "~/features/checkout/catalogue";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { htmlReader, textOf } from "../support/html";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The trainer's back office as the server writes it (the production build behind the Express app,
 * services in this process): the menu on every signed-in page, a lead reachable from every place
 * that shows one, event signups she can cancel and move up, her clients, the notice of a paid
 * order, and a backup she can download.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const TRAINER = "coach-pages@example.com";

let services: AppServices;
let server: Server;
let smtp: LocalSmtp;
let site = "";
let jar: Jar;
let backupDir = "";
const reader = htmlReader();

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  smtp = await startSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bo-pages-"));
  backupDir = path.join(dataDir, "backups");
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    SMTP_URL: smtp.url,
    TRAINER_EMAIL: TRAINER,
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
  });
  services = await createServices(env, { memoryDb: true, startOutbox: false });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.30" };
  ({ jar } = await enrolledTrainer(ctx, site, "pages-trainer@example.com"));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
  await smtp.stop();
  reader.close();
});

async function get(pathname: string): Promise<Response> {
  return fetch(`${site}${pathname}`, { headers: { cookie: jar.header() }, redirect: "manual" });
}

async function page(pathname: string): Promise<Document> {
  const res = await get(pathname);
  expect(res.status, pathname).toBe(200);
  return reader.parse(await res.text());
}

async function post(pathname: string, form: Record<string, string>): Promise<Document> {
  const res = await fetch(`${site}${pathname}`, {
    method: "POST",
    headers: { cookie: jar.header(), origin: site, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  expect(res.status, `${pathname} ${JSON.stringify(form)}`).toBeLessThan(500);
  return reader.parse(await res.text());
}

/** The article (card) whose heading names `name`. */
function card(root: Document | Element, name: string): Element {
  const found = [...root.querySelectorAll("article")].find((a) => textOf(a.querySelector("h2, h3")).includes(name));
  if (!found) throw new Error(`no card for ${name}`);
  return found;
}

const linkNamed = (root: Element | Document, name: string | RegExp) =>
  [...root.querySelectorAll("a")].find((a) =>
    typeof name === "string" ? textOf(a) === name : name.test(textOf(a) + " " + (a.getAttribute("aria-label") ?? "")),
  );

async function intake(key: string, person: { firstName: string; email: string; phone: string }, minutesAgo = 0) {
  const id = leadIdFor(key);
  await writeLead(services.database.db, "intake", {
    id,
    idempotencyKey: key,
    firstName: person.firstName,
    lastName: "Pages",
    email: person.email,
    phone: person.phone,
    answers: { q1: "weight-loss" },
    message: null,
    sourceUrl: `${site}/start`,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  });
  return id;
}

describe("the back-office menu", () => {
  it("is on every signed-in page, editors included, and not on the sign-in page", async () => {
    const event = (await services.content.list("event"))[0];
    const article = (await services.content.list("article"))[0];
    const leadId = await intake("menu-lead", { firstName: "Menu", email: "menu@example.com", phone: "0612340000" });
    const pages = [
      "/admin",
      "/admin/funnel",
      "/admin/vitals",
      "/admin/events",
      "/admin/events/new",
      `/admin/events/${event?.key ?? ""}`,
      "/admin/event-signups",
      "/admin/offers",
      "/admin/subscribers",
      "/admin/subscribers/import",
      "/admin/clients",
      "/admin/orders",
      "/admin/articles",
      "/admin/articles/new",
      `/admin/articles/${article?.key ?? ""}`,
      "/admin/testimonials",
      "/admin/faq",
      "/admin/site",
      "/admin/unsaved",
      "/admin/data-requests",
      "/admin/security",
      `/admin/leads/${leadId}`,
      "/faq-visual-export",
      "/testimonial-visual-export",
    ];
    const menus = new Map<string, Element | null>();
    for (const pathname of pages)
      menus.set(pathname, (await page(pathname)).querySelector('nav[aria-label="Back office"]'));
    expect(pages.filter((pathname) => !menus.get(pathname))).toEqual([]);
    for (const [pathname, menu] of menus)
      expect(menu?.querySelector('a[href="/admin/clients"]'), pathname).not.toBeNull();
    const signIn = reader.parse(await (await fetch(`${site}/admin/login`)).text());
    expect(signIn.querySelector('nav[aria-label="Back office"]')).toBeNull();
  });
});

describe("a lead within one tap", () => {
  it("offers WhatsApp, Call and E-mail on the lead's page and on every card, whatever the status", async () => {
    const booked = await intake("booked-lead", {
      firstName: "Booked",
      email: "booked@example.com",
      phone: "06 1111 2222",
    });
    expect(
      await updateLead(services.database.db, { id: booked, status: "call-booked", note: "" }, "u", services.followUps),
    ).toBe(true);

    const lead = await page(`/admin/leads/${booked}`);
    const contact = lead.querySelector('ul[aria-label="Contact Booked Pages"]');
    expect(contact).not.toBeNull();
    expect(linkNamed(contact!, "WhatsApp")?.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/31611112222\?text=/);
    expect(linkNamed(contact!, "Call")?.getAttribute("href")).toBe("tel:+31611112222");
    expect(linkNamed(contact!, "E-mail")?.getAttribute("href")).toBe("mailto:booked@example.com");

    // No longer among the newest open leads, but still one tap away in the full list.
    const dashboard = await page("/admin?status=call-booked");
    const listed = card(dashboard, "Booked Pages");
    expect(linkNamed(listed, "WhatsApp")?.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/31611112222/);
    expect(linkNamed(listed, "Call")?.getAttribute("href")).toBe("tel:+31611112222");
  });

  it("flags the same person's second questionnaire on both cards and on the first one's timeline", async () => {
    const first = await intake(
      "repeat-first",
      { firstName: "Repeat", email: "repeat@example.com", phone: "06 1234 9876" },
      90,
    );
    const again = await intake("repeat-again", {
      firstName: "Repeat",
      email: "repeat.other@example.com",
      phone: "+31 6 1234 9876",
    });
    const other = await intake("repeat-other", {
      firstName: "Other",
      email: "other@example.com",
      phone: "+32 6 1234 9876",
    });

    const firstPage = await page(`/admin/leads/${first}`);
    expect(linkNamed(firstPage, /^Sent the form again on/)?.getAttribute("href")).toBe(`/admin/leads/${again}`);
    const timeline = firstPage.querySelector('ol[aria-label="Timeline, oldest first"]');
    expect([...timeline!.querySelectorAll("h3")].map(textOf)).toContain("Sent the form again");
    expect(timeline!.querySelector(`a[href="/admin/leads/${again}"]`)).not.toBeNull();

    const againPage = await page(`/admin/leads/${again}`);
    expect(linkNamed(againPage, /^Also sent on/)?.getAttribute("href")).toBe(`/admin/leads/${first}`);

    // On the dashboard: the open-lead card of the repeat, and the list cards of both.
    const dashboard = await page("/admin?q=repeat");
    const openCards = dashboard.querySelector('section[aria-labelledby="open-leads-heading"]')!;
    expect(linkNamed(card(openCards, "Repeat Pages"), /^Also sent on/)).toBeDefined();
    const list = dashboard.querySelector('section[aria-labelledby="list-heading"]')!;
    const hrefs = [...list.querySelectorAll("a")]
      .filter((a) => /^(Also sent on|Sent the form again on)/.test(textOf(a)))
      .map((a) => a.getAttribute("href"));
    expect(hrefs.sort()).toEqual([`/admin/leads/${again}`, `/admin/leads/${first}`].sort());

    // The same digits in another country are another person.
    const otherPage = await page(`/admin/leads/${other}`);
    expect(linkNamed(otherPage, /^(Also sent on|Sent the form again on)/)).toBeUndefined();
  });
});

/** The event form as the trainer fills it, for an event `days` from now. */
function eventForm(days: number, title: string, capacity: number): EventFormValues {
  const local = localDateTimeOf(new Date(Date.now() + days * 86_400_000), "Europe/Amsterdam");
  return {
    ...formValuesOf(firstEvent),
    title,
    date: local.slice(0, 10),
    time: "07:30",
    timeZone: "Europe/Amsterdam",
    capacity: String(capacity),
  };
}

async function eventSignup(eventKey: string, name: string, phone: string, email?: string) {
  const key = `signup-${eventKey}-${name}`;
  await writeLead(services.database.db, "event", {
    id: leadIdFor(key),
    idempotencyKey: key,
    sourceUrl: null,
    createdAt: new Date().toISOString(),
    name,
    phone,
    ...(email ? { email } : {}),
    eventKey,
  });
  return leadIdFor(key);
}

describe("event signups on the phone", () => {
  const actor = { userId: null, ip: "203.0.113.30" };

  it("links each phone, cancels a place after asking, moves the first waiting name up, and keeps the counts right", async () => {
    const saved = await saveEvent(services.content, undefined, eventForm(20, "Dune run", 2), actor, { publish: true });
    if (!saved.ok) throw new Error(saved.message);
    const key = saved.key;
    const anna = await eventSignup(key, "Anna Place", "06 2222 3333");
    await eventSignup(key, "Bram Place", "+31 6 2222 4444", "bram@example.com");
    const cleo = await eventSignup(key, "Cleo Waiting", "0031 6 2222 5555");
    const url = `/admin/event-signups?event=${encodeURIComponent(key)}`;

    let document = await page(url);
    expect(textOf(document.querySelector('[data-testid="event-places"]'))).toContain(
      "2 of 2 places taken · 1 on the waiting list",
    );
    const annaCard = card(document, "Anna Place");
    expect(annaCard.querySelector('a[href="tel:+31622223333"]')).not.toBeNull();
    expect(linkNamed(annaCard, /WhatsApp/)?.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/31622223333\?text=/);
    // The address, when the signup gave one (it is optional), is one tap away too.
    expect(annaCard.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(card(document, "Bram Place").querySelector('a[href="mailto:bram@example.com"]')).not.toBeNull();
    const cleoCard = card(document, "Cleo Waiting");
    expect(textOf(cleoCard)).toContain("Waiting list");
    // Full: nobody can move up yet. Cancelling is asked first, behind a disclosure.
    expect(cleoCard.querySelector('button[value="move-up"]')).toBeNull();
    const cancel = annaCard.querySelector('details button[name="intent"][value="cancel"]');
    expect(textOf(cancel)).toBe("Yes, cancel Anna Place");
    expect(textOf(annaCard.querySelector("details summary"))).toBe("Cancel…");

    document = await post(url, { intent: "cancel", id: anna });
    expect(textOf(document.querySelector('[role="status"]'))).toContain("Anna Place's signup is cancelled");
    expect(textOf(document.querySelector('[data-testid="event-places"]'))).toContain(
      "1 of 2 places taken · 1 on the waiting list",
    );
    expect(textOf(card(document, "Anna Place"))).toContain("Cancelled");
    expect(card(document, "Cleo Waiting").querySelector('button[value="move-up"]')).not.toBeNull();

    document = await post(url, { intent: "move-up", id: cleo });
    const tell = linkNamed(document, "Tell Cleo Waiting on WhatsApp");
    const message = new URL(tell?.getAttribute("href") ?? "");
    expect(`${message.origin}${message.pathname}`).toBe("https://wa.me/31622225555");
    expect(message.searchParams.get("text")).toContain("Cleo");
    expect(message.searchParams.get("text")).toContain("Dune run");
    expect(textOf(document.querySelector('[data-testid="event-places"]'))).toContain(
      "2 of 2 places taken · 0 on the waiting list",
    );

    // Full again: a new signup joins the waiting list; the cancelled place is not counted twice.
    await eventSignup(key, "Dirk Late", "06 2222 6666");
    document = await page(url);
    expect(textOf(card(document, "Dirk Late"))).toContain("Waiting list");
    expect(textOf(document.querySelector('[data-testid="event-places"]'))).toContain(
      "2 of 2 places taken · 1 on the waiting list",
    );
  });

  it("calls a past event past on the events page, not 'On the site'", async () => {
    const past = new Date(Date.now() - 5 * 86_400_000);
    const saved = await saveEvent(services.content, undefined, eventForm(-3, "Last year's beach day", 5), actor, {
      publish: true,
      now: past,
    });
    if (!saved.ok) throw new Error(saved.message);
    const document = await page("/admin/events");
    const item = [...document.querySelectorAll("li")].find((li) => textOf(li).includes("Last year's beach day"));
    expect(textOf(item)).toContain("Past");
    expect(textOf(item)).not.toContain("On the site");
  });
});

async function paidOrder(input: { leadId?: string; email: string; key: string; billing: "onetime" | "monthly3x" }) {
  const plan = pricing.plans[0];
  const item = plan ? catalogueItem(plan, input.billing) : null;
  if (!item) throw new Error("no plan");
  const db = services.database.db;
  const { order } = await createPendingOrder(db, {
    item,
    provider: "test",
    idempotencyKey: input.key,
    leadId: input.leadId,
  });
  await attachSession(db, order.id, `cs_test_${input.key}`);
  const paid = await payTestOrder(
    db,
    { ...order, providerSessionId: `cs_test_${input.key}` },
    { email: input.email, cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
    subscriberIdByEmail,
  );
  expect(paid).toEqual({ ok: true });
  return { ...order, planName: plan?.name ?? "" };
}

describe("clients", () => {
  it("lists everyone with a paid order, with the plan, its dates and payments, and their timeline one tap away", async () => {
    const leadId = await intake("client-lead", {
      firstName: "Client",
      email: "client@example.com",
      phone: "0687654321",
    });
    const order = await paidOrder({
      leadId,
      email: "client@example.com",
      key: "5d6e7f80-1111-4aaa-8bbb-000000000001",
      billing: "monthly3x",
    });
    await paidOrder({ email: "walk-in@example.com", key: "5d6e7f80-1111-4aaa-8bbb-000000000002", billing: "onetime" });

    const document = await page("/admin/clients");
    const client = card(document, "Client Pages");
    expect(client.querySelector(`h3 a[href="/admin/leads/${leadId}"]`)).not.toBeNull();
    expect(textOf(client)).toContain(order.planName);
    const terms = (of: Element) =>
      Object.fromEntries([...of.querySelectorAll("dt")].map((dt) => [textOf(dt), textOf(dt.nextElementSibling)]));
    expect(terms(client)).toMatchObject({
      Start: expect.stringMatching(/\d{4}$/),
      End: expect.stringMatching(/\d{4}$/),
      Paid: expect.stringMatching(/^1 of 3 \(/),
      "To come": expect.stringMatching(/^2 × .*, next around /),
    });
    expect(linkNamed(client, "WhatsApp")?.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/31687654321/);
    const walkIn = card(document, "walk-in@example.com");
    expect(terms(walkIn)).toMatchObject({ Paid: expect.stringMatching(/^1 of 1 \(/), "To come": "Nothing" });
  });

  it("tells her of each paid order once, by push and by e-mail, however often the payment is reported", async () => {
    const order = await paidOrder({
      email: "notify@example.com",
      key: "5d6e7f80-1111-4aaa-8bbb-000000000003",
      billing: "onetime",
    });
    // As the payment web hook does after each delivery of the same payment.
    await services.orderConfirmations.queue();
    await services.orderConfirmations.queue();
    await services.orderConfirmations.queue();
    await deliverQueued(services);
    // Quoted-printable: long lines are folded with "=" at their ends.
    const body = (raw: string) => raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
    const notices = () => smtp.messages.filter((m) => m.to.includes(TRAINER) && body(m.raw).includes(order.id));
    await expect.poll(() => notices().length).toBe(1);
    expect(notices()[0]?.subject).toMatch(/^Paid order: /);
    expect(body(notices()[0]?.raw ?? "")).toContain(`${site}/admin/clients`);
  });
});

describe("backups", () => {
  const name = "backup-20261127T100000Z.tar.gz";
  const bytes = Buffer.from("not really a gzip archive, but bytes all the same");

  beforeAll(() => {
    mkdirSync(backupDir, { recursive: true });
    writeFileSync(path.join(backupDir, name), bytes);
    writeFileSync(
      path.join(backupDir, "status.json"),
      JSON.stringify({
        lastGood: { file: name, size: bytes.length, createdAt: new Date().toISOString(), durationMs: 5 },
      }),
    );
  });

  it("links the newest backup from the dashboard as a plain link and streams it as an attachment", async () => {
    const dashboard = await page("/admin");
    const link = linkNamed(dashboard, "Download this backup");
    expect(link?.getAttribute("href")).toBe(`/admin/backups/${name}`);
    expect(link?.hasAttribute("download")).toBe(false);

    const res = await get(`/admin/backups/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    const [entry] = await services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.backup")));
    expect(entry?.detail).toMatchObject({ file: name });

    expect((await get("/admin/backups/..%2Fauth-secret")).status).toBe(404);
    expect((await get("/admin/backups/status.json")).status).toBe(404);
  });

  it("asks for a fresh code first as a page she sees, not a file", async () => {
    await services.database.db
      .update(sessionTable)
      .set({ verifiedAt: sql`${sessionTable.verifiedAt} - interval '20 minutes'` });
    const res = await get(`/admin/backups/${name}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/admin/confirm?redirectTo=${encodeURIComponent(`/admin/backups/${name}`)}`,
    );
    expect(res.headers.get("content-disposition")).toBeNull();
  });
});
