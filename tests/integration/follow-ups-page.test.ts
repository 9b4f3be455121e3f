import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { messages, signups } from "#db/schema";
import type { RequestContext } from "~/context";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { afterQuestionnaire, followUpsFor, planCallReminders } from "~/features/follow-ups/follow-ups.server";
import type { FollowUpsResult } from "~/features/follow-ups/page.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin-follow-ups";
import { action as leadAction, loader as leadLoader } from "~/routes/admin-lead";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { withTestServices } from "../support/services";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * Issue 50's "her control": the Follow-ups page switches an automation off and takes her words,
 * refuses a bad text with her words kept, previews the mail and queues a test to her; a lead's page
 * lists what is planned and cancels it.
 */
const SITE = "https://coach.example";
const TRAINER = "trainer-follow-ups@example.com";
// Messages are only queued here (no worker): the discard port is never reached.
const services = withTestServices("pglite", () => ({
  SITE_URL: SITE,
  SMTP_URL: "smtp://127.0.0.1:9?starttls=off",
  SCHEDULING_URL: "https://calendly.com/mila/intake",
}));
const context = (): RequestContext => ({ services: services(), cspNonce: "test", clientIp: "203.0.113.41" });
const HOUR = 3_600_000;

describe("the Follow-ups page and a lead's follow-ups", () => {
  let jar: Jar;
  beforeAll(async () => {
    ({ jar } = await enrolledTrainer(context(), SITE, TRAINER));
  });
  const db = () => services().database.db;

  const post = async (fields: Record<string, string>) => {
    const answer = (await callRoute(
      pageAction,
      context(),
      jar.request("/admin/follow-ups", { body: new URLSearchParams(fields) }),
      SIGNED_IN,
    )) as unknown as { data: FollowUpsResult; init: { status?: number } | null };
    return { ...answer.data, status: answer.init?.status ?? 200 };
  };
  const page = async () =>
    (
      (await callRoute(
        pageLoader,
        context(),
        jar.request("/admin/follow-ups", { method: "GET" }),
        SIGNED_IN,
      )) as unknown as {
        data: {
          automations: { automation: string; enabled: boolean; subject: string; timing: string }[];
          welcome: { members: { automation: string; day: number }[] };
        };
      }
    ).data;

  /** A new questionnaire: its cause for the nudge, planned through the follow-ups the services made. */
  const newLead = async (email: string) => {
    const [lead] = await db()
      .insert(signups)
      .values({ formName: FORM_NAMES.intake, email, firstName: "Anna" })
      .returning();
    await afterQuestionnaire(services().followUps, db(), {
      id: lead!.id,
      email,
      firstName: "Anna",
      createdAt: lead!.createdAt.toISOString(),
    });
    return lead!;
  };
  const nudgesTo = (email: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, email), eq(messages.kind, "follow-up:nudge")));

  it("switched off, an automation plans nothing for a new cause; switched on again, it does", async () => {
    expect(await post({ automation: "nudge", intent: "switch", enabled: "off" })).toMatchObject({ ok: true });
    expect((await page()).automations.find((a) => a.automation === "nudge")).toMatchObject({ enabled: false });
    await newLead("off@example.nl");
    expect(await nudgesTo("off@example.nl")).toHaveLength(0);

    await post({ automation: "nudge", intent: "switch", enabled: "on" });
    await newLead("on@example.nl");
    expect(await nudgesTo("on@example.nl")).toHaveLength(1);
  });

  it("switched off, an automation's planned messages are cancelled and counted; switched on, they stay cancelled", async () => {
    await newLead("planned-1@example.nl");
    await newLead("planned-2@example.nl");
    // Another automation's planned message is not touched.
    await services().messages.send({
      key: "other-kind-stays",
      kind: "follow-up:no-show",
      channel: "email",
      notBefore: new Date(Date.now() + 48 * HOUR),
      payload: { to: "other@example.nl", subject: "s", text: "t" },
    });
    const [sent] = await nudgesTo("planned-2@example.nl");
    await db().update(messages).set({ state: "sent" }).where(eq(messages.id, sent!.id));
    // Earlier tests' leads may have planned nudges too: every one still planned is cancelled.
    const planned = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.kind, "follow-up:nudge"), eq(messages.state, "queued")));
    expect(planned.length).toBeGreaterThan(0);
    const off = await post({ automation: "nudge", intent: "switch", enabled: "off" });
    expect(off).toMatchObject({ ok: true, cancelled: planned.length });
    expect(off.message).toMatch(new RegExp(`\\b${planned.length} planned messages? (was|were) cancelled`));
    expect((await nudgesTo("planned-1@example.nl")).map((m) => m.state)).toEqual(["cancelled"]);
    expect((await nudgesTo("planned-2@example.nl")).map((m) => m.state)).toEqual(["sent"]);
    expect(await db().select().from(messages).where(eq(messages.key, "other-kind-stays"))).toEqual([
      expect.objectContaining({ state: "queued" }),
    ]);
    const on = await post({ automation: "nudge", intent: "switch", enabled: "on" });
    expect(on).toMatchObject({ ok: true });
    expect(on.message).toMatch(/new cases only/i);
    expect((await nudgesTo("planned-1@example.nl")).map((m) => m.state)).toEqual(["cancelled"]);
  });

  it("takes her days for the welcome series, and refuses days out of range or on the same day with what she typed kept", async () => {
    const refused = await post({
      automation: "welcome-series",
      "day-welcome-articles": "15",
      "day-welcome-coaching": "4",
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      days: { "welcome-articles": "15", "welcome-coaching": "4" },
      dayErrors: { "welcome-articles": expect.stringMatching(/from 1 to 14/) },
    });
    const same = await post({ automation: "welcome-series", "day-welcome-articles": "4", "day-welcome-coaching": "4" });
    expect(same.dayErrors).toEqual({ "welcome-coaching": expect.stringMatching(/already taken/) });
    expect((await page()).welcome.members.map((m) => m.day)).toEqual([3, 10]);

    expect(
      await post({ automation: "welcome-series", "day-welcome-articles": "12", "day-welcome-coaching": "5" }),
    ).toMatchObject({ ok: true, status: 200 });
    const { welcome, automations } = await page();
    expect(welcome.members.map((m) => [m.automation, m.day])).toEqual([
      ["welcome-coaching", 5],
      ["welcome-articles", 12],
    ]);
    expect(automations.find((a) => a.automation === "welcome-articles")?.timing).toMatch(/^12 days after/);
  });

  it("uses her edited words for the next follow-up", async () => {
    const saved = await post({
      automation: "nudge",
      intent: "save",
      subject: "{{firstName}}, your call is waiting",
      body: "Hi {{firstName}}, [book here]({{bookingLink}}).",
    });
    expect(saved).toMatchObject({ ok: true, status: 200 });
    await newLead("edited@example.nl");
    const [nudge] = await nudgesTo("edited@example.nl");
    const payload = nudge!.payload as { subject: string; text: string };
    expect(payload.subject).toBe("Anna, your call is waiting");
    expect(payload.text).toContain("Hi Anna, book here (https://calendly.com/mila/intake");
  });

  it("refuses an empty subject, an over-long body and an unknown placeholder, under each field, with her words kept", async () => {
    const body = `Hi {{firstName}}, see you at {{eventTitle}}.`;
    const refused = await post({ automation: "nudge", intent: "save", subject: "  ", body });
    expect(refused).toMatchObject({ ok: false, status: 400, fields: { subject: "  ", body } });
    expect(refused.errors?.subject).toMatch(/subject/i);
    expect(refused.errors?.body).toContain("{{eventTitle}}");

    const long = "x".repeat(5001);
    const tooLong = await post({ automation: "nudge", intent: "save", subject: "Fine", body: long });
    expect(tooLong).toMatchObject({ ok: false, fields: { body: long } });
    expect(tooLong.errors?.body).toMatch(/5000 characters/);
    // Nothing of the refused edits was saved.
    expect((await page()).automations.find((a) => a.automation === "nudge")?.subject).toBe(
      "{{firstName}}, your call is waiting",
    );
  });

  it("previews the mail in the follow-ups' layout with sample values and the stop link", async () => {
    const preview = await post({
      automation: "call-24h",
      intent: "preview",
      subject: "Tomorrow, {{firstName}}",
      body: "See you **{{callTime}}**.",
    });
    expect(preview).toMatchObject({ ok: true, fields: { subject: "Tomorrow, {{firstName}}" } });
    expect(preview.preview?.subject).toBe("Tomorrow, Anna");
    expect(preview.preview?.html).toMatch(/<strong>Thursday, 3 December 2026, 10:00 \(Europe\/Amsterdam\)<\/strong>/);
    expect(preview.preview?.html).toContain("/follow-ups/stop?token=");
  });

  it("queues one test to her own address, marked as a test, planned for no one else", async () => {
    const before = await db().select().from(messages).where(eq(messages.recipient, TRAINER));
    const sent = await post({ automation: "no-show", intent: "test", subject: "Missed you", body: "Hi {{firstName}}" });
    expect(sent).toMatchObject({ ok: true });
    const after = await db().select().from(messages).where(eq(messages.recipient, TRAINER));
    expect(after).toHaveLength(before.length + 1);
    const test = after.find((m) => !before.some((b) => b.id === m.id))!;
    expect(test).toMatchObject({ kind: "follow-up-test", state: "queued" });
    expect((test.payload as { subject: string }).subject).toBe("[Test] Missed you");
  });

  it("lists a lead's planned reminders on the lead's page, and Cancel cancels the one she picks", async () => {
    const lead = await newLead("booked@example.nl");
    const deps = followUpsFor(services().followUps, db())!;
    await planCallReminders(deps, {
      provider: "calendly",
      externalId: "page-booking-1",
      email: "booked@example.nl",
      name: "Anna Booked",
      startsAt: new Date(deps.now.getTime() + 25 * HOUR),
      leadId: lead.id,
      timeZone: "Europe/Amsterdam",
      how: null,
      rescheduleUrl: null,
      cancelUrl: null,
    });
    type Lead = { followUps: { planned: { key: string; label: string; at: string }[]; past: { outcome: string }[] } };
    const leadPage = async () =>
      (
        (await callRoute(leadLoader, context(), jar.request(`/admin/leads/${lead.id}`, { method: "GET" }), SIGNED_IN, {
          id: lead.id,
        })) as unknown as { data: Lead }
      ).data.followUps;
    const shown = await leadPage();
    expect(shown.planned.map((p) => p.label)).toEqual([
      "Reminder a day before the call",
      "Reminder an hour before the call",
    ]);
    expect(shown.planned[0]!.at).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d$/);
    // The booking took back the nudge: it shows as cancelled, not as planned.
    expect(shown.past.map((p) => p.outcome)).toEqual(["cancelled"]);

    const key = shown.planned[0]!.key;
    await callRoute(
      leadAction,
      context(),
      jar.request(`/admin/leads/${lead.id}`, { body: new URLSearchParams({ intent: "cancel-follow-up", key }) }),
      SIGNED_IN,
      { id: lead.id },
    );
    const [row] = await db().select().from(messages).where(eq(messages.key, key));
    expect(row?.state).toBe("cancelled");
    expect((await leadPage()).planned.map((p) => p.label)).toEqual(["Reminder an hour before the call"]);

    // Another lead's page cannot cancel this lead's reminder.
    const other = await newLead("other@example.nl");
    const hourKey = (
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.about, "booking:calendly:page-booking-1"), like(messages.kind, "follow-up:call-1h")))
    )[0]!.key;
    const refused = (await callRoute(
      leadAction,
      context(),
      jar.request(`/admin/leads/${other.id}`, {
        body: new URLSearchParams({ intent: "cancel-follow-up", key: hourKey }),
      }),
      SIGNED_IN,
      { id: other.id },
    )) as unknown as { init: { status?: number } | null };
    expect(refused.init?.status).toBe(404);
    expect((await leadPage()).planned).toHaveLength(1);
  });
});
