import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { openDatabase, type Database } from "~/infra/db.server";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createLogger } from "~/infra/logger.server";
import { createSiteContentStore } from "~/content-kinds.server";
import { formValuesOf, saveEvent } from "~/features/events/events-admin.server";
import { currentEvent } from "~/features/events/events.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import { event as firstEvent } from "#content/event";

/**
 * An edit in the back office is live within 5 s on every instance (decision 017/018). Each check
 * polls until it sees the change and fails when the 5 s are up without it; nothing sleeps.
 */
const LIVE_WITHIN_MS = 5_000;
const actor = { userId: null, ip: "203.0.113.5" };

/** The next event as the trainer would type it, with a title of its own. */
function nextEvent(title: string) {
  const day = localDateTimeOf(new Date(Date.now() + 14 * 86_400_000), "America/Managua").slice(0, 10);
  return { ...formValuesOf(firstEvent), title, date: day, time: "17:30" };
}

async function until(check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const h1 = async (server: RunningServer) => {
  const html = await (await fetch(`${server.url}/nicaragua`)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("two built servers on one PostgreSQL database", () => {
  let url: string;
  let a: RunningServer;
  let b: RunningServer;
  let database: Database;

  beforeAll(async () => {
    url = await createPostgresDatabase();
    // One at a time: the first migrates and seeds, the second finds both done.
    const shared = { DATABASE_URL: url, AUTH_SECRET: "two-instances-test-secret-0123456789abcdef" };
    a = await startServer(shared);
    b = await startServer(shared);
    database = await openDatabase({ databaseUrl: url, dataDir: "" });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    if (url) await dropPostgresDatabase(url);
  });

  it("a publish is on both within 5 s: the event page, and the cached pages' validator", async () => {
    // Both show the seeded event; the event page's validator (a hash of the cached bytes) holds.
    expect(await h1(a)).toBe(await h1(b));
    const before = await fetch(`${b.url}/nicaragua`);
    const etag = before.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(`${b.url}/nicaragua`, { headers: { "If-None-Match": etag! } })).status).toBe(304);

    // The trainer publishes the next event; the store is the one the back office's action calls.
    const title = `Sunset strength ${Date.now().toString(36)}`;
    const content = createSiteContentStore(database.db);
    const saved = await saveEvent(content, undefined, nextEvent(title), actor, { publish: true });
    expect(saved.ok).toBe(true);
    const deadline = Date.now() + LIVE_WITHIN_MS;

    const seen = await Promise.all([
      until(async () => (await h1(a)) === title, deadline),
      until(async () => (await h1(b)) === title, deadline),
      until(
        async () => (await fetch(`${b.url}/nicaragua`, { headers: { "If-None-Match": etag! } })).status === 200,
        deadline,
      ),
    ]);
    expect(seen).toEqual([true, true, true]);
  });
});

describe("the same publish on PGlite (one process, as the embedded database allows)", () => {
  let services: AppServices;

  beforeAll(async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: "https://coach.example",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coach-two-instances-")),
      LOG_LEVEL: "silent",
    });
    services = await createServices(env, { logger: createLogger("silent"), startOutbox: false, memoryDb: true });
  }, 120_000);
  afterAll(async () => {
    await services?.close();
  });

  it("is what the page reads within 5 s, and changes the revision public pages are validated against", async () => {
    const before = await services.contentRevision();
    const title = `Sunrise mobility ${Date.now().toString(36)}`;
    const saved = await saveEvent(services.content, undefined, nextEvent(title), actor, { publish: true });
    expect(saved.ok).toBe(true);
    const deadline = Date.now() + LIVE_WITHIN_MS;
    const seen = await Promise.all([
      until(async () => (await currentEvent(services.content))?.data.title === title, deadline),
      until(async () => (await services.contentRevision()) !== before, deadline),
    ]);
    expect(seen).toEqual([true, true]);
  });
});
