import { readdirSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeEntries } from "~/kernel/route-meta";
import { untrustedScripts } from "../support/script-trust";
import { startFaultServer, type FaultServer } from "../support/fault";

/**
 * Security headers on every page of the route table and on the API and resource routes:
 * an enforced CSP trusting scripts by nonce or (cached pages) by hash, HSTS behind an HTTPS proxy,
 * and the other hardening headers.
 */
const blogSlug = readdirSync(path.resolve(import.meta.dirname, "../../content/blog"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))[0];

const pagePaths = routeEntries.map((entry) => entry.path.replace(":slug", blogSlug ?? "missing"));

/** Every other kind of answer: APIs (GET and POST), feeds, errors, assets, health. */
const otherRequests: { method: string; path: string; body?: string; type?: string }[] = [
  { method: "GET", path: "/healthz" },
  { method: "GET", path: "/sitemap.xml" },
  { method: "GET", path: "/robots.txt" },
  { method: "GET", path: "/blog/rss.xml" },
  { method: "GET", path: "/.well-known/jwks.json" },
  { method: "GET", path: "/this-page-does-not-exist" },
  { method: "GET", path: "/success?session_id=cs_test_unknown" },
  { method: "GET", path: "/checkout/test/cs_test_unknown" },
  { method: "GET", path: "/newsletter?status=subscribed" },
  { method: "GET", path: "/newsletter/confirm?token=bad" },
  { method: "GET", path: "/newsletter/unsubscribe?token=bad" },
  { method: "GET", path: "/admin" },
  { method: "GET", path: "/admin/login" },
  { method: "GET", path: "/api/auth/get-session" },
  { method: "GET", path: "/api/create-checkout-session" },
  { method: "GET", path: "/api/stripe-webhook" },
  { method: "GET", path: "/api/customer-portal?session_id=x" },
  { method: "POST", path: "/api/intake", body: "{}", type: "application/json" },
  { method: "POST", path: "/api/event-signup", body: "{}", type: "application/json" },
  { method: "POST", path: "/api/newsletter", body: "email=x", type: "application/x-www-form-urlencoded" },
  { method: "POST", path: "/api/create-checkout-session", body: "{}", type: "application/json" },
  { method: "POST", path: "/api/stripe-webhook", body: "{}", type: "application/json" },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-123" }),
    type: "application/json",
  },
  { method: "POST", path: "/start", body: "email=x", type: "application/x-www-form-urlencoded" },
  { method: "POST", path: "/nicaragua", body: "name=", type: "application/x-www-form-urlencoded" },
  { method: "POST", path: "/api/intake", body: "x".repeat(70 * 1024), type: "application/json" },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

interface Checked {
  label: string;
  res: Response;
  body: string;
}

