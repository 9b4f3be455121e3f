// Load benchmark: autocannon on loopback against the production server (PGlite, and
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), plus the same
// page's HTML (rendered per request, revalidated by content revision) from a minimal plain Node
// static server for comparison.
//   npm run bench:load                  (25 connections, 20 s per target)
//   BENCH_DURATION=5 npm run bench:load (shorter)
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, machine, paidSession, requireBuild, startServer } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const PAGE = process.env.BENCH_PAGE ?? "/";
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

requireBuild();

function run(name, url, options = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
    process.stdout.write(`  ${name}… `);
  }).then((result) => {
    const row = {
      name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
    };
    console.log(`${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`);
    return row;
  });
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${(++counter).toString(36)}-${randomBytes(3).toString("hex")}`;

const newsletterRequest = {
  method: "POST",
  path: "/api/newsletter",
  headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
  setupRequest: (req) => ({
    ...req,
    body: new URLSearchParams({
      email: `reader-${unique()}@example.com`,
      source: "footer",
      variant: "footer",
      elapsedMs: "30000",
      website: "",
    }).toString(),
  }),
};

const intakeRequest = {
  method: "POST",
  path: "/api/intake",
  headers: { "content-type": "application/json" },
  setupRequest: (req) => {
    const tag = unique();
    return {
      ...req,
      body: JSON.stringify({
        answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
        contact: {
          firstName: "Bench",
          lastName: "Mark",
          email: `lead-${tag}@example.com`,
          phone: "+31612345678",
          message: "",
        },
        idempotencyKey: `bench-${tag}`,
        website: "",
        elapsedMs: 30_000,
      }),
    };
  },
};

async function benchEngine(engine, extraEnv) {
  console.log(`\n${engine}`);
  const server = await startServer(extraEnv);
  try {
    const session = await paidSession(server.url);
    const rows = [];
    rows.push(await run(`page ${PAGE}`, `${server.url}${PAGE}`));
    rows.push(await run("server-rendered /success", `${server.url}/success?session_id=${session}`));
    rows.push(await run("POST /api/newsletter", server.url, { requests: [newsletterRequest] }));
    rows.push(await run("POST /api/intake", server.url, { requests: [intakeRequest] }));
    const html = await (await fetch(`${server.url}${PAGE}`)).text();
    return { rows: rows.map((r) => ({ ...r, engine })), html };
  } finally {
    await server.stop();
  }
}

/** The plain baseline: node:http answering every request with the same HTML from memory. */
async function benchStatic(html) {
  console.log("\nplain Node static server (same HTML, from memory)");
  const body = Buffer.from(html);
  const server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    res.end(body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    return { ...(await run(`static ${PAGE}`, `http://127.0.0.1:${port}${PAGE}`)), engine: "node:http" };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

async function createPostgresDatabase() {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

console.log(
  `Load benchmark: ${CONNECTIONS} connections, ${DURATION} s per target, ${machine()}, build ${process.env.BUILD_DIR ?? "build"}`,
);
const results = [];
const pglite = await benchEngine("pglite", {});
results.push(...pglite.rows);
if (adminUrl) {
  const database = await createPostgresDatabase();
  try {
    const postgres = await benchEngine("postgres", {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(24).toString("hex"),
    });
    results.push(...postgres.rows);
  } finally {
    await database.drop();
  }
} else {
  console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)");
}
const baseline = await benchStatic(pglite.html);
results.push(baseline);

console.log("\n| target | engine | req/s | p50 ms | p99 ms | errors | non-2xx |");
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const r of results)
  console.log(`| ${r.name} | ${r.engine} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
for (const r of results.filter((row) => row.name.startsWith("page "))) {
  console.log(`\npage (${r.engine}) / plain static: ${(r.rps / baseline.rps).toFixed(2)} (budget ≥ 0.5)`);
}

mkdirSync("bench/reports", { recursive: true });
const file = `bench/reports/load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), machine: machine(), connections: CONNECTIONS, duration: DURATION, results },
    null,
    2,
  ),
);
console.log(`\nreport: ${file}`);
