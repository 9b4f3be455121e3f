import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { messages, newsletterSubscribers, newsletterSubscriberTags } from "#db/schema";
import { checkImport, runImport } from "~/features/newsletter/import.server";
import { confirmationMessage } from "~/features/newsletter/subscribe.server";
import { publishedContactEmail } from "~/features/site/site-content.server";
import { withTestServices } from "../support/services";
import { action as importRoute } from "~/routes/admin-subscribers-import";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { enrolledTrainer } from "../support/trainer";
import type { ImportAnswer } from "~/features/newsletter/import-screen.server";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";

/**
 * Importing a list: a 10,000-row file made here (repeats, invalid rows, addresses already on the
 * list, one that unsubscribed and one the relay refused) imports exactly what its dry run said,
 * adds back nobody who left, asks for confirmation only where that was chosen, keeps the ground and
 * note on each new subscriber, and a file with one broken row imports nothing.
 */
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});
const services = withTestServices("pglite", () => ({ SITE_URL: "https://coach.example", SMTP_URL: smtp.url }));
const db = () => services().database.db;
const NOW = new Date("2026-11-28T10:00:00Z");

const confirmations = async () =>
  (await db().select({ n: count() }).from(messages).where(eq(messages.kind, "newsletter-confirm")))[0]!.n;

/** A file of exactly 10,000 data rows after the header, and what its dry run must say. */
function bigFile() {
  const lines = ["E-mail;Name;Tags"];
  for (let i = 0; i < 400; i++) lines.push(`known${i}@example.com;Known ${i};past clients`);
  lines.push("left@example.com;Left;past clients", "refused@example.com;Refused;");
  for (let i = 0; i < 200; i++) lines.push(i % 2 ? `broken-${i}.example.com;Nobody;` : `;No address ${i};`);
  for (let i = 0; i < 300; i++) lines.push(`NEW${i}@Example.com;Again ${i};Triathletes`);
  const fresh = 10_000 - (lines.length - 1);
  for (let i = 0; i < fresh; i++) lines.push(`new${i}@example.com;New ${i};${i % 3 ? "" : "Runners"}`);
  expect(lines.length - 1).toBe(10_000);
  return { text: lines.join("\r\n"), expected: { new: fresh, existing: 400, left: 2, invalid: 200, repeated: 300 } };
}

