import { STATUS_CODES, type Server } from "node:http";
import { constants as zlib } from "node:zlib";
import path from "node:path";
import { Readable } from "node:stream";
import compression from "compression";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { routerContextOf, type AppServices } from "~/context";
import { trustFunction } from "~/infra/trust-proxy.server";
import { scrubText } from "~/infra/logger.server";
import { isValidHost, securityHeaders } from "./security";
import { cachedByRevision } from "~/kernel/route-meta";
import { publicEnv } from "~/infra/env.server";
import { revisionValidator, stylesheetInliner } from "./page-cache";
import { islandModules } from "./islands";
import { publicPageCache } from "./cached-pages";
import { firstTouchChoice, firstTouchCookie } from "./first-touch";
import { createMetrics, mayReadInternals } from "./metrics";
import { databaseAway } from "./database-away";
import { bodyDeadline } from "./body-deadline";
import { pendingMigrations } from "~/infra/db.server";

/** Largest request body accepted by any endpoint not named below; bigger ones are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * The event editor's texts at their stated limits (about 25,000 characters) in the worst form
 * encoding (9 bytes for a curly quote or an accent) are 225 KB.
 */
const MAX_EVENT_EDITOR_BODY_BYTES = 256 * 1024;
/**
 * The editors that take a photo or a PDF (articles, newsletter issues) read their posts part by part
 * (app/infra/posted-form.server.ts, after the trainer's session is checked), keeping at most each
 * file's limit: nothing is refused by size before them, so a file over its limit is answered under
 * its field with the rest of the form as she typed it (docs/decisions/060-editor-bodies.md). The
 * subscriber import reads its CSV file the same way.
 */
const UPLOAD_EDITORS = /^\/admin\/(articles|newsletter)\/[^/]+$|^\/admin\/subscribers\/import$/;
/**
 * A form's body arrives whole within 30 s; an editor's post may carry a 20 MB photo from a phone
 * (about 9 minutes at 0.3 Mbit/s upstream), so it gets 15 minutes (server/body-deadline.ts).
 */
const FORM_BODY_DEADLINE_MS = 30_000;
export const UPLOAD_BODY_DEADLINE_MS = 15 * 60_000;

/**
 * The listening server's own limits. Idle connections are kept longer than a proxy's or a client's
 * (Caddy and browsers reuse them): with Node's 5 s default, a client reusing a connection the
 * moment the server closes it gets a reset. Each body has its own deadline (server/body-deadline.ts);
 * Node's request limit only backs up the longest. The drills' and tests' servers use the same.
 */
export function setServerTimeouts(server: Pick<Server, "keepAliveTimeout" | "headersTimeout" | "requestTimeout">) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = UPLOAD_BODY_DEADLINE_MS + 60_000;
}
const bodyDeadlineMs = (req: express.Request) =>
  req.method === "POST" && UPLOAD_EDITORS.test(req.path) ? UPLOAD_BODY_DEADLINE_MS : FORM_BODY_DEADLINE_MS;
const bodyLimit = (req: express.Request) => {
  if (req.method !== "POST") return MAX_BODY_BYTES;
  if (UPLOAD_EDITORS.test(req.path)) return Infinity;
  if (/^\/admin\/events\/[^/]+$/.test(req.path)) return MAX_EVENT_EDITOR_BODY_BYTES;
  return MAX_BODY_BYTES;
};

/** Machine-to-machine endpoints that carry their own authentication (signed web hooks). */
const UNLIMITED_PATHS = new Set(["/api/stripe-webhook"]);
/**
 * Signed web hooks from a provider that reports in bursts from a few addresses (a newsletter send's
 * bounces): counted in a bucket of their own (RATE_LIMIT_WEBHOOKS_PER_MINUTE), not the visitors'.
 */
const SIGNED_HOOK_PATHS = new Set(["/api/newsletter/relay-webhook"]);

