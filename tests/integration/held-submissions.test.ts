import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { routerContextOf } from "~/context";
import { eq } from "drizzle-orm";
import { heldSubmissions, newsletterSubscribers, signups } from "#db/schema";
import type { RequestContext } from "~/context";
import { handleIntake } from "~/features/questionnaire/intake.server";
import { handleEventSignup } from "~/features/events/event-signup.server";
import { listHeld, purgeHeld } from "~/features/leads/held.server";
import { MIN_FILL_MS } from "~/infra/form-guard.server";
import { action as newsletterAction } from "~/routes/api-newsletter";
import { action as heldAction, loader as heldLoader } from "~/routes/admin-held";
import { loader as newsletterPageLoader } from "~/routes/newsletter";
import { currentSite } from "~/features/site/site-content.server";
import { withTestServices } from "../support/services";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * A form sent faster than a person types is held for the trainer's review, never dropped: the
 * visitor is told so, she accepts it (stored as the form would have, with its notice) or deletes it.
 * A filled honeypot is still a bot's and is dropped with an ordinary answer.
 */
const SITE = "https://coach.example";
const TRAINER = "mila@coach.example";
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.stop());

const services = withTestServices("pglite", () => ({
  SITE_URL: SITE,
  TRAINER_EMAIL: TRAINER,
  SMTP_URL: smtp.url,
  RATE_LIMIT_FORMS_PER_MINUTE: "1000",
  // Every form here comes from one address; held-flood.test.ts checks the limits on held ones.
  HELD_LIMIT_PER_DAY: "1000",
  HELD_LIMIT_PER_NETWORK_PER_DAY: "1000",
  // The seeded event may be over by the time this runs; these sign-ups are for one a month ahead.
  EVENT_STARTS_AT: new Date(Date.now() + 30 * 86_400_000).toISOString(),
}));
const context = (): RequestContext => ({ services: services(), cspNonce: "test", clientIp: "203.0.113.9" });

type Form = "intake" | "event" | "newsletter";
interface Sent {
  form: Form;
  who: string;
  elapsedMs: number;
  honeypot: boolean;
  status: number;
  held: boolean;
  ok: boolean;
}

