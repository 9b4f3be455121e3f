import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { newsletterSubscribers } from "#db/schema";
import { createSiteContentStore, seedSiteContent, type SiteContentStore } from "~/content-kinds.server";
import { seedLeadMagnetFiles } from "~/features/blog/lead-magnet-seeds.server";
import { grantsForArticle, openDownload, revokeGrant } from "~/features/newsletter/downloads.server";
import { prepareWelcome, WELCOME_KIND, legacyWelcomeHandler } from "~/features/newsletter/welcome.server";
import { readFileData } from "~/features/content/uploads.server";
import type { MailMessage } from "~/infra/mail.server";
import type { NewMessage } from "~/features/messages/messages.server";
import type { Db } from "~/infra/db.server";

const SITE = "https://coach.example";

describe.each(engines)("lead magnets on %s", (engine) => {
  let database: TestDatabase;
  let store: SiteContentStore;
  /** What the welcome e-mails queued on the engine would hand to the relay. */
  const sent: MailMessage[] = [];
  const queued: NewMessage[] = [];
  const outgoing = {
    email: true,
    send: async (message: NewMessage) => {
      // The welcome series planned with it is tests/integration/welcome-series.test.ts's.
      if (message.kind !== WELCOME_KIND) return { id: message.key, created: true };
      queued.push(message);
      if (message.channel === "email") sent.push(message.payload);
      return { id: String(queued.length), created: true };
    },
    kick: () => undefined,
  };
  const deps = { messages: outgoing, siteUrl: SITE, secret: "test-secret" };
  /** Confirms the address as the confirmation's transaction does: its welcome e-mail is queued with it. */
  const welcome = async (email: string) => {
    const queue = await prepareWelcome({ ...deps, articles: store }, database.db, email);
    const [row] = await database.db
      .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    if (row?.status === "confirmed")
      await database.db.transaction((tx) => queue!(tx as unknown as Db, row.id, new Date()));
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = createSiteContentStore(database.db);
    await seedSiteContent(store);
    await seedLeadMagnetFiles(database.db);
    await seedLeadMagnetFiles(database.db); // a second start stores nothing twice
  });
  afterAll(async () => {
    await database.drop();
  });

  /** The first article that promises a PDF: the test depends on no particular post. */
  async function articleWithPdf(): Promise<{ slug: string; fileId: string; label: string }> {
    for (const entry of await store.listLive("article")) {
      const magnet = entry.data.leadMagnet;
      if (magnet?.fileId) return { slug: entry.key, fileId: magnet.fileId, label: magnet.label };
    }
    throw new Error("no seeded article carries a PDF");
  }

  const subscriber = async (email: string, source: string, status = "confirmed") =>
    database.db.insert(newsletterSubscribers).values({ email, source, status, confirmedAt: new Date() });

  const linkIn = (mail: MailMessage) => new RegExp(`${SITE}/download/([\\w-]+)`).exec(mail.text)?.[1];

  it("every seeded article's promise leads to a stored guide", async () => {
    const live = await store.listLive("article");
    expect(live.length).toBeGreaterThan(0);
    for (const entry of live) {
      const fileId = entry.data.leadMagnet?.fileId;
      expect(fileId, entry.key).toBeDefined();
      const file = await readFileData(database.db, fileId!, "original.pdf");
      expect(Buffer.from(file!.data).subarray(0, 5).toString(), entry.key).toBe("%PDF-");
    }
  });

  it("gives each confirmed subscriber a link of their own, and a revoked link stops working for that person only", async () => {
    const { slug, fileId, label } = await articleWithPdf();
    await subscriber("ann@example.org", `/blog/${slug}`);
    await subscriber("bob@example.org", `/blog/${slug}`);
    await welcome("ann@example.org");
    await welcome("bob@example.org");
    const [toAnn, toBob] = sent.splice(0);
    expect(toAnn!.text).toContain(label);
    const ann = linkIn(toAnn!);
    const bob = linkIn(toBob!);
    expect(ann).toBeDefined();
    expect(bob).toBeDefined();
    expect(ann).not.toBe(bob);
    expect(ann!.length).toBeGreaterThanOrEqual(43);
    expect(toAnn!.html).toContain(`/download/${ann}`);
    expect(`/download/${ann}`).not.toMatch(/ann|example/i);

    expect(await openDownload(database.db, ann!)).toMatchObject({ kind: "file", fileId });
    // A welcome queued again (a replayed old outbox entry) carries the same link, not a second grant.
    await welcome("ann@example.org");
    expect(linkIn(sent.splice(0)[0]!)).toBe(ann);

    const grants = await grantsForArticle(database.db, slug);
    const annGrant = grants.find((g) => g.email === "ann@example.org")!;
    expect(annGrant.downloads).toBe(1);
    expect(await revokeGrant(database.db, slug, annGrant.id)).toBe(true);
    expect(await openDownload(database.db, ann!)).toEqual({ kind: "revoked" });
    expect(await openDownload(database.db, bob!)).toMatchObject({ kind: "file" });
    expect(await openDownload(database.db, "x".repeat(43))).toEqual({ kind: "unknown" });
  });

  it("hands out nothing to an address that is not confirmed, or that signed up away from an article", async () => {
    const { slug } = await articleWithPdf();
    await subscriber("pending@example.org", `/blog/${slug}`, "pending");
    await legacyWelcomeHandler({ ...deps, db: database.db, articles: store })({ email: "pending@example.org" });
    expect(sent.splice(0)).toHaveLength(0);
    // An entry an older version left in the file outbox is queued on the engine, keyed like a new one.
    await subscriber("footer@example.org", "footer");
    await legacyWelcomeHandler({ ...deps, db: database.db, articles: store })({ email: "footer@example.org" });
    const [footer] = await database.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "footer@example.org"));
    expect(queued.at(-1)).toMatchObject({ key: `welcome:${footer!.id}`, kind: WELCOME_KIND, about: footer!.id });
    const [mail] = sent.splice(0);
    expect(mail).toBeDefined();
    expect(linkIn(mail!)).toBeUndefined();
  });
});
