import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";

/**
 * The real middleware stack (trust proxy, the per-address POST limit) with the router
 * replaced by an echo of the address the server believes. The TCP peer's address is set per
 * test: a public one is a visitor reaching the server directly, a private one a proxy.
 */
async function startEcho(trustProxy: string, peer: string) {
  const lines: string[] = [];
  const logger = pino(
    { level: "warn" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "trust-proxy-")),
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_POSTS_PER_MINUTE: "5",
  });
  const services: AppServices = await createServices(env, { logger, memoryDb: true, startOutbox: false });
  const app = createApp({
    services,
    build: () => Promise.reject(new Error("this test never reaches the router")),
    before: [(req, res) => void res.json({ ip: req.ip })],
  });
  const server: Server = createServer(app);
  server.on("connection", (socket) => Object.defineProperty(socket, "remoteAddress", { value: peer }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    post: async (forwardedFor?: string) => {
      const res = await fetch(`${url}/any-form`, {
        method: "POST",
        headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
      });
      return { status: res.status, ip: res.status === 200 ? ((await res.json()) as { ip: string }).ip : null };
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
    },
  };
}

describe("TRUST_PROXY and the per-address limit", () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it("with a hop count of 1, a visitor connecting directly cannot escape the limit by rotating X-Forwarded-For", async () => {
    const echo = await startEcho("1", "198.51.100.7");
    stop = echo.stop;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await echo.post(`203.0.113.${i + 1}`));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.ip).map((a) => a.ip))).toEqual(new Set(["198.51.100.7"]));
  });

  it("with a hop count of 1, a proxy on the private network reports each visitor's own address", async () => {
    const echo = await startEcho("1", "10.0.0.2");
    stop = echo.stop;
    for (let i = 0; i < 8; i++) {
      // The visitor's forged entry comes first; the proxy appends the address it saw.
      expect(await echo.post(`192.0.2.66, 203.0.113.${i + 1}`)).toEqual({ status: 200, ip: `203.0.113.${i + 1}` });
    }
  });

  it("with a list of proxy addresses, believes only those", async () => {
    const fromProxy = await startEcho("10.0.0.2", "10.0.0.2");
    expect(await fromProxy.post("203.0.113.9")).toEqual({ status: 200, ip: "203.0.113.9" });
    await fromProxy.stop();
    const direct = await startEcho("10.0.0.2", "10.9.9.9");
    stop = direct.stop;
    expect(await direct.post("203.0.113.9")).toEqual({ status: 200, ip: "10.9.9.9" });
  });

  it("warns once when trust is on but a request arrives without X-Forwarded-For", async () => {
    const echo = await startEcho("1", "10.0.0.2");
    stop = echo.stop;
    await echo.post("203.0.113.1");
    expect(echo.lines.join("")).not.toContain("without X-Forwarded-For");
    await echo.post();
    await echo.post();
    const warnings = echo.lines.filter((line) => line.includes("without X-Forwarded-For"));
    expect(warnings).toHaveLength(1);
  });
});
