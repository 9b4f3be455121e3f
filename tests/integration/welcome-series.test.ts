import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { followUpSettings, messages } from "#db/schema";
import type { Mailer } from "~/infra/mail.server";
import type { Db } from "~/infra/db.server";
import type { Messages } from "~/features/messages/messages.server";
import { confirmSubscription, unsubscribe } from "~/features/newsletter/subscribe.server";
import { prepareWelcome } from "~/features/newsletter/welcome.server";
import { handleRelayWebhook } from "~/features/newsletter/relay-webhook.server";
import { planWelcomeSeries } from "~/features/follow-ups/series.server";
import { erasePerson } from "~/features/reports/data-requests.server";
import { engines, type TestDatabase } from "../support/database";
import { deliverQueued, engineOnClock } from "../support/messages";
import { isSuppressedAddress } from "~/features/newsletter/person.server";
import type { LocalSmtp } from "../support/smtp";

/**
 * The welcome series (docs/decisions/072) on the message engine, with the clock in the test's
 * hand and a real SMTP server: the welcome and its two followers arrive in order at their times,
 * once; an unsubscribe or a suppression in the middle stops the rest; without newsletter consent
 * nothing is planned.
 */
const SITE = "https://coach.example";
const SECRET = "a-site-secret-of-at-least-thirty-two-characters";
const RELAY_KEY = "relay-signing-key-for-tests";
const DAY = 24 * 3_600_000;

