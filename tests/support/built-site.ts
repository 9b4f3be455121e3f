import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/context";
import { parseEnv } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import { createApp, setServerTimeouts } from "../../server/app";
import { createServices } from "../../server/services";

const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

export interface BuiltSite {
  services: AppServices;
  /** http://127.0.0.1:PORT, also the site's SITE_URL. */
  site: string;
  close(): Promise<void>;
}

/**
 * The production build served in this process, on a loopback port, with its services on an
 * in-memory PGlite (no outbox worker, silent logs, generous rate limits): an integration test reads
 * real HTTP answers and still reaches the services directly. `env` adds or overrides settings.
 */
export async function startBuiltSite(name: string, env: Record<string, string> = {}): Promise<BuiltSite> {
  const server: Server = createServer();
  setServerTimeouts(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = await createServices(
    parseEnv({
      NODE_ENV: "production",
      SITE_URL: site,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `${name}-`)),
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
      RATE_LIMIT_FORMS_PER_MINUTE: "1000",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      ...env,
    }),
    { memoryDb: true, startOutbox: false, logger: createLogger("silent") },
  );
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  return {
    services,
    site,
    async close() {
      // Connections are kept open as in production (65 s): a closing test does not wait for its clients.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.close();
    },
  };
}
