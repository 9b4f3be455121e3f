// Throughput of the public pages against a static file server (issue 52): this site (production
// build, PGlite) and Caddy's file_server serving the very same Brotli bytes of each page, one after
// the other on this machine, with autocannon on loopback. Prints requests per second and p99 for
// both and this site's ratios (targets: at least 0.5 × the static server's req/s, p99 at most 3 ×).
// With BENCH_SENDING=N, the same pages are then loaded again on a second server whose own worker is
// sending a newsletter issue to N confirmed subscribers (bench/sending-setup.ts) into a local SMTP
// server in a process of its own (target: p99 at most 2 × the idle figure of the same run).
//   npm run bench:throughput
//   BENCH_DURATION=5 BENCH_CONNECTIONS=32 npm run bench:throughput
//   BENCH_SENDING=10000 npm run bench:throughput
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, machine, requireBuild, settlePages, startServer } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const CADDY = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
const HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html" };
const SENDING = Number(process.env.BENCH_SENDING ?? 0);

requireBuild();
if (!CADDY) {
  console.error("caddy is not installed (apt-get install -y caddy)");
  process.exit(1);
}

const post = readdirSync("content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))
  .sort()[0];
const PAGES = [
  ["/", "home"],
  ["/pricing", "pricing"],
  [`/blog/${post}`, "post"],
  ["/privacy-policy", "privacy-policy"],
];

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: Math.round(result.requests.average),
            p99: result.latency.p99,
            bad: result.errors + result.timeouts + result.non2xx,
          }),
    );
  });
}

async function listening(port, child, output, name = "caddy") {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output()}`);
    const up = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const site = await startServer();
const root = mkdtempSync(path.join(tmpdir(), "bench-static-"));
let caddy;
try {
  // The site's own Brotli bytes of each page, as a browser gets them, for Caddy to send as they are.
  const sizes = {};
  await settlePages(
    site.url,
    PAGES.map(([target]) => target),
  );
  for (const [target, name] of PAGES) {
    const res = await fetch(`${site.url}${target}`, { headers: HEADERS });
    if (!res.ok || res.headers.get("content-encoding") !== "br") throw new Error(`${target}: no Brotli answer`);
    const html = await res.text();
    const br = await rawBody(`${site.url}${target}`);
    writeFileSync(path.join(root, `${name}.html`), html);
    writeFileSync(path.join(root, `${name}.html.br`), br);
    sizes[name] = br.length;
  }
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), "bench-caddy-"));
  const caddyfile = path.join(home, "Caddyfile");
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n}\nhttp://127.0.0.1:${port} {\n\troot * ${root}\n\theader Content-Type "text/html; charset=utf-8"\n\tfile_server {\n\t\tprecompressed br\n\t}\n}\n`,
  );
  let output = "";
  caddy = spawn(CADDY, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  caddy.stdout.on("data", (chunk) => (output += chunk));
  caddy.stderr.on("data", (chunk) => (output += chunk));
  await listening(port, caddy, () => output);
  const staticUrl = `http://127.0.0.1:${port}`;

  console.log(`bench:throughput: ${CONNECTIONS} connections, ${DURATION} s each, ${machine()}`);
  const rows = [];
  for (const [target, name] of PAGES) {
    // Warm both: the site's cache holds the page, Caddy has read its file.
    await fetch(`${site.url}${target}`, { headers: HEADERS }).then((res) => res.arrayBuffer());
    const ours = await load(`${site.url}${target}`);
    const theirs = await load(`${staticUrl}/${name}.html`);
    const row = {
      page: target,
      kb: (sizes[name] / 1024).toFixed(1),
      site: ours,
      static: theirs,
      rpsRatio: (ours.rps / theirs.rps).toFixed(2),
      p99Ratio: (ours.p99 / Math.max(theirs.p99, 1)).toFixed(2),
    };
    rows.push(row);
    console.log(
      `  ${target} (${row.kb} KB br): site ${ours.rps} req/s p99 ${ours.p99} ms${ours.bad ? ` (${ours.bad} bad)` : ""}` +
        ` · static ${theirs.rps} req/s p99 ${theirs.p99} ms${theirs.bad ? ` (${theirs.bad} bad)` : ""}` +
        ` · ratio ${row.rpsRatio} req/s, ${row.p99Ratio} p99`,
    );
  }
  console.log("\n| page | sent (br) | this site | static, same bytes | req/s ratio | p99 this site / static |");
  console.log("|---|--:|--:|--:|--:|--:|");
  for (const row of rows)
    console.log(
      `| \`${row.page}\` | ${row.kb} KB | ${row.site.rps} req/s | ${row.static.rps} req/s | ${row.rpsRatio} | ${row.site.p99} / ${row.static.p99} ms |`,
    );
  const met = rows.every((row) => Number(row.rpsRatio) >= 0.5 && Number(row.p99Ratio) <= 3);
  console.log(`\nTargets (≥ 0.5 × req/s, ≤ 3 × p99): ${met ? "met" : "not met"}`);
  caddy.kill("SIGTERM");
  await site.stop();
  if (SENDING) await whileSending(rows);
} finally {
  caddy?.kill("SIGTERM");
  await site.stop();
  rmSync(root, { recursive: true, force: true });
}

