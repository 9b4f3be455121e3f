import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import type { AppServices, RequestContext } from "~/context";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { enrolledTrainer, type Jar } from "../support/trainer";
import { formValuesOf, saveEvent } from "~/features/events/events-admin.server";
import { localDateTimeOf } from "~/infra/zoned-time";
import { event as firstEvent } from "#content/event";

/**
 * The visitors' journeys that carry personal data, through the production build with its real
 * logger at debug level and a local SMTP server taking the mail they cause: a questionnaire (and
 * the trainer's new-lead notice), a newsletter signup, an event signup, a test checkout paid, and
 * the trainer looking the lead up for a data request, a lead magnet's download link. Then the whole log is searched for every
 * name, address, phone number, free text, subject and the visitors' IP address.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const VISITOR_IP = "198.51.100.73";
const lead = {
  firstName: "Marijke",
  lastName: "Oudewater-Brink",
  email: "marijke.oudewater@example.test",
  phone: "+31 6 7788 9911",
  message: "Knee operated in March, zebra quartz",
};
const subscriber = "lotte.hoeven@example.test";
const eventGuest = { name: "Ignacio Baltodano", phone: "+505 8877 6655" };
const buyer = "femke.doornbos@example.test";
// A lead magnet's download link is the subscriber's own.
const downloadToken = "Zq3vW8xT2mK9pL4nR7sY1bC6dF0gH5jA8eU2iO3kM7w";
const needles = [
  lead.firstName,
  lead.lastName,
  lead.email,
  // As typed and as stored in international form; a lone digit group could be a timestamp.
  "7788 9911",
  "77889911",
  lead.message,
  "zebra quartz",
  // The new-lead notice's subject ("New intake: <name> (<goal>)").
  "New intake",
  subscriber,
  "Ignacio",
  "Baltodano",
  "8877 6655",
  "88776655",
  "New event signup",
  buyer,
  VISITOR_IP,
  downloadToken,
];

describe("no personal data in the log of the visitors' journeys", () => {
  const lines: string[] = [];
  let services: AppServices;
  let server: Server;
  let smtp: LocalSmtp;
  let site = "";
  let jar: Jar;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    smtp = await startSmtpServer();
    const env = parseEnv({
      NODE_ENV: "production",
      SITE_URL: site,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "log-journeys-")),
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      SMTP_URL: smtp.url,
      // The visitor's address arrives from a proxy, as in production.
      TRUST_PROXY: "127.0.0.1",
      RATE_LIMIT_FORMS_PER_MINUTE: "1000",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
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
    // With its background jobs, which send the order confirmations.
    services = await createServices(env, { logger, memoryDb: true });
    const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
    const ctx: RequestContext = { services, cspNonce: "test", clientIp: VISITOR_IP };
    ({ jar } = await enrolledTrainer(ctx, site, "log-journeys-trainer@example.com"));
    // An event a month ahead to sign up for.
    const day = localDateTimeOf(new Date(Date.now() + 30 * 86_400_000), "Europe/Amsterdam").slice(0, 10);
    const published = await saveEvent(
      services.content,
      undefined,
      { ...formValuesOf(firstEvent), date: day, time: "07:30", timeZone: "Europe/Amsterdam" },
      { userId: null, ip: "203.0.113.9" },
      { publish: true },
    );
    expect(published.ok).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services?.close();
    await smtp?.stop();
  });

  const visitor = { "X-Forwarded-For": VISITOR_IP };
  const postJson = (pathname: string, body: unknown) =>
    fetch(`${site}${pathname}`, {
      method: "POST",
      headers: { ...visitor, Origin: site, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
    });

  it("logs the journeys without a name, address, phone number, free text, subject or IP address", async () => {
    const intake = await postJson("/api/intake", {
      answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
      contact: { ...lead },
      elapsedMs: 30_000,
    });
    expect(intake.status).toBe(200);
    // The trainer's notice, whose subject holds the lead's name and goal.
    const [notice] = await smtp.waitForMessages(1);
    expect(notice?.subject).toContain(lead.lastName);

    const signup = await fetch(`${site}/api/newsletter`, {
      method: "POST",
      headers: { ...visitor, Origin: site, Accept: "application/json" },
      body: new URLSearchParams({ email: subscriber, source: "footer", variant: "footer", elapsedMs: "9000" }),
    });
    expect(signup.status, await signup.clone().text()).toBeLessThan(300);
    await smtp.waitForMessages(2);

    const event = await postJson("/api/event-signup", { ...eventGuest, elapsedMs: 9_000 });
    expect(event.status).toBe(200);
    await smtp.waitForMessages(3);

    const created = await postJson("/api/create-checkout-session", {
      priceId: "elite:onetime",
      planName: "Elite",
      billingType: "onetime",
      frequency: "1",
    });
    const { sessionUrl } = (await created.json()) as { sessionUrl: string };
    const paid = await fetch(new URL(new URL(sessionUrl).pathname, site), {
      method: "POST",
      headers: { ...visitor, Origin: site },
      body: new URLSearchParams({
        email: buyer,
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 40",
        cvc: "123",
      }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    // The order confirmation to the buyer and the trainer's notice, queued by the payment.
    await smtp.waitForMessages(5);

    await fetch(`${site}/download/${downloadToken}`, { headers: visitor });

    // The trainer looks the lead up for a data request.
    const lookup = await fetch(`${site}/admin/data-requests`, {
      method: "POST",
      headers: { ...visitor, Origin: site, cookie: jar.header() },
      body: new URLSearchParams({ email: lead.email }),
      redirect: "manual",
    });
    expect(await lookup.text()).toContain(lead.lastName);

    const log = lines.join("");
    // The journeys are there: requests and the mail they caused.
    expect(log).toContain(`"path":"/api/intake"`);
    expect(log).toMatch(/"messageId":"[^"]+","msg":"mail sent"/);
    expect(log).toContain(`"path":"/download/[token]"`);
    for (const needle of needles) {
      expect(log.toLowerCase(), needle).not.toContain(needle.toLowerCase());
      expect(log, needle).not.toContain(encodeURIComponent(needle));
      expect(log, needle).not.toContain(JSON.stringify(needle).slice(1, -1));
    }
  });
});