export interface AppOptions {
  services: AppServices;
  /** Production: the built server bundle. Development: a loader through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  /** Extra middleware mounted before the router (the Vite dev server). */
  before?: express.RequestHandler[];
  /** Development: each island's entry as the islands' dev server serves it (without a build, no manifest). */
  devIslands?: Record<string, string[]>;
}

export function createApp({ services, build, clientDir, before = [], devIslands }: AppOptions): Express {
  const { env, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Express reads NODE_ENV itself and prints stack traces in "development"; the server behaves
  // as in production however it is started (only the Vite dev server runs in development).
  app.set("env", env.NODE_ENV === "development" ? "development" : "production");
  const trust = trustFunction(env.TRUST_PROXY);
  app.set("trust proxy", trust);

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => /^\/(assets|media)\//.test(req.url ?? "") },
      serializers: {
        // Only method and path: query strings can carry e-mail addresses or session ids, and a
        // download's path is a subscriber's own link.
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          path: scrubText(req.url.split("?")[0] ?? "").replace(/^\/download\/[^/]+/, "/download/[token]"),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  if (trust) {
    // Behind a proxy every visitor's request carries X-Forwarded-For; one without it reached
    // the server directly, so TRUST_PROXY is likely set where no proxy stands (say so once).
    let warned = false;
    app.use((req, _res, next) => {
      if (!warned && req.headers["x-forwarded-for"] === undefined && req.path !== "/healthz") {
        warned = true;
        logger.warn(
          { trustProxy: env.TRUST_PROXY },
          "TRUST_PROXY is set but a request arrived without X-Forwarded-For: is the server reachable directly?",
        );
      }
      next();
    });
  }
  app.use(securityHeaders(env));
  // After the security headers: a refusal is also a document a browser may render.
  app.use(refuseOddTargets);
  // Browsers ask for Brotli first. At the middleware's default quality (4) it sent more bytes than
  // gzip; at quality 6 a page is about 1 KB smaller than with either (on a 70 KB document, for 0.2 ms
  // more), which keeps a small page's whole answer within the first 14.6 KB a new connection may send
  // before it waits a round trip, and the built files are 6 % smaller than gzip at level 9 for the
  // same time. Quality 9 saves 1 % more and takes 13 times as long, on every request
  // (docs/decisions/053-documents-within-the-first-round-trip.md).
  const brotli = { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
  // Built scripts and styles: every one compressed, however small (the default skips bodies under
  // 1 KB, which then cost more than gzip's bytes), at gzip's strongest level: they are a page's
  // JavaScript budget (docs/decisions/031-island-pages-as-documents.md) and browsers keep them a year.
  app.use("/assets", compression({ threshold: 0, level: 9, brotli }));
  app.use(
    compression({
      brotli,
      filter: (req, res) => !req.originalUrl.startsWith("/assets/") && compression.filter(req, res),
    }),
  );

  app.use(bodyDeadline({ deadlineMs: bodyDeadlineMs, afterAnswerMs: FORM_BODY_DEADLINE_MS }));
  app.use((req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > bodyLimit(req)) {
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    next();
  });
  app.use(limitChunkedBody);

  // Readiness, for a load balancer choosing where to send visitors: the database answers within
  // 2 s, every migration is applied, the background jobs run, the form outbox can write (else a
  // database outage loses forms here) and the server is not shutting down.
  let migrated = false;
  const readiness = async () => {
    const checks = {
      database: false,
      migrations: false,
      scheduler: false,
      formOutbox: services.outbox.lastWriteFailure?.ongoing !== true,
      accepting: app.locals.stopping !== true,
    };
    try {
      await withTimeout(services.database.ping(), 2_000);
      checks.database = true;
      migrated ||= (await withTimeout(pendingMigrations(services.database), 2_000)) === 0;
      checks.migrations = migrated;
    } catch {
      // Reported through the checks below.
    }
    checks.scheduler =
      services.outbox.running && (services.backups.scheduled || services.backups.intervalMinutes === 0);
    const failure = services.outbox.lastWriteFailure;
    const reason = failure?.ongoing ? `form outbox cannot write: ${failure.reason}` : undefined;
    return { ready: Object.values(checks).every(Boolean), checks, reason };
  };

  const metrics = createMetrics(services, build, async () => (await readiness()).ready);
  app.use(metrics.measure);
  app.get("/metrics", metrics.handler);

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { ready, checks, reason } = await readiness();
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ready" : "not ready", checks, ...(reason ? { reason } : {}) });
  });

  // Liveness, for a supervisor deciding whether to restart the process: it answers, whatever the
  // database does (an outage is for /readyz; restarting would not bring the database back, and the
  // outbox keeps taking forms meanwhile). The public sees the status alone; the outbox and the
  // backup are for the private network and METRICS_TOKEN, as /metrics.
  app.get("/healthz", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // Shutting down (server/index.ts): the proxy takes this instance out while it still serves.
    if (app.locals.stopping === true) {
      res.status(503).json({ status: "stopping" });
      return;
    }
    if (!mayReadInternals(req, env.METRICS_TOKEN)) {
      res.json({ status: "ok" });
      return;
    }
    try {
      // Waiting submissions and ones that could never be stored (shown under /admin/unsaved).
      const [outbox, backup] = await Promise.all([services.outbox.stats(), services.backups.summary()]);
      res.json({ status: "ok", database: services.database.engine, outbox, backup });
    } catch (error) {
      logger.error({ err: error }, "health check could not read the outbox or the backups");
      res.status(503).json({ status: "error", database: services.database.engine });
    }
  });

  // Coarse per-address limit for every state-changing request; forms add their own, stricter one.
  // Counters live in the database, so instances behind one load balancer count together.
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (UNLIMITED_PATHS.has(req.path)) return next();
    const result = SIGNED_HOOK_PATHS.has(req.path)
      ? await services.rateLimit(`hook:${req.ip}`, env.RATE_LIMIT_WEBHOOKS_PER_MINUTE, 60)
      : await services.rateLimit(`post:${req.ip}`, env.RATE_LIMIT_POSTS_PER_MINUTE, 60);
    if (!result.allowed) {
      res.setHeader("Retry-After", String(result.retryAfter));
      res.status(429).type("text/plain").send("Too many requests. Please wait a minute and try again.");
      return;
    }
    next();
  });

  app.use(databaseAway(services));

  app.post("/api/first-touch", ...firstTouchChoice(env.SITE_URL));
  app.use(firstTouchCookie(env.SITE_URL));
  for (const middleware of before) app.use(middleware);

  const inlineCss = clientDir ? stylesheetInliner(clientDir) : undefined;
  const islands = clientDir ? islandModules(clientDir) : devIslands;
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
      }),
    );
    // Development renders from changing sources: no page is "the same version" there. Before the
    // static files: a page address is never a file, and their lookup (a stat) cost each cached answer.
    app.use(publicPageCache(services, build, { inlineCss, islands }));
    app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1d" }));
    app.use(revisionValidator(services, cachedByRevision, JSON.stringify(publicEnv(env))));
  }

  const handleRequest = createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) =>
      routerContextOf({
        services,
        cspNonce: String(res.locals.cspNonce),
        clientIp: req.ip ?? "unknown",
        inlineCss,
        islands,
        etag: typeof res.locals.etag === "string" ? res.locals.etag : undefined,
      }),
  });
  app.all("/{*splat}", (req, res, next) => {
    const body = res.locals.chunkedBody;
    return handleRequest(Buffer.isBuffer(body) ? withBody(req, body) : req, res, next);
  });
  app.use(plainError(logger));
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Requests no page can answer, refused before anything else looks at them: a Host (or forwarded
 * host and scheme) no address can be made of (`a b`, `localhost:99999`), absolute-form targets
 * (`GET http://other.example/admin`), paths that are not valid percent-encoding (`/%`), and the
 * `index.html` file names from the days of prerendered pages (`/pricing/index.html` goes to `/pricing`).
 */
