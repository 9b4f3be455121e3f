import { timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import type express from "express";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppServices } from "~/context";
import { eventRegistry } from "~/infra/metrics.server";
import type { BackupSummary } from "~/infra/backup-schedule.server";
import { countSignups } from "~/features/leads/signups.server";

/**
 * /metrics in Prometheus' text format. Only loopback and private networks may read it (the
 * address as TRUST_PROXY resolves it, so a visitor behind the proxy counts as public), or
 * anyone sending `Authorization: Bearer $METRICS_TOKEN`.
 */
const privateNetworks = new BlockList();
privateNetworks.addSubnet("127.0.0.0", 8, "ipv4");
privateNetworks.addSubnet("10.0.0.0", 8, "ipv4");
privateNetworks.addSubnet("172.16.0.0", 12, "ipv4");
privateNetworks.addSubnet("192.168.0.0", 16, "ipv4");
privateNetworks.addSubnet("169.254.0.0", 16, "ipv4");
privateNetworks.addAddress("::1", "ipv6");
privateNetworks.addSubnet("fc00::", 7, "ipv6");
privateNetworks.addSubnet("fe80::", 10, "ipv6");

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return privateNetworks.check(ip, isIPv4(ip) ? "ipv4" : "ipv6");
}

/** At most this long for one reading at scrape time: a database that hangs must not hang /metrics. */
const READ_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function hasToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a request may read the server's internals (/metrics, the details of /healthz). */
export function mayReadInternals(req: express.Request, token: string | undefined): boolean {
  return isPrivateAddress(req.ip) || hasToken(req.headers.authorization, token);
}

/** The route table as a tree, so a request's path maps to its pattern (`/blog/:slug`), not its values. */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const entries = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}

