import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, startFaultServer, type FaultServer } from "../support/fault";

/**
 * Bad input: over a thousand generated malformed requests against every endpoint that takes
 * input. None may produce a 5xx or leak a stack trace, errors must say something, and nothing
 * may be stored. Bodies over the limit are refused before they are read to the end.
 */
interface Probe {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send the body in pieces without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
  location: string;
}

const SIXTY_KB = "x".repeat(60 * 1024);
const script = `<script>alert(document.cookie)</script>`;
const sql = `'; DROP TABLE signups; --`;
const badUtf8 = Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0xff, 0xfe]);

/** Endpoints that accept input, with the body style each expects. */
const endpoints: { path: string; style: "json" | "form" }[] = [
  { path: "/api/intake", style: "json" },
  { path: "/start", style: "form" },
  { path: "/api/event-signup", style: "json" },
  { path: "/nicaragua", style: "form" },
  { path: "/api/newsletter", style: "form" },
  { path: "/api/create-checkout-session", style: "json" },
  { path: "/api/stripe-webhook", style: "json" },
  { path: "/checkout/test/cs_test_doesnotexist", style: "form" },
  { path: "/newsletter/unsubscribe", style: "form" },
  { path: "/api/admin/accounts", style: "json" },
  { path: "/api/auth/sign-in/email", style: "json" },
  { path: "/api/auth/sign-up/email", style: "json" },
  { path: "/admin/login", style: "form" },
  { path: "/api/customer-portal", style: "form" },
];

/** Invalid in at least one required way, so a correct server stores none of them. */
function invalidPayloads(): Record<string, unknown>[] {
  return [
    {
      answers: { 1: script, 2: sql },
      contact: { firstName: script, lastName: sql, email: `${script}@x`, phone: sql },
      elapsedMs: 30_000,
      website: "",
    },
    {
      email: sql,
      name: script,
      phone: `+31${sql}`,
      elapsedMs: 30_000,
      website: "",
      source: "footer",
      variant: "footer",
    },
    { email: `a@b.c${script}`, source: "/blog/../../etc/passwd", variant: "footer", elapsedMs: 30_000 },
    {
      __proto__: { isAdmin: true },
      constructor: { prototype: { polluted: true } },
      isAdmin: true,
      role: "admin",
      elapsedMs: 30_000,
    },
    {
      contact: { email: "x@example.com" },
      unknown: "field",
      nested: { deeper: [1, 2, { a: null }] },
      elapsedMs: 30_000,
    },
    { answers: { 1: SIXTY_KB }, contact: { firstName: SIXTY_KB.slice(0, 3000) }, elapsedMs: 30_000 },
    { priceId: sql, planName: script, billingType: "lifetime", frequency: "-1" },
    { priceId: "elite:monthly6x", planName: "Elite", billingType: "monthly6x", frequency: { $gt: "" } },
    { email: "not-an-email", password: sql, name: script, rememberMe: "yes" },
    { type: "checkout.session.completed", data: { object: { id: sql } } },
    { name: "", phone: "", email: "", elapsedMs: 30_000, website: "" },
    { idempotencyKey: SIXTY_KB.slice(0, 5000), answers: [], contact: null, elapsedMs: "NaN" },
  ];
}

function formOf(value: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(value))
    params.append(key, typeof field === "string" ? field : JSON.stringify(field));
  return params.toString();
}

function multipartOf(value: Record<string, unknown>): string {
  const parts = Object.entries(value).map(
    ([key, field]) =>
      `--B0UNDARY\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof field === "string" ? field : JSON.stringify(field)}\r\n`,
  );
  return `${parts.join("")}--B0UNDARY--\r\n`;
}

/** Control characters no field accepts (a message may hold \t, \n and \r, nothing else). */
const CONTROLS = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009f"];

/**
 * Submissions that would be stored as they are, per endpoint. Each gets a control character
 * in one field at a time: every one of them must be refused, so the drill still stores nothing.
 */