describe("importing a list", () => {
  it("imports 10,000 rows exactly as the dry run said, re-adds nobody who left, and asks the new ones to confirm", async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([
        ...Array.from({ length: 400 }, (_, i) => ({
          email: `known${i}@example.com`,
          source: "footer",
          status: i % 2 ? "confirmed" : "pending",
        })),
        { email: "left@example.com", source: "footer", status: "unsubscribed", unsubscribedAt: NOW },
        {
          email: "refused@example.com",
          source: "footer",
          status: "confirmed",
          suppressedAt: NOW,
          suppressedReason: "550",
        },
      ]);
    const { text, expected } = bigFile();

    const dry = await checkImport(db(), text);
    if (!dry.ok) throw new Error(JSON.stringify(dry.problems.slice(0, 3)));
    expect(dry.map).toEqual({ email: 0, name: 1, tags: 2 });
    const { invalid, ...counts } = dry.summary;
    expect({ ...counts, invalid: invalid.length }).toEqual({ total: expected.new + 402, ...expected });
    expect(invalid[0]).toEqual({ line: 404, message: "There is no e-mail address." });
    const before = (await db().select({ n: count() }).from(newsletterSubscribers))[0]!.n;

    const done = await runImport(services(), text, dry.map, { ground: "reconfirm", note: null }, NOW);
    expect(done).toMatchObject({ ok: true, added: expected.new, summary: dry.summary });

    const after = (await db().select({ n: count() }).from(newsletterSubscribers))[0]!.n;
    expect(after - before).toBe(expected.new);
    // Asked to confirm: each new address once, nobody already there and nobody who left.
    expect(await confirmations()).toBe(expected.new);
    const asked = await db()
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.kind, "newsletter-confirm"),
          sql`${messages.recipient} like 'known%' or ${messages.recipient} in ('left@example.com', 'refused@example.com')`,
        ),
      );
    expect(asked[0]!.n).toBe(0);
    // Laid out once for the import, each with its own links: the same e-mail a sign-up gets.
    const [one] = await db().select().from(messages).where(eq(messages.recipient, "new7@example.com"));
    const contact = await publishedContactEmail(services());
    expect(one!.payload).toEqual(
      JSON.parse(JSON.stringify(confirmationMessage(services(), "new7@example.com", NOW, contact))),
    );
    const imported = await db()
      .select({ status: newsletterSubscribers.status, ground: newsletterSubscribers.consentGround, n: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.source, "import"))
      .groupBy(newsletterSubscribers.status, newsletterSubscribers.consentGround);
    expect(imported).toEqual([{ status: "pending", ground: "reconfirm", n: expected.new }]);
    // Who left stays gone, untouched and untagged.
    const [left] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "left@example.com"));
    const [refused] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "refused@example.com"));
    expect(left).toMatchObject({ status: "unsubscribed", consentGround: null });
    expect(refused).toMatchObject({ status: "confirmed", suppressedReason: "550", consentGround: null });
    const leftTags = await db()
      .select({ n: count() })
      .from(newsletterSubscriberTags)
      .where(sql`${newsletterSubscriberTags.subscriberId} in (${left!.id}, ${refused!.id})`);
    expect(leftTags[0]!.n).toBe(0);
    // The first row of a repeated address wins; the repeat's tags join it.
    const [again] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "new0@example.com"));
    expect(again).toMatchObject({ name: "Again 0" });
    const againTags = await db()
      .select({ n: count() })
      .from(newsletterSubscriberTags)
      .where(eq(newsletterSubscriberTags.subscriberId, again!.id));
    expect(againTags[0]!.n).toBe(2);

    // The same file again: everyone is there now, nothing new, nobody asked twice.
    const twice = await checkImport(db(), text);
    expect(twice.ok && twice.summary).toMatchObject({ new: 0, existing: expected.new + 400, left: 2 });
  });

  it("confirms at once, with her note kept on each, when they opted in elsewhere", async () => {
    const sent = await confirmations();
    const text = "email,name\nclient1@example.com,Client One\nclient2@example.com,Client Two\nleft@example.com,Left";
    const done = await runImport(
      services(),
      text,
      undefined,
      { ground: "elsewhere", note: "Signed the intake form on paper, 2025" },
      NOW,
    );
    expect(done).toMatchObject({ ok: true, added: 2, summary: { left: 1 } });
    expect(await confirmations()).toBe(sent);
    const rows = await db()
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        ground: newsletterSubscribers.consentGround,
        note: newsletterSubscribers.consentNote,
      })
      .from(newsletterSubscribers)
      .where(isNotNull(newsletterSubscribers.consentNote))
      .orderBy(newsletterSubscribers.email);
    expect(rows).toEqual(
      ["client1@example.com", "client2@example.com"].map((email) => ({
        email,
        status: "confirmed",
        ground: "elsewhere",
        note: "Signed the intake form on paper, 2025",
      })),
    );
  });

  it("imports nothing from a file with one broken row, and names the row", async () => {
    const before = (await db().select({ n: count() }).from(newsletterSubscribers))[0]!.n;
    const lines = ["email,name"];
    for (let i = 0; i < 10_000; i++)
      lines.push(i === 4_999 ? `late${i}@example.com,"Late, ${i}` : `late${i}@example.com,Late ${i}`);
    const done = await runImport(services(), lines.join("\n"), undefined, { ground: "reconfirm", note: null }, NOW);
    expect(done).toEqual({ ok: false, problems: [{ line: 5_001, message: expect.stringMatching(/never closes/) }] });
    const widths = "email,name\na@example.com,A\nb@example.com,B,extra";
    expect(await runImport(services(), widths, undefined, { ground: "reconfirm", note: null }, NOW)).toEqual({
      ok: false,
      problems: [{ line: 3, message: expect.stringMatching(/^3 columns where the first line has 2/) }],
    });
    expect((await db().select({ n: count() }).from(newsletterSubscribers))[0]!.n).toBe(before);
  });

  it("on the screen: checks a paste, asks for the note when they opted in elsewhere, and adds one person", async () => {
    const ctx = { services: services(), cspNonce: "test", clientIp: "203.0.113.9" };
    const { jar } = await enrolledTrainer(ctx, "https://coach.example", "import-trainer@example.com");
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      const answer = await callRoute(importRoute, ctx, jar.request("/admin/subscribers/import", { body }), SIGNED_IN);
      return answer as unknown as { data: ImportAnswer; init: ResponseInit | null };
    };
    await db()
      .insert(newsletterSubscribers)
      .values({ email: "gone@example.com", source: "footer", status: "unsubscribed", unsubscribedAt: NOW });
    const paste = "paste1@example.com\nnot an address\ngone@example.com\n";
    const checked = await post({ intent: "check", paste });
    expect(checked.data.dryRun?.summary).toMatchObject({ new: 1, left: 1, invalid: 1, existing: 0 });
    expect(checked.data.dryRun?.map).toEqual({ email: 0, name: null, tags: null });

    const noNote = await post({
      intent: "import",
      text: checked.data.dryRun!.text,
      emailColumn: "0",
      ground: "elsewhere",
      note: " ",
    });
    expect(noNote.init?.status).toBe(400);
    expect(noNote.data.errors.note).toMatch(/kept as the proof/);
    expect(await checkImport(db(), paste)).toMatchObject({ summary: { new: 1 } });

    const added = await post({
      intent: "add",
      email: "Met.At@Event.example",
      name: "Met At",
      tags: "event, runners",
      ground: "reconfirm",
      note: "",
    });
    expect(added.data.done).toMatch(/confirmation e-mail is on its way/);
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "met.at@event.example"));
    expect(row).toMatchObject({ status: "pending", name: "Met At", consentGround: "reconfirm", source: "import" });
    const badAdd = await post({ intent: "add", email: "nope", ground: "elsewhere", note: "" });
    expect(Object.keys(badAdd.data.errors).sort()).toEqual(["email", "note"]);
  });
});