describe.each(engines)("the welcome series on %s", (engine) => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let mailer: Mailer;
  let engineMessages: Messages;
  let clock = new Date("2026-12-01T09:00:00Z");

  const made = engineOnClock(engine, () => clock);
  beforeAll(() => {
    ({ database, smtp, mailer, messages: engineMessages } = made);
  });

  const at = (when: Date) => {
    clock = when;
    return deliverQueued({ database, mailer }, clock);
  };
  const subjectsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).map((m) => m.subject);
  /** The confirmation click, as the confirm route makes it: the welcome and its series in one transaction. */
  const confirm = async (email: string) => {
    const queue = await prepareWelcome({ messages: engineMessages, siteUrl: SITE, secret: SECRET }, database.db, email);
    expect(await confirmSubscription(database.db, email, clock, undefined, queue)).toBe("confirmed");
  };
  const series = (email: string) =>
    database.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipient, email), like(messages.key, "welcome-series:%")))
      .orderBy(messages.notBefore);

  it("sends the welcome at once and the two others on day 3 and day 10, in order, each once, out of the quiet hours", async () => {
    // 22:30 in Amsterdam: day 3 and day 10 fall in the quiet hours and go at 08:00 the next morning.
    const confirmedAt = new Date("2026-12-01T21:30:00Z");
    clock = confirmedAt;
    await confirm("ann@example.com");
    const planned = await series("ann@example.com");
    expect(planned.map((row) => [row.key.split(":")[1], row.notBefore])).toEqual([
      ["2", new Date("2026-12-05T07:00:00Z")],
      ["3", new Date("2026-12-12T07:00:00Z")],
    ]);

    await at(confirmedAt);
    expect(subjectsTo("ann@example.com")).toHaveLength(1);
    await at(new Date("2026-12-05T06:59:00Z"));
    expect(subjectsTo("ann@example.com")).toHaveLength(1);
    await at(new Date("2026-12-05T07:00:00Z"));
    await at(new Date("2026-12-12T07:00:00Z"));
    await at(new Date(confirmedAt.getTime() + 30 * DAY));
    const [welcome, articles, coaching] = smtp.messages.filter((m) => m.to.includes("ann@example.com"));
    expect(smtp.messages).toHaveLength(3);
    expect([articles!.subject, coaching!.subject]).toEqual([
      "Where to start: my most-read articles",
      "How the coaching works (in three steps)",
    ]);
    // Each carries the newsletter's own unsubscribe link, as the welcome does, in the text and as the one-click header.
    for (const mail of [welcome!, articles!, coaching!])
      expect(mail.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(
        /List-Unsubscribe: <https:\/\/coach\.example\/newsletter\/unsubscribe\?token=/,
      );
  });

  it("goes on the days she set, in the order of those days", async () => {
    await database.db.insert(followUpSettings).values([
      { automation: "welcome-articles", afterDays: 7 },
      { automation: "welcome-coaching", afterDays: 2 },
    ]);
    const confirmedAt = new Date("2027-05-03T10:00:00Z");
    clock = confirmedAt;
    await confirm("fay@example.com");
    expect((await series("fay@example.com")).map((row) => [row.kind, row.notBefore])).toEqual([
      ["follow-up:welcome-coaching", new Date(confirmedAt.getTime() + 2 * DAY)],
      ["follow-up:welcome-articles", new Date(confirmedAt.getTime() + 7 * DAY)],
    ]);
    await at(confirmedAt);
    await at(new Date(confirmedAt.getTime() + 2 * DAY - 60_000));
    expect(subjectsTo("fay@example.com")).toHaveLength(1);
    await at(new Date(confirmedAt.getTime() + 2 * DAY));
    await at(new Date(confirmedAt.getTime() + 7 * DAY));
    await at(new Date(confirmedAt.getTime() + 30 * DAY));
    expect(subjectsTo("fay@example.com").slice(1)).toEqual([
      "How the coaching works (in three steps)",
      "Where to start: my most-read articles",
    ]);
    await database.db.delete(followUpSettings);
  });

  it("stops the rest of the series when the subscriber unsubscribes in the middle", async () => {
    const confirmedAt = new Date("2027-01-04T10:00:00Z");
    clock = confirmedAt;
    await confirm("bob@example.com");
    await at(new Date(confirmedAt.getTime() + 3 * DAY));
    expect(subjectsTo("bob@example.com")).toHaveLength(2);

    clock = new Date(confirmedAt.getTime() + 5 * DAY);
    await unsubscribe(database.db, "bob@example.com", clock);
    await at(new Date(confirmedAt.getTime() + 30 * DAY));
    expect(subjectsTo("bob@example.com")).toHaveLength(2);
    expect((await series("bob@example.com")).map((row) => row.state)).toEqual(["sent", "cancelled"]);
  });

  it("stops the series of an address the mail relay suppressed", async () => {
    const confirmedAt = new Date("2027-02-01T10:00:00Z");
    clock = confirmedAt;
    await confirm("cem@example.com");
    await at(confirmedAt);
    const timestamp = String(Math.floor(clock.getTime() / 1000));
    const token = "bounce-token-of-the-relay-1";
    const signature = createHmac("sha256", RELAY_KEY)
      .update(timestamp + token)
      .digest("hex");
    const outcome = await handleRelayWebhook(
      database.db,
      RELAY_KEY,
      {
        signature: { timestamp, token, signature },
        "event-data": { event: "failed", severity: "permanent", recipient: "cem@example.com" },
      },
      clock,
    );
    expect(outcome).toMatchObject({ outcome: "suppressed" });
    await at(new Date(confirmedAt.getTime() + 30 * DAY));
    expect(subjectsTo("cem@example.com")).toHaveLength(1);
    expect((await series("cem@example.com")).map((row) => row.state)).toEqual(["cancelled", "cancelled"]);
  });

  it("stops the series of a person erased on her request", async () => {
    const confirmedAt = new Date("2027-03-01T10:00:00Z");
    clock = confirmedAt;
    await confirm("eve@example.com");
    await at(confirmedAt);
    await erasePerson(database.db, "eve@example.com");
    await at(new Date(confirmedAt.getTime() + 30 * DAY));
    expect(subjectsTo("eve@example.com")).toHaveLength(1);
  });

  it("refuses to plan the series without newsletter consent (the lawful ground)", async () => {
    const outcomes = await database.db.transaction((tx) =>
      planWelcomeSeries(
        { db: tx as unknown as Db, messages: engineMessages, siteUrl: SITE, isSuppressed: isSuppressedAddress },
        {
          id: "00000000-0000-4000-8000-000000000001",
          email: "dee@example.com",
          confirmedAt: clock,
          newsletterConsent: false,
          unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=x`,
        },
      ),
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ planned: false, reason: "refused" }),
      expect.objectContaining({ planned: false, reason: "refused" }),
    ]);
    expect(await series("dee@example.com")).toEqual([]);
  });
});