async function send(form: Form, who: string, elapsedMs: number, honeypot: boolean): Promise<Sent> {
  const website = honeypot ? "https://spam.example" : "";
  const json = (body: unknown) =>
    new Request(`${SITE}/api/${form === "intake" ? "intake" : "event-signup"}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Referer: `${SITE}/nicaragua` },
      body: JSON.stringify(body),
    });
  if (form === "newsletter") {
    const response = (await newsletterAction({
      request: new Request(`${SITE}/api/newsletter`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          email: `${who}@example.com`,
          source: "footer",
          variant: "footer",
          elapsedMs: String(elapsedMs),
          website,
        }),
      }),
      context: routerContextOf(context()),
      params: {},
    } as never)) as Response;
    const body = (await response.json()) as { ok: boolean; held?: boolean };
    return { form, who, elapsedMs, honeypot, status: response.status, held: !!body.held, ok: body.ok };
  }
  const common = {
    idempotencyKey: `key-${who.replace(/\W/g, "-")}`,
    website,
    elapsedMs,
    sourceUrl: `${SITE}/nicaragua`,
  };
  const result =
    form === "intake"
      ? await handleIntake(
          json({
            ...common,
            answers: { 1: "competition", 2: "running", 3: "distance", 4: "female", 5: "31+" },
            contact: {
              firstName: who,
              lastName: "Vos",
              email: `${who}@example.com`,
              phone: "+31612345678",
              message: "",
            },
          }),
          context(),
        )
      : await handleEventSignup(json({ ...common, name: who, phone: "+31 6 1234 5678" }), context());
  const outcome = result.outcome as { status: string; held?: boolean };
  return { form, who, elapsedMs, honeypot, status: result.status, held: !!outcome.held, ok: outcome.status === "ok" };
}

async function storedAs(sent: Sent): Promise<"lead" | "subscriber" | "held" | "nowhere"> {
  const { db } = services().database;
  if (sent.form === "newsletter") {
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, `${sent.who}@example.com`));
    if (row) return "subscriber";
  } else {
    const column = sent.form === "intake" ? signups.firstName : signups.name;
    if ((await db.select().from(signups).where(eq(column, sent.who))).length) return "lead";
  }
  const held = await listHeld(db, { q: sent.who });
  return held.rows.some((h) => h.who.name === sent.who || h.who.email === `${sent.who}@example.com`)
    ? "held"
    : "nowhere";
}

describe("submissions sent faster than a person types", () => {
  it("keeps every one without a filled honeypot, and tells each visitor what happened", async () => {
    const forms: Form[] = ["intake", "event", "newsletter"];
    const all: Sent[] = [];
    for (let i = 0; i < 100; i++) {
      // 0.5 to 1.9 s after the form appeared; every fourth one with the honeypot filled in.
      const elapsedMs = 500 + Math.round((i * 1400) / 99);
      all.push(await send(forms[i % 3]!, `fast${i}`, elapsedMs, i % 4 === 3));
    }
    const outcomes = await Promise.all(all.map(async (sent) => ({ ...sent, where: await storedAs(sent) })));
    for (const sent of outcomes) {
      const label = `${sent.form} ${sent.who} at ${sent.elapsedMs} ms${sent.honeypot ? " with the honeypot" : ""}`;
      expect(sent.ok, label).toBe(true);
      if (sent.honeypot) {
        expect({ label, where: sent.where, held: sent.held }).toEqual({ label, where: "nowhere", held: false });
      } else if (sent.elapsedMs < MIN_FILL_MS) {
        expect({ label, where: sent.where, held: sent.held, status: sent.status }).toEqual({
          label,
          where: "held",
          held: true,
          status: 202,
        });
      } else {
        expect({ label, where: sent.where, held: sent.held, status: sent.status }).toEqual({
          label,
          where: sent.form === "newsletter" ? "subscriber" : "lead",
          held: false,
          status: 200,
        });
      }
    }
    const kept = outcomes.filter((s) => !s.honeypot);
    expect(kept.filter((s) => s.where === "nowhere")).toEqual([]);
    expect(outcomes.filter((s) => s.where === "held").length).toBeGreaterThan(10);
    expect(outcomes.filter((s) => s.where === "lead" || s.where === "subscriber").length).toBeGreaterThan(10);
  });

  describe("in the back office", () => {
    let jar: Jar;
    beforeAll(async () => {
      ({ jar } = await enrolledTrainer(context(), SITE, "trainer-held@example.com"));
    });
    const act = async (intent: string, id: string) => {
      const result = (await callRoute(
        heldAction,
        context(),
        jar.request("/admin/held", { body: new URLSearchParams({ intent, id }) }),
        SIGNED_IN,
      )) as unknown as { data: { ok: boolean; message: string }; init: { status?: number } | null };
      return { ...result.data, status: result.init?.status ?? 200 };
    };

    it("accepting stores it as its form would, with the trainer's notice or the confirmation e-mail", async () => {
      const event = await send("event", "Quick Quinten", 600, false);
      const letter = await send("newsletter", "quick-letter", 700, false);
      expect([event.held, letter.held]).toEqual([true, true]);
      const page = (await callRoute(
        heldLoader,
        context(),
        jar.request("/admin/held", { method: "GET" }),
        SIGNED_IN,
      )) as unknown as {
        data: { rows: { id: string; form: string; fields: { label: string; value: string }[] }[] };
      };
      const shown = page.data.rows.find((h) => h.fields.some((f) => f.value === "Quick Quinten"));
      expect(shown?.form).toBe("Event signup");
      expect(shown?.fields).toContainEqual(expect.objectContaining({ label: "Phone", value: "+31 6 1234 5678" }));
      // Only who sent it and what they wrote: how the page knew it (consent proof, first touch) stays out.
      expect(shown?.fields.map((f) => f.label)).not.toContain("consent");

      const before = smtp.messages.length;
      expect(await act("accept", shown!.id)).toMatchObject({ ok: true, status: 200 });
      const [lead] = await services().database.db.select().from(signups).where(eq(signups.name, "Quick Quinten"));
      expect(lead).toMatchObject({ phone: "+31 6 1234 5678", formName: expect.any(String) });
      await deliverQueued(services());
      const mails = await smtp.waitForMessages(before + 1);
      expect(mails.slice(before).map((m) => m.to)).toContainEqual([TRAINER]);
      // Handled once: a second press finds nothing and stores nothing twice.
      expect(await act("accept", shown!.id)).toMatchObject({ ok: false, status: 404 });
      expect(await services().database.db.select().from(signups).where(eq(signups.name, "Quick Quinten"))).toHaveLength(
        1,
      );

      const heldLetter = (await listHeld(services().database.db, { q: "quick-letter" })).rows.find(
        (h) => h.who.email === "quick-letter@example.com",
      );
      expect(await act("accept", heldLetter!.id)).toMatchObject({ ok: true });
      const [subscriber] = await services()
        .database.db.select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "quick-letter@example.com"));
      expect(subscriber?.status).toBe("pending");
      await deliverQueued(services());
      await smtp.waitForMessages(before + 2);
      expect(smtp.messages.slice(before).map((m) => m.to)).toContainEqual(["quick-letter@example.com"]);
    });

    it("deleting removes it and stores nothing", async () => {
      expect(await send("intake", "RobotRik", 40, false)).toMatchObject({ held: true, status: 202 });
      const held = (await listHeld(services().database.db, { q: "RobotRik" })).rows.find(
        (h) => h.who.name === "RobotRik Vos",
      );
      expect(await act("delete", held!.id)).toMatchObject({ ok: true });
      expect(await storedAs({ form: "intake", who: "RobotRik" } as Sent)).toBe("nowhere");
      expect(await act("delete", held!.id)).toMatchObject({ ok: false, status: 404 });
    });
  });

  it("are found by every word searched, in the name, e-mail, phone, answers or message", async () => {
    const { db } = services().database;
    await db.insert(heldSubmissions).values({
      form: "intake",
      reason: "too-fast",
      payload: {
        firstName: "Noor",
        lastName: "Visser",
        email: "noor.visser@example.com",
        phone: "+31 6 5555 1234",
        answers: { 1: "competition", 2: "triathlon" },
        message: "Knee pain when running downhill",
        consent: { page: "/start", textVersion: "searchable-only-by-mistake" },
      },
    });
    const found = async (q: string) => (await listHeld(db, { q })).rows.map((row) => row.who.name);
    for (const q of ["Noor Visser", "noor.visser@", "5555", "triathlon", "DOWNHILL knee"]) {
      expect(await found(q), q).toEqual(["Noor Visser"]);
    }
    for (const q of ["Noor Jansen", "searchable-only-by-mistake", "100%", "_"]) {
      expect(await found(q), q).toEqual([]);
    }
  });

  it("forgets unreviewed ones after 30 days", async () => {
    const { db } = services().database;
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const [old] = await db
      .insert(heldSubmissions)
      .values({ form: "event", reason: "too-fast", payload: { name: "Old" }, createdAt: days(31) })
      .returning();
    const [recent] = await db
      .insert(heldSubmissions)
      .values({ form: "event", reason: "too-fast", payload: { name: "Recent" }, createdAt: days(29) })
      .returning();
    expect(await purgeHeld(db, now)).toBeGreaterThanOrEqual(1);
    const ids = (await db.select({ id: heldSubmissions.id }).from(heldSubmissions)).map((h) => h.id);
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(recent!.id);
  });
});

describe("when the day's held forms are used up (decision 057)", () => {
  const full = withTestServices("pglite", () => ({
    SITE_URL: SITE,
    HELD_LIMIT_PER_DAY: "1",
    HELD_LIMIT_PER_NETWORK_PER_DAY: "1",
  }));
  const signUp = (email: string, accept: string) =>
    newsletterAction({
      request: new Request(`${SITE}/api/newsletter`, {
        method: "POST",
        headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, source: "footer", variant: "footer", elapsedMs: "200", website: "" }),
      }),
      context: routerContextOf({ services: full(), cspNonce: "test", clientIp: "198.51.100.20" }),
      params: {},
    } as never) as Promise<Response>;

  it("a sign-up is refused with 429 and her e-mail address, and the plain form's page names it too", async () => {
    const { contactEmail } = await currentSite(full());
    expect((await signUp("first@example.com", "text/html")).headers.get("location")).toBe("/newsletter?status=held");

    const json = await signUp("second@example.com", "application/json");
    expect(json.status).toBe(429);
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await json.json()) as { message: string }).message).toContain(contactEmail);

    const plain = await signUp("third@example.com", "text/html");
    const landing = plain.headers.get("location")!;
    expect(landing).toBe("/newsletter?status=held-full");
    const page = (await newsletterPageLoader({
      request: new Request(`${SITE}${landing}`),
      context: routerContextOf({ services: full(), cspNonce: "test", clientIp: "198.51.100.20" }),
      params: {},
    } as never)) as { text: string | null };
    expect(page.text).toContain(contactEmail);
    const held = await full().database.db.select().from(heldSubmissions);
    expect(held.map((row) => (row.payload as { input: { email: string } }).input.email)).toEqual(["first@example.com"]);
  });

  it("a plain questionnaire refused this way gets back what was typed, with the message", async () => {
    const fields = {
      "service-type": "weight-loss",
      "sports-event": "hardly-ever",
      gender: "female",
      "age-range": "25-30",
      "first-name": "Lotte",
      "last-name": "Brink",
      email: "lotte@example.com",
      phone: "+31 6 11112222",
      message: "Autofill was quick",
      elapsedMs: "250",
      website: "",
    };
    // The day's one place is taken by the first post (or was already, by the test above).
    const post = () =>
      handleIntake(new Request(`${SITE}/start`, { method: "POST", body: new URLSearchParams(fields) }), {
        services: full(),
        clientIp: "192.0.2.44",
      });
    await post();
    const result = await post();
    expect(result.status).toBe(429);
    expect(result.outcome).toMatchObject({
      status: "rate-limited",
      message: expect.stringContaining((await currentSite(full())).contactEmail),
      values: { "first-name": "Lotte", email: "lotte@example.com", message: "Autofill was quick" },
    });
  });
});
