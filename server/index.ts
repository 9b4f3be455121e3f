import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { EnvError, parseEnv, requireSiteUrlInProduction } from "~/infra/env.server";
import { keepNewFilesPrivate, makePrivate } from "~/infra/private-files.server";
import { createServices } from "./services";
import { createApp, setServerTimeouts } from "./app";
import { DEV_ISLANDS_BASE, devIslandModules } from "./islands";

/**
 * Starts the server. `givenNodeEnv` is NODE_ENV as the environment gave it, before server/runtime.ts
 * set its default: only a production start asked for must name its public address (SITE_URL).
 * `bundledBuild` is React Router's server build when it was bundled in with this module
 * (build/server-runtime/server.js, scripts/build-server.mjs); otherwise a production start imports it
 * from BUILD_DIR.
 */
export async function main(givenNodeEnv: string | undefined, bundledBuild?: ServerBuild) {
  keepNewFilesPrivate();
  let env;
  try {
    requireSiteUrlInProduction({ ...process.env, NODE_ENV: givenNodeEnv });
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const root = process.cwd();
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  const build =
    env.NODE_ENV === "development"
      ? undefined
      : (bundledBuild ?? ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild));
  const services = await createServices(env, { buildId: build?.assets.version });
  const { logger } = services;
  // The leads, the secret and the database are the site's alone (docs/decisions/061-…): checked at
  // every start, and again at the stop for what PGlite made meanwhile with its own modes.
  const closeUpDataDir = (when: string) =>
    makePrivate(env.DATA_DIR).then(
      (changed) => changed > 0 && logger.info({ changed, when }, "took group and world access off files in DATA_DIR"),
      (error: unknown) => logger.warn({ err: error, when }, "could not make every file in DATA_DIR private"),
    );
  await closeUpDataDir("start");

  let app;
  if (!build) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    // The islands run in the browser with Preact (docs/decisions/034-preact-islands.md): a second Vite
    // server with the islands' build config serves them, under a path of its own.
    const islandsServer = await vite.createServer({
      configFile: path.join(root, "vite.islands.config.ts"),
      base: DEV_ISLANDS_BASE,
      appType: "custom",
      cacheDir: path.join(root, "node_modules", ".vite-islands"),
      server: { middlewareMode: true, hmr: false },
    });
    app = createApp({
      services,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      before: [islandsServer.middlewares, viteServer.middlewares],
      devIslands: devIslandModules(root),
    });
  } else {
    app = createApp({ services, build, clientDir: path.join(buildDir, "client") });
  }

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // The mode React and React Router loaded in (server/runtime.ts gives it a default before they do).
    const mode = process.env.NODE_ENV;
    logger.info({ port, database: services.database.engine, mode }, `listening on http://localhost:${port}`);
  });
  setServerTimeouts(server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz and /healthz answer 503 from now on, so a load balancer stops sending new visitors here;
    // with SHUTDOWN_DRAIN_SECONDS the server keeps serving meanwhile, until its health check has seen it.
    app.locals.stopping = true;
    const drainMs = env.SHUTDOWN_DRAIN_SECONDS * 1000;
    logger.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn(`forcing shutdown after ${drainMs / 1000 + 10} s`);
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    setTimeout(close, drainMs);
  };
  const close = () => {
    server.close(async () => {
      await services.close().catch((error: unknown) => logger.error({ err: error }, "error closing services"));
      await closeUpDataDir("stop");
      logger.info("stopped");
      process.exit(0);
    });
    // Keep-alive connections become idle once their last response is sent; close them as they do.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 250).unref();
  };
  // `npm run backup` asks for a backup this way while this process holds the PGlite database.
  process.on("SIGUSR2", () => {
    services.backups.runNow().catch((error: unknown) => logger.error({ err: error }, "requested backup failed"));
  });
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Ends the process with the reason, as a failed start must (no stack trace). */
export function failedStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Run as a file (`npm run dev` runs this with tsx); the compiled server is started by server/runtime.ts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main(process.env.NODE_ENV).catch(failedStart);
