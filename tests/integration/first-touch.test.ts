import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { startServer, type RunningServer } from "../support/server";
import { openDatabase } from "~/infra/db.server";
import { signups } from "#db/schema";

/**
 * The first-party source through the real server: a visitor lands from a campaign link, reads
 * three pages (no UTM parameters any more), then sends the intake; the lead carries the landing's
 * UTM parameters, referring host and page. The cookie is set once and never overwritten.
 */
describe("first touch through the server", () => {
  let server: RunningServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "coach-first-touch-"));
  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      SITE_URL: "http://127.0.0.1",
      RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("stores the landing URL's UTM parameters with a lead submitted three pages later", async () => {
    const jar = new Map<string, string>();
    const get = async (path: string, referer?: string) => {
      const res = await fetch(`${server.url}${path}`, {
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(referer ? { referer } : {}),
        },
        redirect: "manual",
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const index = pair!.indexOf("=");
        jar.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      await res.arrayBuffer();
      return res;
    };

    const landing = await get(
      "/blog?utm_source=instagram&utm_medium=social&utm_campaign=spring-run&utm_content=story-2",
      "https://l.instagram.com/redirect?u=secret",
    );
    expect(landing.status).toBe(200);
    const cookie = landing.headers.getSetCookie().find((c) => c.startsWith("first_touch="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Three more pages, one of them with other UTM parameters: the first touch stays.
    for (const path of ["/services", "/pricing?utm_source=google", "/start"]) {
      const res = await get(path, `${server.url}/blog`);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("first_touch="))).toBe(false);
    }

    const submitted = await fetch(`${server.url}/api/intake`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify({
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: { firstName: "Uma", lastName: "Utm", email: "uma@example.com", phone: "+31612345678", message: "" },
        idempotencyKey: "first-touch-test-0001",
        elapsedMs: 30_000,
        website: "",
      }),
    });
    const outcome = (await submitted.json()) as { status: string; leadId: string };
    expect(submitted.status, JSON.stringify(outcome)).toBe(200);

    // The embedded database belongs to the server process: read the row once it has stopped.
    await server.stop();
    const database = await openDatabase({ dataDir });
    try {
      const [lead] = await database.db.select().from(signups).where(eq(signups.id, outcome.leadId));
      expect(lead?.firstTouch).toEqual({
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: "spring-run",
        utmContent: "story-2",
        referrer: "l.instagram.com",
        landingPath: "/blog",
        firstSeen: new Date().toISOString().slice(0, 10),
      });
    } finally {
      await database.close();
    }
  });
});