/** The same pages on a server whose worker sends an issue to SENDING subscribers, against the idle rows. */
async function whileSending(idle) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-sending-"));
  const made = performance.now();
  const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/sending-setup.ts", dataDir, String(SENDING)], {
    encoding: "utf8",
  });
  if (setup.status !== 0) throw new Error(`sending set-up failed:\n${setup.stderr}`);
  console.log(
    `\n${SENDING} confirmed subscribers and a started issue made in ${((performance.now() - made) / 1000).toFixed(0)} s`,
  );
  const record = path.join(dataDir, "accepted.jsonl");
  writeFileSync(record, "");
  const accepted = () => readFileSync(record, "utf8").split("\n").length - 1;
  const smtpPort = await freePort();
  let smtpOutput = "";
  const smtp = spawn(process.execPath, ["tests/support/smtp-process.ts"], {
    env: { ...process.env, PORT: String(smtpPort), RECORD_FILE: record },
    stdio: ["ignore", "pipe", "pipe"],
  });
  smtp.stdout.on("data", (chunk) => (smtpOutput += chunk));
  smtp.stderr.on("data", (chunk) => (smtpOutput += chunk));
  let sending;
  try {
    await listening(smtpPort, smtp, () => smtpOutput, "the SMTP server");
    const sendStarted = performance.now();
    sending = await startServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}?starttls=off` });
    await settlePages(
      sending.url,
      PAGES.map(([target]) => target),
    );
    console.log(`bench:throughput while sending: ${CONNECTIONS} connections, ${DURATION} s each`);
    const rows = [];
    for (const [index, [target]] of PAGES.entries()) {
      const before = accepted();
      const ours = await load(`${sending.url}${target}`);
      const after = accepted();
      const ratio = (ours.p99 / Math.max(idle[index].site.p99, 1)).toFixed(2);
      rows.push({ target, ours, before, after, ratio, idle: idle[index].site });
      console.log(
        `  ${target}: ${ours.rps} req/s p99 ${ours.p99} ms${ours.bad ? ` (${ours.bad} bad)` : ""} · idle p99 ${idle[index].site.p99} ms · ${ratio} × · ${after - before} messages accepted meanwhile (${after} of ${SENDING})`,
      );
    }
    for (;;) {
      if (accepted() >= SENDING) break;
      if (performance.now() - sendStarted > 900_000)
        throw new Error(`the send did not end: ${accepted()} of ${SENDING}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (performance.now() - sendStarted) / 1000;
    console.log(
      `  the send: ${SENDING} accepted in ${seconds.toFixed(0)} s from the server's start (${(SENDING / seconds).toFixed(0)} messages/s)`,
    );
    console.log("\n| page | idle | while sending | messages accepted during the page's load | p99 sending / idle |");
    console.log("|---|--:|--:|--:|--:|");
    for (const row of rows)
      console.log(
        `| \`${row.target}\` | ${row.idle.rps} req/s, p99 ${row.idle.p99} ms | ${row.ours.rps} req/s, p99 ${row.ours.p99} ms | ${row.after - row.before} | ${row.ratio} |`,
      );
    const during = rows.every((row) => row.after > row.before && row.before < SENDING);
    const met = during && rows.every((row) => Number(row.ratio) <= 2);
    console.log(
      `\nTarget while sending (p99 ≤ 2 × idle, the send running through every load): ${met ? "met" : "not met"}`,
    );
  } finally {
    await sending?.stop();
    smtp.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The answer's bytes as sent (Brotli), without fetch's decoding. */
function rawBody(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: HEADERS }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve(Buffer.concat(chunks)));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}