const storable: { path: string; style: "json" | "form"; fields: Record<string, string | number> }[] = [
  {
    path: "/api/intake",
    style: "json",
    fields: {
      "answers.1": "competition",
      "answers.2": "running",
      "answers.3": "distance",
      "answers.4": "female",
      "answers.5": "25-30",
      "contact.firstName": "Anna",
      "contact.lastName": "Jansen",
      "contact.email": "anna@example.com",
      "contact.phone": "+31 6 1234 5678",
      "contact.message": "Hello,\nsee you soon",
      idempotencyKey: "drill-key-000000",
      sourceUrl: "/start",
      elapsedMs: 30_000,
    },
  },
  {
    path: "/start",
    style: "form",
    fields: {
      "service-type": "competition",
      "sports-event": "running",
      "sports-goal": "distance",
      gender: "female",
      "age-range": "25-30",
      "first-name": "Anna",
      "last-name": "Jansen",
      email: "anna@example.com",
      phone: "+31 6 1234 5678",
      message: "Hello",
      goals: "Run a marathon",
      "idempotency-key": "drill-key-000001",
      "source-url": "/start",
    },
  },
  ...["/api/event-signup", "/nicaragua"].map((path) => ({
    path,
    style: (path.startsWith("/api") ? "json" : "form") as "json" | "form",
    fields: {
      name: "Eva",
      phone: "+505 8888 0000",
      idempotencyKey: "drill-key-000002",
      sourceUrl: "/nicaragua",
      elapsedMs: 30_000,
    },
  })),
  {
    path: "/api/newsletter",
    style: "form",
    fields: {
      email: "reader@example.com",
      source: "footer",
      variant: "footer",
      serviceType: "running",
      elapsedMs: 30_000,
    },
  },
  {
    path: "/api/create-checkout-session",
    style: "json",
    fields: {
      priceId: "elite:onetime",
      planName: "Elite",
      billingType: "onetime",
      frequency: "1",
      idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e",
    },
  },
  { path: "/pricing", style: "form", fields: { priceId: "elite:onetime", startNow: "yes" } },
  { path: "/admin/login", style: "form", fields: { email: "mila@example.com", password: "correct-horse-battery" } },
];