const refuseOddTargets: express.RequestHandler = (req, res, next) => {
  // HTTP/1.0 allows a request without Host, but every page is made from it (links, origin checks).
  if (!req.headers.host) {
    res.status(400).type("text/plain").send("Bad Request: a Host header is required.");
    return;
  }
  // The router's adapter makes the page's address from Host, or behind a trusted proxy from
  // X-Forwarded-Host (its port from any entry): one it cannot parse would throw and answer 500.
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const hosts = [req.headers.host, ...(forwarded?.split(",").map((host) => host.trim()) ?? [])];
  if (!hosts.every(isValidHost)) {
    res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host name.");
    return;
  }
  // Its scheme comes from X-Forwarded-Proto there: only the two a visitor can have used.
  if (!/^https?$/i.test(req.protocol)) {
    res.status(400).type("text/plain").send("Bad Request: X-Forwarded-Proto must be http or https.");
    return;
  }
  // A backslash reads as a slash to browsers: `/\\evil.example` would redirect off the site.
  if (!req.url.startsWith("/") || req.url.startsWith("//") || req.url.includes("\\")) {
    res.status(400).type("text/plain").send("Bad Request");
    return;
  }
  const pathname = req.url.split("?")[0] ?? "/";
  try {
    decodeURIComponent(pathname);
  } catch {
    res.status(400).type("text/plain").send("Bad Request");
    return;
  }
  const indexFile = /^(.*?)\/?index\.html$/i.exec(pathname);
  if (indexFile) {
    const query = req.url.slice(pathname.length);
    res.redirect(301, `${indexFile[1] || "/"}${query}`);
    return;
  }
  next();
};

