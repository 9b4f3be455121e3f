import { describe, expect, it } from "vitest";
import {
  guardForm,
  guardInput,
  idempotencyKeyFor,
  readFormBody,
  spamReason,
  TOO_MANY_MESSAGE,
  type FormGuardContext,
} from "./form-guard.server";

/** A context whose rate limit allows `allowed` hits per key, counting them like the database does. */
function contextFor(allowed = 100) {
  const hits = new Map<string, number>();
  const warnings: unknown[] = [];
  const ctx: FormGuardContext = {
    clientIp: "203.0.113.5",
    services: {
      env: { RATE_LIMIT_FORMS_PER_MINUTE: allowed },
      async rateLimit(key, limit) {
        const count = (hits.get(key) ?? 0) + 1;
        hits.set(key, count);
        return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfter: 42 };
      },
      logger: { warn: (...args: unknown[]) => void warnings.push(args) } as FormGuardContext["services"]["logger"],
    },
  };
  return { ctx, hits, warnings };
}

const post = (body: string, type?: string) =>
  new Request("http://test.local/form", {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
  });

describe("readFormBody", () => {
  it("reads JSON and form bodies by their content type, only the accepted kinds", async () => {
    expect(await readFormBody(post('{"a":1}', "application/json"), ["json"])).toEqual({
      type: "json",
      value: { a: 1 },
    });
    const form = await readFormBody(post("a=1&b=2", "application/x-www-form-urlencoded"), ["json", "form"]);
    expect(form?.type === "form" && form.value.get("b")).toBe("2");
    expect(await readFormBody(post("a=1", "application/x-www-form-urlencoded"), ["json"])).toBeNull();
    expect(await readFormBody(post('{"a":1}', "text/plain"), ["json", "form"])).toBeNull();
    expect(await readFormBody(post('{"a":1}'), ["json"])).toBeNull();
  });

  it("turns a malformed body into null instead of an exception", async () => {
    expect(await readFormBody(post('{"a":', "application/json"), ["json"])).toBeNull();
    expect(await readFormBody(post("garbage", "multipart/form-data"), ["form"])).toBeNull();
  });
});

describe("spamReason", () => {
  it("trips on a filled honeypot, in JSON or a form", () => {
    expect(spamReason({ website: "https://spam.example" })).toBe("honeypot");
    const form = new FormData();
    form.set("website", "x");
    expect(spamReason(form)).toBe("honeypot");
    expect(spamReason({ website: "   " })).toBeNull();
  });

  it("trips on a form sent faster than a person can fill it, and skips the check without a time", () => {
    expect(spamReason({ elapsedMs: 300 })).toBe("too-fast");
    expect(spamReason({ elapsedMs: "999" })).toBe("too-fast");
    expect(spamReason({ elapsedMs: -5 })).toBe("too-fast");
    // A person whose browser fills in the name and phone sends in a second or two.
    expect(spamReason({ elapsedMs: 1_000 })).toBeNull();
    expect(spamReason({ elapsedMs: "1500" })).toBeNull();
    expect(spamReason({ elapsedMs: "30000" })).toBeNull();
    // No JavaScript, no measured time: nothing to judge.
    expect(spamReason({})).toBeNull();
    expect(spamReason({ elapsedMs: "" })).toBeNull();
    expect(spamReason({ elapsedMs: "NaN" })).toBeNull();
    expect(spamReason(null)).toBeNull();
    expect(spamReason([1, 2])).toBeNull();
  });
});

describe("guardForm", () => {
  it("passes a good submission through with its body", async () => {
    const { ctx } = contextFor();
    const result = await guardForm(post('{"elapsedMs":9000}', "application/json"), ctx, {
      form: "intake",
      accept: ["json"],
    });
    expect(result).toEqual({ ok: true, body: { type: "json", value: { elapsedMs: 9000 } } });
  });

  it("holds a too-fast submission for review where the form asks, and refuses it elsewhere", async () => {
    const { ctx } = contextFor();
    const fast = () => post('{"elapsedMs":300}', "application/json");
    expect(await guardForm(fast(), ctx, { form: "event", accept: ["json"], holdTooFast: true })).toEqual({
      ok: true,
      body: { type: "json", value: { elapsedMs: 300 } },
      held: "too-fast",
    });
    expect(await guardForm(fast(), ctx, { form: "admin-login", accept: ["json"] })).toEqual({
      ok: false,
      problem: "spam",
      reason: "too-fast",
    });
    // A filled honeypot is a bot's, even where too-fast ones are held.
    const bot = post('{"elapsedMs":300,"website":"x"}', "application/json");
    expect(await guardForm(bot, ctx, { form: "event", accept: ["json"], holdTooFast: true })).toMatchObject({
      ok: false,
      problem: "spam",
      reason: "honeypot",
    });
  });

  it("answers a bad body before counting it", async () => {
    const { ctx, hits } = contextFor();
    const result = await guardForm(post("{", "application/json"), ctx, { form: "intake", accept: ["json"] });
    expect(result).toEqual({ ok: false, problem: "bad-body", status: 400 });
    expect(hits.size).toBe(0);
  });

  it("limits per address and form, with Retry-After", async () => {
    const { ctx, hits } = contextFor(2);
    const send = (form: string) =>
      guardForm(post("email=a%40b.c", "application/x-www-form-urlencoded"), ctx, { form, accept: ["form"] });
    expect((await send("newsletter")).ok).toBe(true);
    expect((await send("newsletter")).ok).toBe(true);
    expect(await send("newsletter")).toEqual({
      ok: false,
      problem: "rate-limited",
      status: 429,
      message: TOO_MANY_MESSAGE,
      headers: { "Retry-After": "42" },
    });
    // Another form has its own counter.
    expect((await send("event")).ok).toBe(true);
    expect([...hits.keys()]).toEqual(["form:newsletter:203.0.113.5", "form:event:203.0.113.5"]);
  });

  it("reports spam without the reason reaching the visitor, and logs it", async () => {
    const { ctx, warnings } = contextFor();
    const result = await guardForm(post("website=x", "application/x-www-form-urlencoded"), ctx, {
      form: "newsletter",
      accept: ["form"],
    });
    expect(result).toEqual({ ok: false, problem: "spam", reason: "honeypot" });
    expect(warnings).toEqual([[{ form: "newsletter", reason: "honeypot" }, "rejected spam submission"]]);
  });
});

describe("guardInput", () => {
  it("rate-limits input that was read elsewhere (a link, a mapped form)", async () => {
    const { ctx } = contextFor(1);
    expect(await guardInput(ctx, "portal", null)).toEqual({ ok: true, body: null });
    expect(await guardInput(ctx, "portal", null)).toMatchObject({ ok: false, problem: "rate-limited" });
  });
});

describe("idempotencyKeyFor", () => {
  it("keeps the client's key, else derives one from the content and the day", () => {
    const day = new Date("2026-11-22T10:00:00Z");
    expect(idempotencyKeyFor("abc-123", ["x"], day)).toBe("abc-123");
    const key = idempotencyKeyFor(undefined, ["Eva", "123"], day);
    expect(key).toMatch(/^form:[0-9a-f]{64}$/);
    expect(idempotencyKeyFor(undefined, ["Eva", "123"], new Date("2026-11-22T23:59:00Z"))).toBe(key);
    expect(idempotencyKeyFor(undefined, ["Eva", "123"], new Date("2026-11-23T00:01:00Z"))).not.toBe(key);
    expect(idempotencyKeyFor(undefined, ["Eva", "124"], day)).not.toBe(key);
  });
});
