// Shared helpers for the benchmarks: start the production server on a free port.
import { spawn } from "node:child_process";
import { mkdtempSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import os from "node:os";

/**
 * The browser every benchmark drives: CHROMIUM_PATH, else Debian's `chromium-headless-shell` (the
 * same engine without the browser's own interface), else the full `chromium`. The full browser
 * (version 156) in headless mode starts its address bar's suggestion popup as a web page of its own
 * and spends 1.2–1.7 s of CPU on it in the first seconds after launch: on two cores that work lands
 * in the page's measurements (a blank page's blocking time 4–189 ms in Lighthouse, 0–19 ms in the
 * shell).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function requireBuild() {
  const dir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(dir, "server/index.js")) || !existsSync(path.join(dir, "server-runtime/index.js"))) {
    console.error(`No production build in ${dir}/: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Starts the compiled server (what `npm start` runs) with generous form limits (a benchmark is one address sending a lot). */
export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-data-")),
    LOG_LEVEL: "warn",
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_FORMS_PER_MINUTE: "100000",
    RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    RATE_LIMIT_VITALS_PER_MINUTE: "100000",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (extraEnv.DATABASE_URL) env.DATABASE_URL = extraEnv.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? "build", "server-runtime/index.js")], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Asks for each page until the site sends the bytes a visitor gets once the page is cached: a page's
 * first answer under a content revision is quick Brotli, and asking again makes the smallest, which
 * later answers carry (server/page-cache.ts). A page that is not cached (no ETag) is left as it is.
 */
export async function settlePages(base, pages) {
  const { get } = await import("node:http");
  const sent = (page) =>
    new Promise((resolve, reject) => {
      get(new URL(page, base), { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
        let length = 0;
        res.on("data", (chunk) => (length += chunk.length));
        res.on("end", () => resolve({ length, cached: Boolean(res.headers.etag) }));
      }).on("error", reject);
    });
  for (const page of pages) {
    const first = await sent(page);
    if (!first.cached) continue;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if ((await sent(page)).length < first.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function machine() {
  return `${process.platform} ${process.arch}, Node ${process.version}, ${os.cpus().length} cores`;
}

/** A paid order through the built-in test checkout, so /success renders a real purchase. */
export async function paidSession(base) {
  const created = await fetch(`${base}/api/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      priceId: "progress:monthly3x",
      planName: "Progress",
      billingType: "monthly3x",
      frequency: "3",
    }),
  });
  if (!created.ok) throw new Error(`create-checkout-session answered ${created.status}`);
  const { sessionUrl } = await created.json();
  const id = new URL(sessionUrl, base).pathname.split("/").pop();
  const paid = await fetch(`${base}/checkout/test/${id}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "pay",
      email: "bench@example.com",
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    }),
    redirect: "manual",
  });
  if (paid.status !== 303) throw new Error(`test checkout answered ${paid.status}`);
  const page = await fetch(`${base}/success?session_id=${id}`);
  const html = await page.text();
  if (!page.ok || !html.includes(id)) throw new Error("the success page does not show the purchase");
  return id;
}

/** Every public page the page benchmarks measure; /success gets a paid test order's session id. */
export const PAGES = [
  "/",
  "/services",
  "/services/triathlon-coaching",
  "/services/get-fit",
  "/pricing",
  "/blog",
  "/blog/optimize-running-cadence",
  "/start",
  "/nicaragua",
  "/privacy-policy",
  "/sitemap",
  "/success",
  "/cancel",
];

/** BENCH_PAGES=/,/pricing narrows a run while iterating. */
export const benchPages = (all = PAGES) => (process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : all);

/**
 * The no-JS twin of a page: the same HTML with every <script> and modulepreload removed.
 * Served by a small proxy in front of the real server; every other request passes through.
 */
export function stripScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/**
 * A page with one heading and a line of text, no style and no script, served by the twin proxy at
 * this path: what the machine and the browser cost by themselves, the floor under every page's
 * figures (its blocking time should be 0 on a quiet machine).
 */
export const BLANK_PATH = "/__blank";
const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title><meta name="description" content="A control page for the benchmarks."></head><body><main><h1>Blank</h1><p>One heading and one line of text.</p></main></body></html>`;

export async function startTwinProxy(target) {
  const { createServer: createHttpServer, request } = await import("node:http");
  const { brotliCompressSync, constants: zlib, gzipSync } = await import("node:zlib");
  const upstream = new URL(target);
  const server = createHttpServer((req, res) => {
    if (req.url === BLANK_PATH) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(BLANK_PAGE);
      return;
    }
    const headers = { ...req.headers, host: upstream.host, "accept-encoding": "identity" };
    const proxied = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html")) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          // Compressed like the real server's answer (Brotli at the quality server/app.ts gives pages when
          // the browser accepts it, as browsers do; gzip otherwise), so both pages cost the same on the
          // simulated network.
          const stripped = stripScripts(Buffer.concat(chunks).toString("utf8"));
          const accepts = String(req.headers["accept-encoding"] ?? "");
          const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
          const body =
            encoding === "br"
              ? brotliCompressSync(stripped, {
                  params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
                })
              : encoding === "gzip"
                ? gzipSync(stripped)
                : Buffer.from(stripped);
          const out = { ...answer.headers, "content-length": String(body.length) };
          if (encoding) out["content-encoding"] = encoding;
          delete out["transfer-encoding"];
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(body);
        });
      },
    );
    proxied.on("error", () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
