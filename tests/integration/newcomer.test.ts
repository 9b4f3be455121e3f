import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServerExpectingExit, startServer, type RunningServer } from "../support/server";

/** Sends one raw HTTP/1.1 request (fetch would normalise the odd targets away) and returns the reply. */
function raw(port: number, target: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let reply = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (reply += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", ...rest] = reply.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body: rest.join("\r\n\r\n") });
    });
  });
}

const ODD_TARGETS = [
  "/%",
  "/blog/%E0%A4%A",
  "/assets/%",
  "http://other.example/admin",
  "/assets/../../package.json",
  "/assets/%2e%2e/%2e%2e/package.json",
  "/assets/..%2f..%2fpackage.json",
  "/assets/missing-file.js",
  "/assets/",
  "/\\evil.example/index.html",
];

// What a leaked stack trace or server path looks like.
const LEAK = /\bat [\w.<>]+ \(|\/work\/|\/home\/|\/tmp\/|node_modules|server\/app|\.ts:\d|\.js:\d|Error:/;

describe("a production start needs SITE_URL", () => {
  it.each([
    [{ NODE_ENV: "production" }, "NODE_ENV=production"],
    [{ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, "DATABASE_URL is set"],
    [{ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY is set"],
  ])("%o without SITE_URL stops with a message naming it", async (env, reason) => {
    const { code, output } = await runServerExpectingExit({ ...env, SITE_URL: "", AUTH_SECRET: "x".repeat(40) });
    expect(code).toBe(1);
    expect(output).toContain("SITE_URL: required in production");
    expect(output).toContain(reason);
  });
});

describe.each([
  ["without NODE_ENV", {}],
  ["with NODE_ENV=production", { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) }],
  ["with NODE_ENV=test", { NODE_ENV: "test" }],
])("the server %s", (label, extraEnv: Record<string, string>) => {
  let server: RunningServer;
  beforeAll(async () => {
    // Without SITE_URL, except in production where the start-up requires one.
    server = await startServer({ ...extraEnv, SITE_URL: extraEnv.NODE_ENV === "production" ? `http://127.0.0.1` : "" });
  }, 120_000);
  afterAll(() => server?.stop());

  it.each(ODD_TARGETS)("answers %s with a plain 4xx and nothing about the server", async (target) => {
    const reply = await raw(server.port, target);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).not.toMatch(LEAK);
    expect(reply.head).not.toMatch(/x-powered-by/i);
    // Even a refusal is a document a browser may render: it carries the same protective headers.
    expect(reply.head).toMatch(/\r\nContent-Security-Policy: default-src 'self'/i);
    expect(reply.head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  });

  it("redirects the build's index.html paths to the clean address", async () => {
    expect((await raw(server.port, "/index.html")).head).toMatch(/\r\nLocation: \/\r\n/i);
    const pricing = await raw(server.port, "/pricing/index.html?x=1");
    expect(pricing.status).toBe(301);
    expect(pricing.head).toMatch(/\r\nLocation: \/pricing\?x=1\r\n/i);
    expect((await raw(server.port, "/blog/optimize-running-cadence/index.html")).status).toBe(301);
  });

  // Without SITE_URL every absolute address follows the port (the newcomer's `npm start`).
  it.runIf(label === "without NODE_ENV")(
    "uses the listening port in robots.txt, the sitemap and the test checkout",
    async () => {
      const origin = `http://localhost:${server.port}`;
      expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain(`${origin}/sitemap.xml`);
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>${origin}/pricing</loc>`);
      const created = await fetch(`${server.url}/api/create-checkout-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ priceId: "elite:onetime", planName: "Elite", billingType: "onetime", frequency: "1" }),
      });
      expect(created.status).toBe(200);
      const { sessionUrl } = (await created.json()) as { sessionUrl: string };
      expect(sessionUrl.startsWith(`${origin}/checkout/test/`)).toBe(true);
    },
  );
});
