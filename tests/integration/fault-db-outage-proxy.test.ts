import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { caddyBinary, startCaddy, type RunningCaddy } from "../support/caddy";
import { startOutageServer, type OutageServer } from "../support/fault";

/**
 * The database stops for a minute under the production app behind the shipped Caddyfile (Caddy
 * 2.6.2, its health check and retries as deployed), while visitors keep loading the home page and
 * the questionnaire and sending it, half as the step flow does (JSON) and half as the plain form
 * without JavaScript. Every page must answer 200, every questionnaire be acknowledged, and every
 * acknowledged one be stored once the database is back. PostgreSQL when TEST_DATABASE_URL is set
 * (the database refuses connections and loses the ones it had, as when it stops), otherwise PGlite
 * (the embedded database is closed).
 */
const DOWN_MS = Number(process.env.OUTAGE_MS ?? 60_000);
const VISITORS = 4;
/** A visitor's loop ends after this many rounds even if the minute is not over. */
const MAX_ROUNDS = 80;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

interface Failure {
  what: string;
  status: number;
  body: string;
}

describe.runIf(caddyBinary)(`a database outage behind the shipped proxy (${engine})`, () => {
  let outage: OutageServer | undefined;
  let caddy: RunningCaddy | undefined;
  afterAll(async () => {
    await caddy?.stop();
    await outage?.close();
  });

  it("every page answers 200, every questionnaire is acknowledged and stored", { timeout: 240_000 }, async () => {
    outage = await startOutageServer(engine, { TRUST_PROXY: "1" });
    const { server, down, up } = outage;
    caddy = await startCaddy([new URL(server.url).host]);
    const site = caddy.url;

    // A first visit while all is well: what the pages show is read (and kept) then.
    for (const page of ["/", "/start"]) expect((await fetch(`${site}${page}`)).status, page).toBe(200);

    let outboxPeak = 0;
    const outboxFile = path.join(server.dataDir, "outbox.jsonl");
    const sampler = setInterval(() => {
      readFile(outboxFile, "utf8").then(
        (text) => (outboxPeak = Math.max(outboxPeak, text.split("\n").filter(Boolean).length)),
        () => undefined,
      );
    }, 250);

    await down();
    const downAt = Date.now();
    const failures: Failure[] = [];
    let pages = 0;
    let acknowledged = 0;
    const tag = Date.now().toString(36);

    const load = async (page: string) => {
      const res = await fetch(`${site}${page}`);
      const body = await res.text();
      pages++;
      if (res.status !== 200) failures.push({ what: `GET ${page}`, status: res.status, body: body.slice(0, 200) });
    };
    const sendJson = async (id: string) => {
      const res = await fetch(`${site}/api/intake`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site },
        body: JSON.stringify({
          answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
          contact: { firstName: "Outage", lastName: id, email: `${id}@example.nl`, phone: "+31612345678" },
          idempotencyKey: id,
          sourceUrl: `${site}/start`,
          website: "",
          elapsedMs: 30_000,
        }),
      });
      const body = await res.text();
      if (res.status === 200 && (JSON.parse(body) as { status?: string }).status === "ok") acknowledged++;
      else failures.push({ what: "POST /api/intake", status: res.status, body: body.slice(0, 200) });
    };
    const sendForm = async (id: string) => {
      const res = await fetch(`${site}/start`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        body: new URLSearchParams({
          "form-name": "fitness-form",
          "service-type": "weight-loss",
          "sports-event": "hardly-ever",
          gender: "male",
          "age-range": "25-30",
          "first-name": "Outage",
          "last-name": id,
          email: `${id}@example.nl`,
          phone: "+31 6 11112222",
          message: "",
          "source-url": "/start",
          website: "",
        }),
      });
      const body = await res.text();
      // The thank-you page carries the stored lead's reference.
      if (res.status === 200 && /data-lead-id="[0-9a-f-]{36}"/.test(body)) acknowledged++;
      else failures.push({ what: "POST /start", status: res.status, body: body.slice(0, 200) });
    };

    const visitor = async (v: number) => {
      for (let round = 0; round < MAX_ROUNDS && Date.now() - downAt < DOWN_MS; round++) {
        const id = `drill-${tag}-${v}-${round}`;
        await load("/");
        await load("/start");
        await (round % 2 === 0 ? sendJson(id) : sendForm(id));
        // A visitor reads for a moment between rounds: the visits spread over the whole outage.
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    };
    await Promise.all(Array.from({ length: VISITORS }, (_, v) => visitor(v)));
    const duringOutage = await server.counts().catch(() => undefined);
    // The database stays away for the whole minute, even if the visitors finished their rounds.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, DOWN_MS - (Date.now() - downAt))));
    await up();
    const upAt = Date.now();
    clearInterval(sampler);

    expect(failures.slice(0, 5)).toEqual([]);
    expect(pages).toBeGreaterThan(VISITORS * 4);
    // The outage was real: nothing could be counted in the database, and the forms waited in the outbox.
    expect(duringOutage).toBeUndefined();
    expect(outboxPeak).toBeGreaterThan(0);

    let counts = await server.counts().catch(() => undefined);
    while ((counts?.outbox ?? 1) > 0 && Date.now() - upAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      counts = await server.counts().catch(() => undefined);
    }
    expect(counts).toMatchObject({ outbox: 0, deadLetters: 0, signups: acknowledged });
    console.info(
      `${engine}: database away ${Math.round(DOWN_MS / 1000)} s; ${pages} pages (all 200), ${acknowledged} questionnaires acknowledged ` +
        `(up to ${outboxPeak} in the outbox), all stored ${((Date.now() - upAt) / 1000).toFixed(1)} s after it came back`,
    );
  });
});