/** "contact.email" → { contact: { email } }: the JSON shape of the dotted field names. */
function nested(fields: Record<string, string | number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/**
 * The APIs answer 4xx; the no-JavaScript pages show themselves again with the messages under
 * the fields (200, like any page with the visitor's own mistakes) or redirect to an error page.
 */
function refused(answer: Answer): boolean {
  if (answer.status >= 400 && answer.status < 500) return true;
  if (answer.status === 303) return /status=(invalid|error)/.test(answer.location);
  return answer.status === 200 && FIELD_MESSAGES.some((message) => answer.body.includes(message));
}

const FIELD_MESSAGES = [
  "Please remove invisible control characters from this field",
  "This field is required",
  "Please enter a valid",
  "Name is required",
  "Phone number is required",
];

function controlCharacterProbes(origin: string): Probe[] {
  const list: Probe[] = [];
  for (const { path, style, fields } of storable) {
    for (const [field, value] of Object.entries(fields)) {
      if (typeof value !== "string") continue;
      for (const [i, control] of CONTROLS.entries()) {
        const poisoned = { ...fields, [field]: `${value.slice(0, 2)}${control}${value.slice(2)}` };
        const json = style === "json";
        list.push({
          label: `control character U+${control.charCodeAt(0).toString(16).padStart(4, "0")} in ${field} #${i}`,
          method: "POST",
          path,
          headers: json
            ? { "Content-Type": "application/json", Accept: "application/json" }
            : { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: json ? JSON.stringify(nested(poisoned)) : formOf(poisoned),
        });
      }
    }
  }
  return list;
}

function probes(origin: string): Probe[] {
  const list: Probe[] = controlCharacterProbes(origin);
  for (const { path, style } of endpoints) {
    const add = (label: string, probe: Omit<Probe, "label" | "path"> & { path?: string }) =>
      list.push({ path, ...probe, label: `${label} ${probe.method} ${probe.path ?? path}` });
    const json = { "Content-Type": "application/json", Accept: "application/json" };
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const [i, payload] of invalidPayloads().entries()) {
      add(`invalid json #${i}`, { method: "POST", headers: json, body: JSON.stringify(payload) });
      add(`invalid form #${i}`, { method: "POST", headers: form, body: formOf(payload) });
      add(`invalid multipart #${i}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=B0UNDARY" },
        body: multipartOf(payload),
      });
      add(`script tags and SQL in the query #${i}`, {
        method: "POST",
        path: `${path}?email=${encodeURIComponent(sql)}&q=${encodeURIComponent(script)}`,
        headers: style === "json" ? json : form,
        body: style === "json" ? JSON.stringify(payload) : formOf(payload),
      });
    }
    add("wrong content type: text/plain", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(invalidPayloads()[0]),
    });
    add("wrong content type: xml", {
      method: "POST",
      headers: { "Content-Type": "application/xml" },
      body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`,
    });
    add("no content type", { method: "POST", body: "email=a%40b.c&x=1" });
    add("json declared, form sent", { method: "POST", headers: json, body: "email=a%40b.c&elapsedMs=30000" });
    add("form declared, json sent", { method: "POST", headers: form, body: JSON.stringify({ email: "a@b.c" }) });
    add("truncated json", { method: "POST", headers: json, body: `{"answers":{"1":"competition","2":"tri` });
    add("empty json body", { method: "POST", headers: json, body: "" });
    add("json null", { method: "POST", headers: json, body: "null" });
    add("json array", { method: "POST", headers: json, body: "[1,2,3]" });
    add("json string", { method: "POST", headers: json, body: `"${script}"` });
    add("deeply nested json", { method: "POST", headers: json, body: `${"[".repeat(5_000)}${"]".repeat(5_000)}` });
    add("invalid utf-8 in json", {
      method: "POST",
      headers: json,
      body: Buffer.concat([Buffer.from(`{"email":"`), badUtf8, Buffer.from(`@example.com","elapsedMs":30000}`)]),
    });
    add("invalid utf-8 in form", {
      method: "POST",
      headers: form,
      body: Buffer.concat([Buffer.from("email="), badUtf8, Buffer.from("&name=%FF%FE%00")]),
    });
    add("invalid percent-encoding", { method: "POST", headers: form, body: "email=%E0%A4%A&name=%%%" });
    add("nul bytes", { method: "POST", headers: json, body: `{"email":"a\\u0000@b.c","name":"\\u0000\\u0000"}` });
    add("huge field under the limit", {
      method: "POST",
      headers: form,
      body: `email=${SIXTY_KB}%40example.com&elapsedMs=30000`,
    });
    add("repeated fields", {
      method: "POST",
      headers: form,
      body: Array.from({ length: 2_000 }, (_, i) => `email=${i}`).join("&"),
    });
    add("broken multipart", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: `--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--XY`,
    });
    add("multipart without boundary", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "garbage",
    });
    add("oversized with length", { method: "POST", headers: json, body: `{"email":"${"y".repeat(70 * 1024)}"}` });
    add("oversized chunked", {
      method: "POST",
      headers: json,
      body: `{"email":"${"y".repeat(200 * 1024)}"}`,
      chunked: true,
    });
    add("small chunked invalid", {
      method: "POST",
      headers: json,
      body: JSON.stringify(invalidPayloads()[1]),
      chunked: true,
    });
    for (const method of ["PUT", "PATCH", "DELETE"])
      add(`wrong method`, { method, headers: json, body: JSON.stringify(invalidPayloads()[0]) });
    add("GET with junk query", {
      method: "GET",
      path: `${path}?email=${encodeURIComponent(sql)}&session_id=${encodeURIComponent(script)}&token=%FF`,
    });
    add("HEAD", { method: "HEAD" });
    add("OPTIONS", { method: "OPTIONS" });
  }
  return list;
}

function send(base: URL, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body =
      probe.body === undefined ? undefined : Buffer.isBuffer(probe.body) ? probe.body : Buffer.from(probe.body);
    const headers: Record<string, string> = { ...probe.headers };
    if (body && !probe.chunked) headers["Content-Length"] = String(body.length);
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: probe.method, path: probe.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            contentType: String(res.headers["content-type"] ?? ""),
            location: String(res.headers.location ?? ""),
          }),
        );
        res.on("error", reject);
      },
    );
    // A server refusing a body early may close the connection while we still write.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    if (body && probe.chunked) {
      let offset = 0;
      const writeNext = () => {
        if (offset >= body.length || req.destroyed) return req.end();
        const piece = body.subarray(offset, offset + 8 * 1024);
        offset += piece.length;
        if (req.write(piece)) setImmediate(writeNext);
        else req.once("drain", writeNext);
      };
      writeNext();
    } else {
      req.end(body);
    }
  });
}

