import { randomUUID } from "node:crypto";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { newsletterSubscribers, signups } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import type { RequestContext } from "~/context";
import { Outbox } from "~/features/leads/outbox.server";
import { leadIdFor, type EventLead, type IntakeLead } from "~/features/leads/signups.server";
import { loader as unsavedLoader } from "~/routes/admin-unsaved";
import { createApp } from "../../server/app";
import { bothEngines, createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { enrolledTrainer, Jar } from "../support/trainer";

const SITE = "http://127.0.0.1:4998";

function intakeLead(firstName: string, email: string): IntakeLead {
  const idempotencyKey = randomUUID();
  return {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    firstName,
    lastName: "Jansen",
    email,
    phone: "+31 6 1234 5678",
    answers: { q1: "competition", q2: "triathlon", q3: "finish", q4: "female", q5: "30-39" },
    message: "Please call me",
    sourceUrl: `${SITE}/start`,
    createdAt: new Date().toISOString(),
  };
}

function eventLead(name: string): EventLead {
  const idempotencyKey = randomUUID();
  return {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    name,
    phone: "+505 8888 0000",
    sourceUrl: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * The poison pill of issue 13: an entry the database refuses (a NUL character, as queued by
 * the version before control characters were refused at the form) sits ahead of good ones.
 */
describe.each(bothEngines)("outbox dead letters on %s", (engine) => {
  let services: AppServices;
  let ctx: RequestContext;
  let databaseUrl: string | undefined;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    databaseUrl = engine === "postgres" ? await createPostgresDatabase() : undefined;
    dataDir = mkdtempSync(path.join(tmpdir(), "dead-letter-"));
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    );
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: SITE,
      DATA_DIR: dataDir,
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      DATABASE_URL: databaseUrl,
    });
    services = await createServices(env, { logger, memoryDb: engine === "pglite", startOutbox: false });
    ctx = { services, cspNonce: "test", clientIp: "203.0.113.8" };
  });
  afterAll(async () => {
    await services.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("stores the good entries behind an unstorable one and dead-letters it, visible to the trainer", async () => {
    const { outbox } = services;
    const poison = intakeLead("Nul\u0000Byte", "nul@example.com");
    await outbox.append("intake", poison);
    await outbox.append("intake", intakeLead("Anna", "anna@example.com"));
    await outbox.append("event", eventLead("Eva"));
    await outbox.append("newsletter", {
      email: "reader@example.com",
      source: "footer",
      serviceType: null,
      status: "pending",
      at: new Date().toISOString(),
    });

    // The first run stores everything behind the poison pill.
    expect(await outbox.replay()).toEqual({ replayed: 3, remaining: 1, deadLettered: 0 });
    const rows = await services.database.db.select().from(signups);
    expect(rows.map((r) => r.firstName ?? r.name).sort()).toEqual(["Anna", "Eva"]);
    expect(await services.database.db.select().from(newsletterSubscribers)).toHaveLength(1);

    // It is retried a bounded number of times, then moved aside; nothing is dropped.
    let runs = 1;
    while ((await outbox.size()) > 0 && runs < 50) {
      await outbox.replay();
      runs++;
    }
    expect(runs).toBe(10);
    expect(await outbox.size()).toBe(0);
    const dead = await outbox.deadLetters();
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ id: expect.any(String), kind: "intake", payload: poison, attempts: 10 });
    expect(readFileSync(path.join(dataDir, "outbox-dead.jsonl"), "utf8")).toContain("nul@example.com");

    // Logged without the visitor's data.
    const logged = logLines.join("");
    expect(logged).toContain("moved to the dead letters");
    expect(logged).not.toContain("nul@example.com");
    expect(logged).not.toContain("Nul\\u0000Byte");

    // /healthz reports the depth and the dead letters.
    const app = createApp({ services, build: () => Promise.reject(new Error("no router needed")) });
    const server: Server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const health = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      expect(await health.json()).toEqual({
        status: "ok",
        database: engine,
        outbox: { depth: 0, deadLetters: 1 },
        backup: expect.objectContaining({ stale: true }),
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    // The back office shows it behind the sign-in and second factor.
    const anonymous = await Promise.resolve(
      callRoute(unsavedLoader, ctx, new Jar(SITE).request("/admin/unsaved", { method: "GET" }), SIGNED_IN),
    ).catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=%2Fadmin%2Funsaved/);

    const { jar } = await enrolledTrainer(ctx, SITE, `trainer-${engine}@example.com`);
    const page = (await callRoute(
      unsavedLoader,
      ctx,
      jar.request("/admin/unsaved", { method: "GET" }),
      SIGNED_IN,
    )) as unknown as { data: { letters: { form: string; fields: { label: string; value: string }[] }[] } };
    expect(page.data.letters).toHaveLength(1);
    expect(page.data.letters[0]?.form).toBe("Intake questionnaire");
    expect(page.data.letters[0]?.fields).toContainEqual({
      label: "E-mail",
      value: "nul@example.com",
      href: "mailto:nul@example.com",
    });
    expect(page.data.letters[0]?.fields[0]).toEqual({ label: "Name", value: "Nul⟨U+0000⟩Byte Jansen" });
  });

  it("counts no attempts while the database is down", async () => {
    const outbox = new Outbox(path.join(mkdtempSync(path.join(tmpdir(), "outage-")), "outbox.jsonl"), services.logger, {
      probe: () => Promise.reject(new Error("database unreachable")),
      maxAttempts: 2,
    });
    outbox.register("intake", () => Promise.reject(new Error("connection refused")));
    await outbox.append("intake", intakeLead("Anna", "anna@example.com"));
    for (let i = 0; i < 5; i++) expect(await outbox.replay()).toEqual({ replayed: 0, remaining: 1, deadLettered: 0 });
    expect((await outbox.entries())[0]?.attempts).toBe(0);
    expect(await outbox.deadLetters()).toEqual([]);
  });
});
