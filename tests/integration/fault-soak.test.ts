import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssKb, startFaultServer, type FaultServer } from "../support/fault";

/**
 * Soak: a bounded mixed load (pages and both form endpoints, 10 in flight) for SOAK_SECONDS
 * (60 here; `npm run bench:soak` runs 2 minutes), in two halves, with a full backup taken under
 * load in the warm-up and in each half (the hourly job's work: a second PGlite instance reads a copy
 * of the database). No request and no backup may fail. Memory is measured after a full garbage
 * collection at the end of the warm-up and of each half. A leak grows the heap in both halves;
 * one-time growth (code compiled lazily, caches filling) mostly in the first. So the live V8 heap
 * may grow by at most HEAP_GROWTH_BOUND_MB in the second half and over the whole run, and the
 * resident set (V8, PGlite's WebAssembly memory, buffers) by at most RSS_GROWTH_BOUND_MB from the
 * first half to the second. A leak of 10 KB a request is about 30 MB a half here and fails.
 *
 * The resident set is sampled every 5 s under load and each half is summed up by its median: a
 * reading taken just after the forced collection is inflated by a varying amount (a CI run read
 * 870 MB after it and 791 MB ten seconds later, then 1,037 MB after the last one against 837 MB
 * before), so single readings at the ends measured the collector, not a leak.
 *
 * Found 2026-11-24: the 30 MB of heap growth one CI run saw came from the first scheduled backup
 * landing inside the measured window (it starts 60 s after the server); heap snapshots showed a
 * second PGlite instance's WebAssembly objects, and six backups in a row leave memory flat. The
 * scheduled job is off here and the backups run at known moments instead.
 */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = 8;
const RSS_GROWTH_BOUND_MB = 128;
/** The second half alone (one-time growth is over by then), and the whole measured run. */
const HEAP_GROWTH_BOUND_MB = { secondHalf: 16, whole: 32 };
const IN_FLIGHT = 10;

const pages = [
  "/",
  "/services",
  "/services/triathlon-coaching",
  "/pricing",
  "/start",
  "/nicaragua",
  "/privacy-policy",
  "/sitemap",
  "/not-a-page",
];

let counter = 0;
async function one(url: string): Promise<string | null> {
  const n = ++counter;
  const tag = `${Date.now().toString(36)}-${n}`;
  let res: Response;
  if (n % 5 === 0) {
    res = await fetch(`${url}/api/newsletter`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: `soak-${tag}@example.com`,
        source: "footer",
        variant: "footer",
        elapsedMs: "30000",
        website: "",
      }),
    });
  } else if (n % 5 === 1) {
    res = await fetch(`${url}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        answers: { 1: "competition", 2: "running", 3: "distance", 4: "male", 5: "31+" },
        contact: {
          firstName: "Soak",
          lastName: "Test",
          email: `soak-${tag}@example.com`,
          phone: "+31612345678",
          message: "",
        },
        idempotencyKey: `soak-${tag}`,
        website: "",
        elapsedMs: 30_000,
      }),
    });
  } else {
    const path = pages[n % pages.length]!;
    res = await fetch(`${url}${path}`);
    if (path === "/not-a-page") return res.status === 404 ? (await res.text(), null) : `${path} → ${res.status}`;
  }
  await res.arrayBuffer();
  return res.ok ? null : `${res.url} → ${res.status}`;
}

async function load(url: string, seconds: number): Promise<{ requests: number; failures: string[] }> {
  const until = Date.now() + seconds * 1000;
  const failures: string[] = [];
  let requests = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < until) {
        requests++;
        const failure = await one(url).catch((error: unknown) => String(error));
        if (failure) failures.push(failure);
      }
    }),
  );
  return { requests, failures };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

describe("soak", () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer({ BACKUP_INTERVAL_MINUTES: "0" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    `serves a mixed load for ${SOAK_SECONDS} s without errors or unbounded memory growth`,
    { timeout: (SOAK_SECONDS + WARMUP_SECONDS + 60) * 1000 },
    async () => {
      const [warmup] = await Promise.all([load(server.url, WARMUP_SECONDS), server.send("backup")]);
      expect(warmup.failures.slice(0, 5)).toEqual([]);
      const heap = [(await server.send("memory")) as NodeJS.MemoryUsage];
      const rssMb: number[][] = [[], []];
      let half = 0;
      const sampler = setInterval(
        () => void rssKb(server.pid).then((kb) => rssMb[half]?.push(Math.round(kb / 1024))),
        5_000,
      );
      const halves = [];
      for (; half < 2; half++) {
        const [result] = await Promise.all([load(server.url, SOAK_SECONDS / 2), server.send("backup")]);
        halves.push(result);
        heap.push((await server.send("memory")) as NodeJS.MemoryUsage);
      }
      clearInterval(sampler);
      const heapMb = heap.map((m) => m.heapUsed / 2 ** 20);
      const [first, second] = rssMb.map(median) as [number, number];
      const run = {
        requests: halves.reduce((sum, h) => sum + h.requests, 0),
        failures: halves.flatMap((h) => h.failures),
      };
      console.info(
        `soak: RSS every 5 s ${rssMb.map((s) => s.join(", ")).join(" | ")} MB (medians ${first} → ${second}); V8 heap ${heapMb.map(Math.round).join(" → ")} MB over ${halves.map((h) => h.requests).join(" + ")} requests`,
      );
      const growthMb = second - first;
      expect(run.failures.slice(0, 10)).toEqual([]);
      expect(run.requests).toBeGreaterThan(SOAK_SECONDS);
      expect(growthMb).toBeLessThan(RSS_GROWTH_BOUND_MB);
      expect(heapMb[2]! - heapMb[1]!).toBeLessThan(HEAP_GROWTH_BOUND_MB.secondHalf);
      expect(heapMb[2]! - heapMb[0]!).toBeLessThan(HEAP_GROWTH_BOUND_MB.whole);
      expect((await server.counts()).outbox).toBe(0);
    },
  );
});
