import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { messages } from "#db/schema";
import type { RequestContext } from "~/context";
import { enqueue } from "~/features/messages/engine.server";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin-messages";
import { loader as dashboardLoader } from "~/routes/admin";
import { deliverQueued } from "../support/messages";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { withTestServices } from "../support/services";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The back office's Messages page: many messages waiting for a relay that refuses connections are
 * one line with the time it went away and the next try; a message refused for good shows the
 * server's words and no Retry; one that may have arrived can be sent again; the dashboard counts
 * what needs her.
 */
const SITE = "https://coach.example";
// Nothing listens on the discard port: the relay refuses every connection.
const services = withTestServices("pglite", () => ({ SITE_URL: SITE, SMTP_URL: "smtp://127.0.0.1:9?starttls=off" }));
const context = (): RequestContext => ({ services: services(), cspNonce: "test", clientIp: "203.0.113.40" });

interface Page {
  waiting: string[];
  goingOut: number;
  planned: number;
  problems: { id: string; state: string; lastAnswer: string | null; retry: boolean }[];
}

describe("the Messages page", () => {
  let jar: Jar;
  beforeAll(async () => {
    ({ jar } = await enrolledTrainer(context(), SITE, "trainer-messages@example.com"));
  });
  const page = async () =>
    (
      (await callRoute(
        messagesLoader,
        context(),
        jar.request("/admin/messages", { method: "GET" }),
        SIGNED_IN,
      )) as unknown as { data: Page }
    ).data;

  it("says in one line that the mail server cannot be reached, lists what failed with its words, and retries only where it helps", async () => {
    const db = services().database.db;
    for (let n = 0; n < 5; n++)
      await enqueue(db, {
        key: `page-test:${n}`,
        kind: "lead-notice",
        channel: "email",
        payload: { to: "mila@coach.example", subject: "A new lead", text: "…" },
      });
    expect(await deliverQueued(services())).toMatchObject({ waiting: 5 });
    const [refused] = await db
      .insert(messages)
      .values({
        key: "page-test:refused",
        kind: "newsletter-confirm",
        channel: "email",
        recipient: "gone@example.com",
        payload: {},
        state: "failed",
        attempts: 1,
        waitReason: "refused",
        lastAnswer: "550 5.1.1 Mailbox unknown",
      })
      .returning();
    const [unknown] = await db
      .insert(messages)
      .values({ key: "page-test:unknown", kind: "alarm", channel: "push", recipient: "trainer", payload: {} })
      .returning();
    await db.update(messages).set({ state: "unknown" }).where(eq(messages.id, unknown!.id));

    // A reminder planned for tomorrow is not waiting, and not going out now.
    await enqueue(db, {
      key: "page-test:planned",
      kind: "follow-up:call-24h",
      channel: "email",
      payload: { to: "lead@example.com", subject: "Your call tomorrow", text: "…" },
      notBefore: new Date(Date.now() + 86_400_000),
    });

    const shown = await page();
    expect(shown).toMatchObject({ goingOut: 0, planned: 1 });
    expect(shown.waiting).toHaveLength(1);
    expect(shown.waiting[0]).toMatch(
      /^5 e-mails wait: the mail server cannot be reached since \d\d:\d\d, next try \d\d:\d\d\.$/,
    );
    expect(shown.problems.find((p) => p.id === refused!.id)).toMatchObject({
      lastAnswer: "550 5.1.1 Mailbox unknown",
      retry: false,
    });
    expect(shown.problems.find((p) => p.id === unknown!.id)).toMatchObject({ state: "unknown", retry: true });

    const dashboard = (await callRoute(
      dashboardLoader,
      context(),
      jar.request("/admin", { method: "GET" }),
      SIGNED_IN,
    )) as unknown as { data: { messagesToSee: number } };
    expect(dashboard.data.messagesToSee).toBe(7);

    const retry = async (id: string) =>
      (
        (await callRoute(
          messagesAction,
          context(),
          jar.request("/admin/messages", { body: new URLSearchParams({ id }) }),
          SIGNED_IN,
        )) as unknown as { data: { ok: boolean }; init: { status?: number } | null }
      ).init?.status ?? 200;
    expect(await retry(refused!.id)).toBe(404);
    expect(await retry(unknown!.id)).toBe(200);
    const [again] = await db.select().from(messages).where(eq(messages.id, unknown!.id));
    expect(again).toMatchObject({ state: "queued", attempts: 0 });
  });
});
