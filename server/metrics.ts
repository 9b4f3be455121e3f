import { timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import { count } from "drizzle-orm";
import type express from "express";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppServices } from "~/context";
import { eventRegistry } from "~/infra/metrics.server";
import { signups } from "#db/schema";

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

function hasToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
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

export function createMetrics(services: AppServices, build: ServerBuild | (() => Promise<ServerBuild>)) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "mjc_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "mjc_leads_stored",
    help: "Leads (intake and event signups) in the database",
    registers: [registry],
    async collect() {
      const [row] = await services.database.db.select({ value: count() }).from(signups);
      this.set(row?.value ?? 0);
    },
  });
  const outboxDepth = new Gauge({
    name: "mjc_outbox_depth",
    help: "Submissions waiting for the database",
    registers: [registry],
  });
  new Gauge({
    name: "mjc_outbox_dead_letters",
    help: "Submissions the database refused, shown to the trainer under /admin/unsaved",
    registers: [registry],
    async collect() {
      const stats = await services.outbox.stats();
      this.set(stats.deadLetters);
      outboxDepth.set(stats.depth);
    },
  });
  new Gauge({
    name: "mjc_backup_last_good_age_seconds",
    help: "Age of the newest good backup (NaN when there is none)",
    registers: [registry],
    async collect() {
      const summary = await services.backups.summary();
      this.set(summary.lastGoodAt ? (Date.now() - Date.parse(summary.lastGoodAt)) / 1000 : Number.NaN);
    },
  });

  let tree: RouteObject[] | undefined;
  const pattern = async (path: string): Promise<string> => {
    if (/^\/assets\//.test(path)) return "/assets/*";
    if (/^\/(healthz|readyz|metrics)$/.test(path)) return path;
    tree ??= routeTree((typeof build === "function" ? await build() : build).routes);
    const matches = matchRoutes(tree, path) ?? [];
    const last = matches.at(-1);
    if (!last || last.route.path === "*") return "(not found)";
    const joined = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    return `/${joined}`.replace(/\/+/g, "/");
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
    if (!isPrivateAddress(req.ip) && !hasToken(req.headers.authorization, services.env.METRICS_TOKEN)) {
      res.status(403).type("text/plain").send("Forbidden");
      return;
    }
    const merged = Registry.merge([registry, eventRegistry]);
    res.type(merged.contentType).send(await merged.metrics());
  };
  return { measure, handler };
}
