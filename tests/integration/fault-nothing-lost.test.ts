import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "../support/database";
import { pool, startOutageServer, waitFor, type OutageServer } from "../support/fault";

/**
 * Nothing lost: 2,000 intake and newsletter submissions, 50 in flight, against the running
 * production app while its database is gone for part of the run. Every submission the server
 * acknowledged must end up as a row, by way of the outbox when the database was away.
 */
const TOTAL = Number(process.env.FAULT_TOTAL ?? 2_000);
const IN_FLIGHT = 50;
/** The database goes away after this many submissions were started, and comes back after that many. */
const DOWN_AT = 500;
const UP_AT = 1_300;

interface Outcome {
  kind: "intake" | "newsletter";
  status: number;
  acknowledged: boolean;
  body: string;
}

function submit(url: string, index: number): Promise<Outcome> {
  const tag = `${Date.now().toString(36)}-${index}`;
  if (index % 2 === 0) {
    const body = {
      answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
      contact: {
        firstName: "Drill",
        lastName: `Lead ${index}`,
        email: `lead-${tag}@example.nl`,
        phone: "+31612345678",
        message: "",
      },
      idempotencyKey: `drill-${tag}`,
      sourceUrl: `${url}/start`,
      website: "",
      elapsedMs: 30_000,
    };
    return fetch(`${url}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (res) => {
      const text = await res.text();
      const json = JSON.parse(text) as { status?: string };
      return { kind: "intake", status: res.status, acknowledged: res.ok && json.status === "ok", body: text };
    });
  }
  const form = new URLSearchParams({
    email: `reader-${tag}@example.nl`,
    source: "footer",
    variant: "footer",
    elapsedMs: "30000",
    website: "",
  });
  return fetch(`${url}/api/newsletter`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  }).then(async (res) => {
    const text = await res.text();
    const json = JSON.parse(text) as { ok?: boolean };
    return { kind: "newsletter", status: res.status, acknowledged: res.ok && json.ok === true, body: text };
  });
}

describe.each(bothEngines)("nothing lost while the database is away (%s)", (engine: Engine) => {
  let outage: OutageServer | undefined;
  afterEach(async () => {
    await outage?.close();
  });

  it(`acknowledged ${TOTAL} submissions are all stored`, { timeout: 240_000 }, async () => {
    // On PostgreSQL the server's database refuses connections and loses the ones it had, as in a crash.
    outage = await startOutageServer(engine);
    const { server, down, up } = outage;
    const { url } = server;

    // The outbox file's largest size during the run: proof the drill really took the database away.
    let outboxPeak = 0;
    const outboxFile = path.join(server.dataDir, "outbox.jsonl");
    const sampler = setInterval(() => {
      readFile(outboxFile, "utf8").then(
        (text) => (outboxPeak = Math.max(outboxPeak, text.split("\n").filter(Boolean).length)),
        () => undefined,
      );
    }, 200);
    const phases: Promise<void>[] = [];
    let wentDown = false;
    const outcomes = await pool(TOTAL, IN_FLIGHT, async (index) => {
      if (index === DOWN_AT) {
        wentDown = true;
        phases.push(down());
      }
      if (index === UP_AT) phases.push(Promise.all(phases).then(up));
      return submit(url, index);
    });
    await Promise.all(phases);
    clearInterval(sampler);
    expect(wentDown).toBe(true);
    expect(outboxPeak).toBeGreaterThan(50);

    const acknowledged = outcomes.filter((o) => o.acknowledged);
    const statuses = [...new Set(outcomes.map((o) => o.status))];
    // Every submission is acknowledged: the outbox takes what the database cannot.
    expect(statuses, JSON.stringify(outcomes.filter((o) => o.status !== 200).slice(0, 3))).toEqual([200]);
    expect(acknowledged).toHaveLength(TOTAL);

    const afterRun = await server.counts();
    expect(afterRun.signups + afterRun.subscribers + afterRun.outbox).toBeGreaterThanOrEqual(acknowledged.length);

    const drained = await waitFor(
      () => server.counts(),
      (c) => c.outbox === 0,
      90_000,
      500,
    );
    expect(drained.outbox).toBe(0);
    expect(drained.signups).toBe(acknowledged.filter((o) => o.kind === "intake").length);
    expect(drained.subscribers).toBe(acknowledged.filter((o) => o.kind === "newsletter").length);
    expect(drained.signups + drained.subscribers).toBe(acknowledged.length);
    console.info(
      `${engine}: ${acknowledged.length} acknowledged, up to ${outboxPeak} waiting in the outbox, ${afterRun.outbox} right after the run, all stored after replay`,
    );
  });
});