function checkHeaders({ label, res, body }: Checked, overHttps: boolean): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`${label}: ${message}`);
  const csp = res.headers.get("content-security-policy");
  if (res.headers.get("content-security-policy-report-only") && !csp) fail("CSP is report-only");
  if (!csp) {
    fail("no Content-Security-Policy");
  } else {
    const policy = directives(csp);
    const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
    const nonce = scripts.find((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v));
    // A page from the page cache trusts its inline scripts by their hashes instead (decision 074).
    const hashed = scripts.some((v) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(v));
    if (!nonce && !hashed) fail(`script-src without a nonce or hashes: ${scripts.join(" ")}`);
    if (!scripts.includes("'strict-dynamic'")) fail("script-src without 'strict-dynamic'");
    if (scripts.includes("'unsafe-inline'")) fail("script-src allows 'unsafe-inline'");
    if (scripts.includes("'unsafe-eval'")) fail("script-src allows 'unsafe-eval'");
    if (scripts.includes("*") || scripts.includes("https:") || scripts.includes("http:"))
      fail("script-src allows any host");
    if (policy.get("script-src-attr")?.join(" ") !== "'none'") fail("script-src-attr is not 'none'");
    if (policy.get("object-src")?.join(" ") !== "'none'") fail("object-src is not 'none'");
    if (!policy.get("base-uri")?.every((v) => v === "'self'" || v === "'none'")) fail("base-uri missing or loose");
    if (!policy.get("frame-ancestors")?.every((v) => v === "'none'" || v === "'self'"))
      fail("frame-ancestors missing or loose");
    // Every inline or external script in an HTML answer carries this response's nonce, or (a page
    // from the page cache) is inline with its hash in the policy.
    if ((res.headers.get("content-type") ?? "").includes("text/html")) {
      for (const problem of untrustedScripts(csp, body)) fail(`script ${problem}`);
      if (/\son[a-z]+=["']/i.test(body.replace(/<script[\s\S]*?<\/script>/g, "")))
        fail("inline event handler attribute in the HTML");
    }
  }
  const hsts = res.headers.get("strict-transport-security");
  if (overHttps) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0);
    if (maxAge < 31_536_000) fail(`HSTS missing or short over HTTPS: ${hsts}`);
    if (!hsts?.includes("includeSubDomains")) fail("HSTS without includeSubDomains");
  } else if (hsts) {
    fail("HSTS sent over plain HTTP");
  }
  if (res.headers.get("x-content-type-options") !== "nosniff") fail("no X-Content-Type-Options: nosniff");
  const referrer = res.headers.get("referrer-policy");
  if (!["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(referrer ?? ""))
    fail(`loose Referrer-Policy: ${referrer}`);
  const permissions = res.headers.get("permissions-policy") ?? "";
  for (const feature of ["camera", "microphone", "geolocation"])
    if (!permissions.includes(`${feature}=()`)) fail(`Permissions-Policy does not deny ${feature}`);
  if (res.headers.get("x-powered-by")) fail("X-Powered-By is sent");
  for (const cookie of res.headers.getSetCookie()) {
    const name = cookie.split("=")[0];
    const attributes = cookie.toLowerCase();
    if (!/;\s*httponly/.test(attributes)) fail(`cookie ${name} without HttpOnly`);
    if (!/;\s*samesite=(lax|strict)/.test(attributes)) fail(`cookie ${name} without SameSite=Lax/Strict`);
    if (overHttps && !/;\s*secure/.test(attributes)) fail(`cookie ${name} without Secure over HTTPS`);
  }
  return problems;
}

describe("security headers on every route", () => {
  let server: FaultServer;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy: X-Forwarded-Proto says whether the visitor used HTTPS.
    // Its log at info level: every request writes a line, so the malformed Host test below knows
    // when the server has logged all it will about its requests.
    server = await startFaultServer({ TRUST_PROXY: "1", LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function request(
    method: string,
    target: string,
    https: boolean,
    body?: string,
    type?: string,
  ): Promise<Checked> {
    const headers: Record<string, string> = {
      Accept: "text/html,application/json;q=0.9",
      ...(https ? { "X-Forwarded-Proto": "https" } : {}),
    };
    if (type) headers["Content-Type"] = type;
    const res = await fetch(`${server.url}${target}`, { method, headers, body, redirect: "manual" });
    return { label: `${method} ${target}${https ? " (https)" : ""} → ${res.status}`, res, body: await res.text() };
  }

  it.each([true, false])("pages of the route table (https: %s)", async (https) => {
    const problems: string[] = [];
    for (const target of pagePaths) {
      const checked = await request("GET", target, https);
      if (checked.res.status >= 500) problems.push(`${checked.label}: server error`);
      problems.push(...checkHeaders(checked, https));
    }
    expect(problems).toEqual([]);
  });

  it.each([true, false])("APIs, feeds, errors and assets (https: %s)", async (https) => {
    const home = await request("GET", "/", https);
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const problems: string[] = [];
    for (const item of [...otherRequests, { method: "GET", path: asset ?? "/assets/missing.js" }]) {
      const checked = await request(
        item.method,
        item.path,
        https,
        "body" in item ? item.body : undefined,
        "type" in item ? item.type : undefined,
      );
      if (checked.res.status >= 500) problems.push(`${checked.label}: server error`);
      problems.push(...checkHeaders(checked, https));
    }
    expect(problems).toEqual([]);
  });

  it("gives each response rendered for its request its own nonce", async () => {
    // A page rendered per request (a page from the page cache has no nonce: decision 074).
    const nonces = await Promise.all(
      [1, 2, 3].map(
        async () =>
          /'nonce-([^']+)'/.exec(
            (await fetch(`${server.url}/success`)).headers.get("content-security-policy") ?? "",
          )?.[1],
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("refuses a malformed Host (or forwarded host or scheme) with 400 before any route, and logs no error", async () => {
    const { port } = new URL(server.url);
    const raw = (headers: string, target = "/pricing") =>
      new Promise<string>((resolve, reject) => {
        let reply = "";
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.write(`GET ${target} HTTP/1.1\r\n${headers}\r\nConnection: close\r\n\r\n`),
        );
        socket.setEncoding("latin1");
        socket.on("data", (chunk: string) => (reply += chunk));
        socket.on("end", () => resolve(reply));
        socket.on("error", reject);
      });
    const logged = server.output().length;
    const malformed = [
      "a b",
      "localhost:99999",
      "[::1",
      "%",
      "[::1]:70000",
      "local%host",
      "a/b",
      "user@host",
      "host:port",
    ];
    for (const host of malformed) {
      const answer = await raw(`Host: ${host}`);
      expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, host).not.toMatch(/\bat [\w.<>]+ \(|node_modules|Error:/);
    }
    // Behind the trusted proxy the page's address is made from X-Forwarded-Host, every entry of it...
    for (const forwarded of ["a b", "coach.example:99999", "coach.example, [::1"]) {
      expect(await raw(`Host: 127.0.0.1:${port}\r\nX-Forwarded-Host: ${forwarded}`), forwarded).toMatch(
        /^HTTP\/1\.1 400 /,
      );
    }
    // ...and its scheme from X-Forwarded-Proto.
    for (const proto of ["a b", "javascript", "1http"]) {
      expect(await raw(`Host: 127.0.0.1:${port}\r\nX-Forwarded-Proto: ${proto}`), proto).toMatch(/^HTTP\/1\.1 400 /);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, "coach.example"]) {
      expect(await raw(`Host: ${host}`), host).toMatch(/^HTTP\/1\.1 200 /);
    }
    expect(await raw(`Host: 127.0.0.1:${port}\r\nX-Forwarded-Host: coach.example:443`)).toMatch(/^HTTP\/1\.1 200 /);
    // The last request's line is in the log, so every earlier one's is too (one ordered stream).
    await raw(`Host: 127.0.0.1:${port}`, "/after-the-malformed-hosts");
    await vi.waitFor(() => expect(server.output().slice(logged)).toContain("/after-the-malformed-hosts"), {
      timeout: 10_000,
    });
    const lines = server.output().slice(logged).split("\n");
    expect(lines.filter((line) => /"level":(5|6)\d/.test(line))).toEqual([]);
  });
});
