import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { fullDisk } from "~/features/leads/full-disk";

/**
 * /readyz and /metrics on the real middleware and router. The server trusts a proxy on
 * loopback, so a request carrying X-Forwarded-For with a public address is a visitor from the
 * internet as far as the access rule is concerned.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const TOKEN = "metrics-token-for-the-test-0123456789";
let services: AppServices;
let server: Server;
let site = "";
let dataDir = "";
let app: ReturnType<typeof createApp>;
const disk = fullDisk();

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "metrics-"));
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: dataDir,
    TRUST_PROXY: "1",
    METRICS_TOKEN: TOKEN,
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
  });
  services = await createServices(env, { logger: pino({ level: "silent" }), memoryDb: true, outboxFiles: disk });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  app = createApp({ services, build, clientDir: path.join(buildDir, "client") });
  server.on("request", app);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${site}${pathname}`, { headers });

describe("/metrics", () => {
  it("answers a loopback client in Prometheus format with the site's own figures", async () => {
    const posts = await (await get("/blog")).text();
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(posts)?.[1];
    expect(slug).toBeDefined();
    const post = await get(`/blog/${slug}`);
    expect(post.status).toBe(200);
    // The request is measured when its response has been sent in full.
    await post.text();
    const res = await get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Per route pattern, not per address: the post's slug is not a label value.
    expect(text).toMatch(/mjc_http_request_duration_seconds_bucket\{[^}]*route="\/blog\/:slug"[^}]*\}/);
    expect(text).not.toContain(`route="/blog/${slug}"`);
    // No backup yet: an age above any alert threshold, so "too old" fires (NaN compares false: silence).
    expect(text).toMatch(/^mjc_backup_last_good_age_seconds \+Inf$/m);
    for (const name of [
      "mjc_leads_stored 0",
      "mjc_outbox_depth 0",
      "mjc_outbox_dead_letters 0",
      "mjc_emails_sent_total",
      "mjc_emails_failed_total",
      "mjc_webhook_failures_total",
      "process_resident_memory_bytes",
      "mjc_database_up 1",
      // Backups on this machine only: said, and the off-site copy's age is no number (no age alert).
      "mjc_backup_offsite_configured 0",
      "mjc_backup_offsite_last_good_age_seconds Nan",
      "mjc_ready 1",
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/^mjc_backup_last_good_timestamp_seconds 0$/m);
    expect(text).toMatch(/^mjc_backup_last_failure_timestamp_seconds 0$/m);
  });

  it("shows when a backup last failed", async () => {
    const at = "2026-03-01T02:00:00.000Z";
    mkdirSync(path.join(dataDir, "backups"), { recursive: true });
    writeFileSync(
      path.join(dataDir, "backups", "status.json"),
      JSON.stringify({ lastAttempt: { at, ok: false, error: "disk full" } }),
    );
    const text = await (await get("/metrics")).text();
    expect(text).toMatch(new RegExp(`^mjc_backup_last_failure_timestamp_seconds ${Date.parse(at) / 1000}$`, "m"));
    rmSync(path.join(dataDir, "backups"), { recursive: true });
  });

  it("refuses a client on a public address, unless it sends the token", async () => {
    const outside = { "X-Forwarded-For": "203.0.113.9" };
    const refused = await get("/metrics", outside);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("mjc_");
    expect(
      (await get("/metrics", { ...outside, Authorization: "Bearer wrong-token-of-the-same-length-00000" })).status,
    ).toBe(403);
    expect((await get("/metrics", { ...outside, Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    // A client on a private network (a monitoring host beside the server) may read it.
    expect((await get("/metrics", { "X-Forwarded-For": "10.1.2.3" })).status).toBe(200);
  });
});

describe("/readyz", () => {
  it("says why it is not ready while the form outbox cannot write, until a write succeeds again", async () => {
    disk.fill(0);
    await expect(services.outbox.append("intake", { test: true })).rejects.toThrow();
    const full = await get("/readyz");
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({
      status: "not ready",
      checks: { formOutbox: false, database: true },
      reason: "form outbox cannot write: no space left",
    });
    disk.free();
    // The replay's probe write finds the room again; no form has to come in for that.
    await services.outbox.replay();
    expect((await get("/readyz")).status).toBe(200);
  });

  it("is ready when the database answers, migrations are applied and the jobs run; 503 otherwise", async () => {
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: true, migrations: true, scheduler: true, formOutbox: true, accepting: true },
    });

    services.outbox.stop();
    const stalled = await get("/readyz");
    expect(stalled.status).toBe(503);
    expect(await stalled.json()).toMatchObject({ status: "not ready", checks: { scheduler: false, database: true } });
    services.outbox.start();

    await services.database.close();
    // Monitoring keeps answering through the outage, with the last known figures.
    const during = await get("/metrics");
    expect(during.status).toBe(200);
    const text = await during.text();
    expect(text).toMatch(/^mjc_leads_stored 0$/m);
    expect(text).toMatch(/^mjc_outbox_dead_letters 0$/m);
    expect(text).toMatch(/^mjc_database_up 0$/m);
    expect(text).toMatch(/^mjc_ready 0$/m);

    const down = await get("/readyz");
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ checks: { database: false } });
    // /healthz is liveness: the process answers, so nothing restarts it for an outage it cannot fix.
    expect((await get("/healthz")).status).toBe(200);
  });
});

describe("/healthz", () => {
  it("tells the public only that the server is alive; the private network and the token see the details", async () => {
    const outside = { "X-Forwarded-For": "203.0.113.9" };
    expect(await (await get("/healthz", outside)).json()).toEqual({ status: "ok" });
    for (const headers of [{ ...outside, Authorization: `Bearer ${TOKEN}` }, { "X-Forwarded-For": "10.1.2.3" }]) {
      expect(await (await get("/healthz", headers)).json()).toMatchObject({
        status: "ok",
        outbox: { depth: 0, deadLetters: 0 },
        backup: expect.objectContaining({ lastGoodAt: null }),
      });
    }
  });

  it("answers 503 once the server is stopping, so a proxy takes it out while it still serves", async () => {
    app.locals.stopping = true;
    const stopping = await get("/healthz");
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping" });
    expect((await get("/pricing")).status).toBe(200);
  });
});