/** Headers, then half the announced body, then the client goes away. */
function truncated(base: URL, path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"email":"half@exa`,
      );
      setTimeout(() => socket.end(), 50);
    });
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
    socket.resume();
  });
}

const STACK = [
  /\n\s+at [\w$.<>]+ \(/,
  /node_modules\//,
  /\/work\/|\/home\/|\/app\/[a-z]+\//,
  /\.tsx?:\d+:\d+/,
  /\bTypeError\b|\bReferenceError\b|\bSyntaxError: /,
];

describe("malformed requests against every endpoint", () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    "never answer 5xx, never leak a stack trace, explain every 4xx and store nothing",
    { timeout: 240_000 },
    async () => {
      const base = new URL(server.url);
      const list = probes(server.url);
      expect(list.length).toBeGreaterThanOrEqual(1_000);
      const answers = await pool(list.length, 20, async (i) => ({
        probe: list[i]!,
        answer: await send(base, list[i]!),
      }));
      await Promise.all(endpoints.map(({ path }) => truncated(base, path)));

      const failures: string[] = [];
      for (const { probe, answer } of answers) {
        const where = `${probe.label} → ${answer.status}`;
        if (answer.status >= 500 || answer.status === 0) failures.push(`${where}: ${answer.body.slice(0, 200)}`);
        const leak = STACK.find((pattern) => pattern.test(answer.body));
        if (leak) failures.push(`${where}: stack trace or path (${leak}) in ${answer.body.slice(0, 300)}`);
        if (answer.status >= 400 && probe.method !== "HEAD" && answer.body.trim().length === 0)
          failures.push(`${where}: empty error body`);
        if (probe.label.startsWith("oversized") && answer.status !== 413) failures.push(`${where}: expected 413`);
        if (probe.label.startsWith("control character") && !refused(answer))
          failures.push(`${where}: a control character was not refused`);
      }
      expect(failures.slice(0, 25)).toEqual([]);

      // The server is still healthy after the flood and the cut-off bodies.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await server.counts()).toEqual({ signups: 0, subscribers: 0, other: 0, outbox: 0, deadLetters: 0 });
    },
  );

  it("still takes a valid body sent in chunks under the limit", async () => {
    const body = new URLSearchParams({
      email: "chunked@example.com",
      source: "footer",
      variant: "footer",
      elapsedMs: "30000",
      website: "",
    }).toString();
    const answer = await send(new URL(server.url), {
      label: "chunked",
      method: "POST",
      path: "/api/newsletter",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: body + "&" + "pad=".concat("x".repeat(20_000)),
      chunked: true,
    });
    expect(answer.status).toBe(200);
    expect((await server.counts()).subscribers).toBe(1);
  });
});
