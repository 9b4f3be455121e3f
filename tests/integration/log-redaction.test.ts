import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import type { AppServices } from "~/context";
import { newsletterSubscribers } from "#db/schema";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { createMigratedPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";

/**
 * Failures forced with personal data in them (a query that fails with a visitor's details as
 * parameters, a unique violation quoting an address, an outbox replay that fails, requests with
 * addresses and tokens in the URL and credentials in headers), then the whole captured log is
 * searched for every personal value.
 */
const buildDir = path.resolve(import.meta.dirname, "../../build");
const PERSONAL = {
  email: "zoe.vandenbroucke@example.test",
  firstName: "Zoëlle",
  lastName: "Vandenbroucke",
  phone: "+31 6 4455 6677",
  token: "tok_9f8e7d6c5b4a3f2e1d",
  cookie: "sessionsecretvalue12345",
};
const needles = [
  PERSONAL.email,
  PERSONAL.firstName,
  PERSONAL.lastName,
  // The phone number as typed and as stored (+31644556677); a lone digit group would also match a
  // timestamp or an id in a log line.
  "4455 6677",
  "44556677",
  PERSONAL.token,
  PERSONAL.cookie,
  "reader.one@example.test",
];

describe.each(engines)("no personal data in logs (%s)", (engine) => {
  const lines: string[] = [];
  let services: AppServices;
  let server: Server;
  let site = "";
  let url: string | undefined;

  beforeAll(async () => {
    if (engine === "postgres") url = await createMigratedPostgresDatabase();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env = parseEnv({
      NODE_ENV: "production",
      SITE_URL: site,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "log-redaction-")),
      DATABASE_URL: url,
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    });
    const logger = createLogger(
      "debug",
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    services = await createServices(env, { logger, memoryDb: engine === "pglite", startOutbox: false });
    const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    if (url) await dropPostgresDatabase(url);
  });

  it("logs the failures but none of the visitor's details", async () => {
    // Request logs: an address and a token in the query, an address in the path, credentials in headers.
    await fetch(`${site}/?email=${encodeURIComponent(PERSONAL.email)}&token=${PERSONAL.token}`, {
      headers: { Cookie: `better-auth.session_token=${PERSONAL.cookie}`, Authorization: `Bearer ${PERSONAL.token}` },
    });
    await fetch(`${site}/blog/${encodeURIComponent(PERSONAL.email)}`);

    // A query that fails with the visitor's details as its parameters: the leads table is gone.
    await services.database.db.execute(sql`alter table signups rename to signups_away`);
    const res = await fetch(`${site}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: {
          firstName: PERSONAL.firstName,
          lastName: PERSONAL.lastName,
          email: PERSONAL.email,
          phone: PERSONAL.phone,
        },
        elapsedMs: 30_000,
      }),
    });
    // Kept in the outbox, so the visitor is told it is saved.
    expect(res.status).toBeLessThan(300);
    // The job that replays the outbox fails the same way.
    await services.outbox.replay();
    await services.database.db.execute(sql`alter table signups_away rename to signups`);

    // A unique violation, whose detail quotes the address, logged the way the features log errors.
    await services.database.db
      .insert(newsletterSubscribers)
      .values({ email: "reader.one@example.test", source: "footer" });
    try {
      await services.database.db
        .insert(newsletterSubscribers)
        .values({ email: "reader.one@example.test", source: "footer" });
    } catch (error) {
      services.logger.error({ err: error, email: "reader.one@example.test" }, "storing a subscriber failed");
    }

    const log = lines.join("");
    // The failures are there, with what an operator needs: the query and the database's reason.
    expect(log).toContain("Failed query");
    expect(log).toContain("params: [redacted]");
    expect(log).toMatch(/signups/);
    expect(log).toContain("storing a subscriber failed");
    expect(log).toContain(`"path":"/blog/[email]"`);
    expect(log).toMatch(/"res":\{"statusCode":\d+\}/);
    // And none of the personal values, in any spelling the log could hold them.
    for (const needle of needles) {
      expect(log, needle).not.toContain(needle);
      expect(log.toLowerCase(), needle).not.toContain(needle.toLowerCase());
      expect(log, needle).not.toContain(encodeURIComponent(needle));
      expect(log, needle).not.toContain(JSON.stringify(needle).slice(1, -1));
    }
  });
});