export function createMetrics(
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  /** The readiness check behind /readyz, exposed as mjc_ready. */
  ready?: () => Promise<boolean>,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "mjc_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Each reading at scrape time keeps its last known value when it fails or hangs (the database is
  // away): /metrics must still answer in an outage, which is when it is needed most.
  const onScrape = (name: string, read: (gauge: Gauge) => Promise<void>) =>
    async function (this: Gauge) {
      try {
        await withTimeout(read(this), READ_TIMEOUT_MS);
      } catch (error) {
        services.logger.debug({ err: error, metric: name }, "metric kept at its last known value");
      }
    };
  new Gauge({
    name: "mjc_leads_stored",
    help: "Leads (intake and event signups) in the database (last known value while it is away)",
    registers: [registry],
    collect: onScrape("mjc_leads_stored", async (gauge) => {
      gauge.set(await countSignups(services.database.db));
    }),
  });
  new Gauge({
    name: "mjc_database_up",
    help: "1 when the database answered this scrape within 2 s, 0 otherwise",
    registers: [registry],
    async collect() {
      this.set(
        await withTimeout(services.database.ping(), READ_TIMEOUT_MS).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  if (ready) {
    new Gauge({
      name: "mjc_ready",
      help: "1 when /readyz answers 200 (database, migrations, background jobs, not shutting down)",
      registers: [registry],
      async collect() {
        this.set((await ready()) ? 1 : 0);
      },
    });
  }
  const outboxDepth = new Gauge({
    name: "mjc_outbox_depth",
    help: "Submissions waiting for the database",
    registers: [registry],
  });
  new Gauge({
    name: "mjc_outbox_dead_letters",
    help: "Submissions the database refused, shown to the trainer under /admin/unsaved",
    registers: [registry],
    collect: onScrape("mjc_outbox_dead_letters", async (gauge) => {
      const stats = await services.outbox.stats();
      gauge.set(stats.deadLetters);
      outboxDepth.set(stats.depth);
    }),
  });
  // The backups: one reading of the folder per scrape for the gauges below.
  let summary: Promise<BackupSummary> | undefined;
  const backupGauge = (name: string, help: string, value: (backup: BackupSummary) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect: onScrape(name, async (gauge) => {
        summary ??= services.backups.summary().finally(() => setImmediate(() => (summary = undefined)));
        const next = value(await summary);
        if (next !== undefined) gauge.set(next);
      }),
    });
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  backupGauge(
    "mjc_backup_last_good_age_seconds",
    "Age of the newest good backup (+Inf when there is none, so an age alert fires)",
    (backup) =>
      backup.lastGoodAt === null ? Number.POSITIVE_INFINITY : Date.now() / 1000 - seconds(backup.lastGoodAt),
  );
  backupGauge(
    "mjc_backup_last_good_timestamp_seconds",
    "When the newest good backup was made (0 when there is none)",
    (backup) => (backup.lastGoodAt === null ? 0 : seconds(backup.lastGoodAt)),
  );
  // The status file keeps the last attempt only: a failure stays here, as last seen, after a success.
  backupGauge(
    "mjc_backup_last_failure_timestamp_seconds",
    "When a backup last failed (0 when none has failed since this server started)",
    (backup) => (backup.lastFailureAt === null ? undefined : seconds(backup.lastFailureAt)),
  );
  // The copy kept away from this machine (BACKUP_S3_* or BACKUP_RCLONE_REMOTE): what survives a lost disk.
  backupGauge(
    "mjc_backup_offsite_configured",
    "1 when backups are copied off-site, 0 when they stay on this machine only",
    (backup) => (backup.offsite.configured ? 1 : 0),
  );
  backupGauge(
    "mjc_backup_offsite_last_good_age_seconds",
    "Age of the newest backup complete off-site (+Inf when there is none; NaN when no off-site copy is set up)",
    (backup) =>
      !backup.offsite.configured
        ? Number.NaN
        : backup.offsite.lastGoodAt === null
          ? Number.POSITIVE_INFINITY
          : Date.now() / 1000 - seconds(backup.offsite.lastGoodAt),
  );
  backupGauge(
    "mjc_backup_offsite_last_good_timestamp_seconds",
    "When the newest backup complete off-site was made (0 when there is none)",
    (backup) => (backup.offsite.lastGoodAt === null ? 0 : seconds(backup.offsite.lastGoodAt)),
  );
  // The newest copy's time is its backup's, which may be older than a failure a retry then put
  // right: whether the last attempt failed is said directly.
  backupGauge(
    "mjc_backup_offsite_last_attempt_failed",
    "1 when the last attempt to copy a backup off-site failed",
    (backup) => (backup.offsite.lastAttemptFailed ? 1 : 0),
  );
  backupGauge(
    "mjc_backup_offsite_last_failure_timestamp_seconds",
    "When copying a backup off-site last failed (0 when it never did)",
    (backup) => (backup.offsite.lastFailureAt === null ? undefined : seconds(backup.offsite.lastFailureAt)),
  );
  new Gauge({
    name: "mjc_backup_interval_seconds",
    help: "The server's own backup interval (BACKUP_INTERVAL_MINUTES); 0 when a separate job makes the backups",
    registers: [registry],
  }).set(services.backups.intervalMinutes * 60);

  let tree: RouteObject[] | undefined;
  // matchRoutes flattens and ranks the whole route table on every call (about a tenth of a form
  // post's CPU time on the 2-core machine): each path's pattern is kept, a bounded number of them.
  const patterns = new Map<string, string>();
  const pattern = async (path: string): Promise<string> => {
    if (/^\/assets\//.test(path)) return "/assets/*";
    if (/^\/(healthz|readyz|metrics)$/.test(path)) return path;
    const known = patterns.get(path);
    if (known) return known;
    tree ??= routeTree((typeof build === "function" ? await build() : build).routes);
    const matches = matchRoutes(tree, path) ?? [];
    const last = matches.at(-1);
    const joined = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    const found = !last || last.route.path === "*" ? "(not found)" : `/${joined}`.replace(/\/+/g, "/");
    if (patterns.size >= 1_000) patterns.clear();
    patterns.set(path, found);
    return found;
  };

  const measure: express.RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on("finish", () => {
      void pattern(req.path).then(
        (route) => end({ method: req.method, route, status: String(res.statusCode) }),
        () => end({ method: req.method, route: "(unknown)", status: String(res.statusCode) }),
      );
    });
    next();
  };

  const handler: express.RequestHandler = async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!mayReadInternals(req, services.env.METRICS_TOKEN)) {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    const merged = Registry.merge([registry, eventRegistry]);
    res.type(merged.contentType).send(await merged.metrics());
  };
  return { measure, handler };
}
