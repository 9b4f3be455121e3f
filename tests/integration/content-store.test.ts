import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { z } from "zod";
import { bothEngines, createTestDatabase, engines, type TestDatabase } from "../support/database";
import { openDatabase, type Database } from "~/infra/db.server";
import { auditLog, contentEntries } from "#db/schema";
import { ContentError, createContentStore } from "~/features/content/store.server";
import { createSiteContentStore, seedSiteContent } from "~/content-kinds.server";

const schemas = {
  note: z.strictObject({ title: z.string().min(1, "is required"), words: z.number().int().min(0) }),
};
const trainer = { userId: "trainer-1", ip: "203.0.113.0/24" };

/** Waits for a condition by asking again; never a fixed sleep. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(bothEngines)("content store on %s", (engine) => {
  let database: TestDatabase;
  let clock = new Date("2030-01-01T10:00:00Z");
  const store = () => createContentStore(database.db, schemas, { now: () => clock, revisionCacheMs: 0 });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("refuses data its kind's schema rejects, naming the field, and stores nothing", async () => {
    const error = await store()
      .saveDraft("note", "bad", { title: "", words: 1 }, trainer)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues[0]).toMatchObject({ path: "title", message: "is required" });
    expect(await store().get("note", "bad")).toBeUndefined();
  });

  it("keeps a draft off the site until it is published, and bumps the revision on publish", async () => {
    const s = store();
    await s.saveDraft("note", "a", { title: "First", words: 1 }, trainer);
    expect(await s.live("note", "a")).toBeUndefined();
    const before = await s.revision();
    await s.publish("note", "a", trainer);
    expect((await s.live("note", "a"))?.data).toEqual({ title: "First", words: 1 });
    expect(await s.revision()).not.toBe(before);

    await s.saveDraft("note", "a", { title: "Second", words: 2 }, trainer);
    expect((await s.live("note", "a"))?.data.title).toBe("First");
    expect((await s.get("note", "a"))?.draft.title).toBe("Second");
  });

  it("publishes a scheduled entry once its moment has passed, with no job running", async () => {
    const s = store();
    await s.saveDraft("note", "later", { title: "Later", words: 3 }, trainer);
    await s.publish("note", "later", trainer, { at: new Date(clock.getTime() + 60_000) });
    expect(await s.live("note", "later")).toBeUndefined();
    expect((await s.get("note", "later"))?.status).toBe("scheduled");
    const before = await s.revision();

    clock = new Date(clock.getTime() + 60_000);
    expect((await s.live("note", "later"))?.data.title).toBe("Later");
    expect((await s.get("note", "later"))?.status).toBe("published");
    expect(await s.revision()).not.toBe(before);
    expect((await s.listLive("note")).map((e) => e.key)).toContain("later");
  });

  it("keeps the live version while a newer one waits for its moment", async () => {
    const s = store();
    await s.saveDraft("note", "a", { title: "Third", words: 3 }, trainer);
    await s.publish("note", "a", trainer, { at: new Date(clock.getTime() + 60_000) });
    expect((await s.live("note", "a"))?.data.title).toBe("First");
    clock = new Date(clock.getTime() + 61_000);
    expect((await s.live("note", "a"))?.data.title).toBe("Third");
  });

  it("takes an entry off the site on unpublish and keeps its draft", async () => {
    const s = store();
    const before = await s.revision();
    await s.unpublish("note", "a", trainer);
    expect(await s.live("note", "a")).toBeUndefined();
    expect((await s.get("note", "a"))?.status).toBe("unpublished");
    expect((await s.get("note", "a"))?.draft.title).toBe("Third");
    expect(await s.revision()).not.toBe(before);
  });

  it("keeps every saved version and restores one as a new version", async () => {
    const s = store();
    const versions = await s.versions("note", "a");
    expect(versions.map((v) => v.data.title)).toEqual(["Third", "Second", "First"]);
    expect(versions.every((v) => v.createdBy === trainer.userId)).toBe(true);
    const restored = await s.restore("note", "a", versions[2]!.version, trainer, { publish: true });
    expect(restored).toBe(4);
    expect((await s.live("note", "a"))?.data.title).toBe("First");
    expect((await s.versions("note", "a"))[0]).toMatchObject({ version: 4, reason: "restore" });
  });

  it("answers an old key with the new one after a rename", async () => {
    const s = store();
    await s.rename("note", "a", "b", trainer);
    expect(await s.get("note", "a")).toBeUndefined();
    expect((await s.live("note", "b"))?.data.title).toBe("First");
    expect(await s.renamedTo("note", "a")).toBe("b");
    // Renaming back frees the old key again.
    await s.rename("note", "b", "a", trainer);
    expect(await s.renamedTo("note", "a")).toBeUndefined();
    expect(await s.renamedTo("note", "b")).toBe("a");
  });

  it("writes an audit entry, with who, for every change", async () => {
    const rows = await database.db.select().from(auditLog).where(like(auditLog.action, "content.%"));
    const actions = rows.map((r) => r.action);
    for (const action of ["created", "saved", "published", "scheduled", "unpublished", "restored", "renamed"])
      expect(actions).toContain(`content.${action}`);
    expect(rows.every((r) => r.userId === trainer.userId)).toBe(true);
  });

  it("seeds each kind once: a second start, or a concurrent one, adds nothing", async () => {
    const first = createSiteContentStore(database.db);
    await Promise.all([seedSiteContent(first), seedSiteContent(createSiteContentStore(database.db))]);
    const seeded = await database.db.select().from(contentEntries).where(eq(contentEntries.kind, "article"));
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded.map((r) => r.key)).size).toBe(seeded.length);
    // An article the trainer removed stays removed on the next start.
    await database.db.delete(contentEntries).where(eq(contentEntries.id, seeded[0]!.id));
    await seedSiteContent(createSiteContentStore(database.db));
    const after = await database.db.select().from(contentEntries).where(eq(contentEntries.kind, "article"));
    expect(after.length).toBe(seeded.length - 1);
    expect((await first.listLive("article")).length).toBe(after.length);
  });
});

describe.runIf(engines.includes("postgres"))("content store with two instances on PostgreSQL", () => {
  let database: TestDatabase;
  let second: Database;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    second = await openDatabase({ databaseUrl: database.url, dataDir: "", migrate: false });
  });
  afterAll(async () => {
    await second.close();
    await database.drop();
  });

  it("a publish on one instance is visible on the other, revision included, within 5 s", async () => {
    // Each instance keeps its own in-process revision cache, as the servers do.
    const one = createContentStore(database.db, schemas);
    const two = createContentStore(second.db, schemas);
    await one.saveDraft("note", "shared", { title: "Shared", words: 1 }, trainer);
    const before = await two.revision();
    await one.publish("note", "shared", trainer);
    await eventually(
      () => two.revision(),
      (r) => r !== before,
      5_000,
    );
    expect((await two.live("note", "shared"))?.data.title).toBe("Shared");
  });
});