/** The last word on any error: its status and standard text, never a stack trace or a file path. */
function plainError(logger: AppServices["logger"]): express.ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const status = statusOf(error);
    if (status >= 500) logger.error({ err: error }, "request failed");
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(STATUS_CODES[status] ?? "Error");
  };
}

function statusOf(error: unknown): number {
  if (typeof error === "object" && error !== null) {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    const value = typeof status === "number" ? status : statusCode;
    if (typeof value === "number" && value >= 400 && value < 600) return value;
  }
  return 500;
}

/**
 * A chunked request carries no Content-Length, so the check above cannot see its size:
 * read it here within the same limit and refuse it as soon as it goes over.
 */
const limitChunkedBody: express.RequestHandler = (req, res, next) => {
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] === undefined) return next();
  const limit = bodyLimit(req);
  // Read part by part by the route, within each part's limit.
  if (limit === Infinity) return next();
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  req.on("data", (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size <= limit) {
      chunks.push(chunk);
      return;
    }
    finished = true;
    chunks.length = 0;
    res.setHeader("Connection", "close");
    res.status(413).type("text/plain").send("Request body too large.");
  });
  req.on("end", () => {
    if (finished) return;
    finished = true;
    const body = Buffer.concat(chunks);
    delete req.headers["transfer-encoding"];
    req.headers["content-length"] = String(body.length);
    res.locals.chunkedBody = body;
    next();
  });
  req.on("error", (error) => {
    if (finished) return;
    finished = true;
    next(error);
  });
};

/** The request with its (already read) body readable again, for the router adapter. */
function withBody(req: express.Request, body: Buffer): express.Request {
  const stream = Readable.from([body]);
  const streamKeys = new Set<PropertyKey>([
    "on",
    "once",
    "off",
    "addListener",
    "removeListener",
    "pause",
    "resume",
    "destroy",
    "readable",
    "read",
    "pipe",
  ]);
  return new Proxy(req, {
    get(target, key) {
      if (!streamKeys.has(key)) return Reflect.get(target, key, target);
      const value: unknown = Reflect.get(stream, key, stream);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(stream) : value;
    },
  });
}
