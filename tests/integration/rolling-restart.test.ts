import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * Two instances on one PostgreSQL database behind a proxy, restarted one at a time while a load
 * generator keeps asking for pages: not one request may fail. The proxy does what the production
 * proxy is set up to do (a load balancer with retries): a request that an instance refuses to
 * connect, resets or closes before answering anything (a connection still in the closing listener's
 * queue), or answers 503 while it drains, is tried on the other one — the retry only idempotent requests
 * get. Once an answer has begun it is never retried, so an instance that drops answers in flight
 * on SIGTERM fails this test.
 * What the server must do for that to hold: stop accepting connections on SIGTERM, finish every
 * request it has accepted, and come back on the same port.
 */
function startProxy(upstreams: number[]): Promise<{ port: number; dropped: string[]; close(): Promise<void> }> {
  let next = 0;
  /** Why the proxy dropped an answer to its client (read when a request failed). */
  const dropped: string[] = [];
  const proxy = http.createServer((req, res) => {
    // Round robin for the first try; each retry goes to the next instance after the one that
    // failed (what a load balancer's retry does), never by chance to the same one again.
    const first = next++;
    const attempt = (tries: number) => {
      const port = upstreams[(first + tries - 1) % upstreams.length];
      const retry = () => {
        if (tries >= 8) return res.writeHead(502).end();
        setTimeout(() => attempt(tries + 1), 25 * tries);
      };
      const upstream = http.request(
        { host: "127.0.0.1", port, path: req.url, method: req.method, headers: req.headers, agent: false },
        (answer) => {
          if (answer.statusCode === 503) {
            answer.resume();
            return retry();
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // A reset after the answer began cannot be retried: the client sees it as a failure.
          answer.on("error", (error: NodeJS.ErrnoException) => {
            dropped.push(`${req.url}: the answer broke off (${error.code ?? error.message})`);
            res.destroy();
          });
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        // Refused, reset, or closed while the request was being written (EPIPE): nothing was answered.
        if (["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(error.code ?? "") && !res.headersSent) return retry();
        dropped.push(`${req.url}: ${error.code ?? error.message}${res.headersSent ? " after the answer began" : ""}`);
        res.destroy();
      });
      upstream.end();
    };
    attempt(1);
  });
  // Longer than any test: the client never reuses a connection the proxy is just closing.
  proxy.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    proxy.listen(0, "127.0.0.1", () =>
      resolve({
        port: (proxy.address() as AddressInfo).port,
        dropped,
        close: () => new Promise((done) => proxy.close(() => done())),
      }),
    ),
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("rolling restart on PostgreSQL", () => {
  let databaseUrl: string;
  const instances: RunningServer[] = [];
  const ports: number[] = [];

  const start = (port: number) =>
    startServer({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      AUTH_SECRET: "rolling-restart-test-secret-0123456789abcdef",
    });

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase();
    ports.push(await freePort(), await freePort());
    // One after the other: the first applies the migrations, the second finds them applied.
    for (const port of ports) instances.push(await start(port));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await dropPostgresDatabase(databaseUrl);
  });

  it("restarting the instances one at a time loses no request", async () => {
    const proxy = await startProxy(ports);
    const failures: string[] = [];
    let done = 0;
    let servedWhileOneWasDown = 0;
    let oneIsDown = false;
    let running = true;
    // Pages that read the database (prices from the content store) and one that only renders.
    const paths = ["/pricing", "/blog", "/", "/healthz"];
    const worker = async (id: number) => {
      for (let i = id; running; i++) {
        const path = paths[i % paths.length];
        try {
          const res = await fetch(`http://127.0.0.1:${proxy.port}${path}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
          else if (oneIsDown) servedWhileOneWasDown++;
        } catch (error) {
          // fetch's own message is only "fetch failed": the socket error that caused it says where.
          const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
          failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}${cause}`);
        }
        done++;
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));

    for (const [index, port] of ports.entries()) {
      oneIsDown = true;
      expect(await instances[index]?.stop("SIGTERM")).toBe(0);
      instances[index] = await start(port);
      oneIsDown = false;
    }
    running = false;
    await load;
    await proxy.close();

    expect(failures, `dropped by the proxy: ${proxy.dropped.join("; ") || "none"}`).toEqual([]);
    // The restarts happened under load: requests were answered while an instance was away.
    expect(servedWhileOneWasDown).toBeGreaterThan(0);
    expect(done).toBeGreaterThan(servedWhileOneWasDown);
  }, 240_000);
});
