import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { orders, signups } from "#db/schema";
import type { AppServices } from "~/context";
import { weeklyStats } from "~/features/reports/data.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { startBuiltSite } from "../support/built-site";
import { untrustedScripts } from "../support/script-trust";
import { enrolledTrainer, totp, TRAINER_PASSWORD } from "../support/trainer";

/**
 * Issue 13's findings, checked through the real server: the production build behind the
 * Express app, on a real port, with services in this process so a trainer can be enrolled.
 */

let services: AppServices;
let close: (() => Promise<void>) | undefined;
let site = "";

beforeAll(async () => {
  ({ services, site, close } = await startBuiltSite("hardening"));
});

afterAll(async () => {
  await close?.();
});

/** A browser's cookie jar over real HTTP. */
class Browser {
  private cookies = new Map<string, string>();
  async fetch(pathname: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", site);
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(`${site}${pathname}`, { ...init, headers, body, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

describe("finding 1: no open redirect after sign-in", () => {
  const EVIL = ["/\t/evil.example/", "//evil.example/", "/\\evil.example", "https://evil.example/admin"];

  it("sends a signed-in trainer only to back-office paths, and never answers 500", async () => {
    const ctx = { services, cspNonce: "test", clientIp: "203.0.113.20" };
    const { email, secret } = await enrolledTrainer(ctx, site, "redirect-trainer@example.com");
    const browser = new Browser();

    // Password step with a hostile target: the verify page carries only the safe one on.
    const signIn = await browser.fetch("/admin/login", {
      method: "POST",
      form: { email, password: TRAINER_PASSWORD, redirectTo: "/\t/evil.example/" },
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/admin/verify?redirectTo=%2Fadmin");

    // Second factor with a hostile target: back to the back office.
    const verified = await browser.fetch("/admin/verify", {
      method: "POST",
      form: { method: "totp", code: totp(secret), redirectTo: "/\t/evil.example/" },
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/admin");

    // Already signed in: the login page forwards at once, to a safe place only.
    for (const target of [...EVIL, "/%09/evil.example/", "/admin\r\nSet-Cookie: x=1", "/\n/evil.example"]) {
      const res = await browser.fetch(`/admin/login?redirectTo=${encodeURIComponent(target)}`);
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.get("location"), JSON.stringify(target)).toBe("/admin");
    }
    const kept = await browser.fetch(`/admin/login?redirectTo=${encodeURIComponent("/admin/orders?page=2")}`);
    expect(kept.headers.get("location")).toBe("/admin/orders?page=2");
  });
});

describe("findings 2 and 9: control characters and the e-mail rule at the forms", () => {
  const intake = (contact: Record<string, string>) => ({
    answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
    contact: { firstName: "Anna", lastName: "Jansen", email: "anna@example.com", phone: "+31 6 1234 5678", ...contact },
    elapsedMs: 30_000,
  });
  const post = (body: unknown) =>
    fetch(`${site}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  const stored = async () => (await services.database.db.select({ n: count() }).from(signups))[0]?.n ?? 0;

  it("refuses a NUL in a name with a clear 400 instead of acknowledging what cannot be stored", async () => {
    const before = await stored();
    const res = await post(intake({ firstName: "Nul\u0000Byte" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: "invalid",
      errors: { "contact.firstName": "Please remove invisible control characters from this field" },
    });
    expect(await services.outbox.size()).toBe(0);
    expect(await stored()).toBe(before);
  });

  it("keeps line breaks in the message", async () => {
    const res = await post(intake({ message: "Hello,\r\n\tsee you soon" }));
    expect(res.status).toBe(200);
  });

  it("refuses formula and look-alike addresses and keeps international ones", async () => {
    for (const email of ["=cmd|'/Ccalc'!A05@example.com", "me@pаypal.com"]) {
      const res = await post(intake({ email }));
      expect(res.status, email).toBe(400);
      expect(await res.json()).toMatchObject({ errors: { "contact.email": "Please enter a valid email address" } });
    }
    expect((await post(intake({ email: "josé@exämple.de" }))).status).toBe(200);
    expect((await post(intake({ email: "почта@пример.рф" }))).status).toBe(200);
  });
});

describe("issue 48, finding 4: no bidi or zero-width characters in what a visitor's request stores", () => {
  it("stores the carried source, the names and the phone without them, so no label is spoofed", async () => {
    // "moc.elgoog" behind a right-to-left override reads "google.com"; a word joiner hides in the campaign.
    const via = encodeURIComponent("s=\u202Emoc.elgoog\u202C&c=spr\u2060ing&p=/\u200Fpricing&d=2026-11-28");
    const res = await fetch(`${site}/api/intake`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Referer: `${site}/start?via=${via}` },
      body: JSON.stringify({
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        // A phone number copied from a phone's contacts comes wrapped in left-to-right embedding marks.
        contact: {
          firstName: "Anna\u202E",
          lastName: "\u200BJansen",
          email: "anna.bidi@example.com",
          phone: "\u202A+31 6 1234 5678\u202C",
          message: "Hallo \u2067there\u2069 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}",
        },
        elapsedMs: 30_000,
      }),
    });
    expect(res.status).toBe(200);
    const { leadId } = (await res.json()) as { leadId: string };
    const [lead] = await services.database.db.select().from(signups).where(eq(signups.id, leadId));
    expect(lead?.firstTouch).toMatchObject({ utmSource: "moc.elgoog", utmCampaign: "spring", landingPath: "/pricing" });
    expect(lead).toMatchObject({ firstName: "Anna", lastName: "Jansen" });
    expect(lead?.phone).not.toMatch(/[\u202A-\u202E]/);
    // Typed text keeps the joiners an emoji (or a Persian word) needs.
    expect(lead?.message).toBe("Hallo there \u{1F468}\u200D\u{1F469}\u200D\u{1F467}");
  });

  it("shows a source stored before the characters were stripped without them on the dashboard's count", async () => {
    await services.database.db.insert(signups).values({
      formName: FORM_NAMES.intake,
      email: "stored.before@example.com",
      firstTouch: { utmSource: "\u202Emoc.elgoog\u202C", landingPath: "/", firstSeen: "2026-11-01" },
    });
    const { sources } = await weeklyStats(services.database.db);
    const names = sources.map((entry) => entry.source);
    expect(names).toContain("moc.elgoog");
    expect(names.filter((name) => /[\u202A-\u202E]/.test(name))).toEqual([]);
  });
});

describe("finding 4: a strict CSP and no nonce in shared caches", () => {
  it("trusts scripts by nonce or hash and 'strict-dynamic', not by host", async () => {
    const res = await fetch(`${site}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    // The page cache's pages name their inline scripts' hashes (decision 074); others carry a nonce.
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'|'sha256-[A-Za-z0-9+/]+='/);
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toMatch(/https?:|googletagmanager|calendly/);
  });

  it("lets no shared cache keep a page that carries a nonce", async () => {
    for (const target of ["/blog", "/blog?category=Running", "/", "/pricing", "/start"]) {
      const res = await fetch(`${site}${target}`);
      expect(res.headers.get("content-type"), target).toContain("text/html");
      // A page from the page cache carries none (decision 074) and is kept privately all the same.
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      if (nonce) expect(await res.text(), target).toContain(`nonce="${nonce}"`);
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect(cacheControl, target).toMatch(/private|no-store/);
      expect(cacheControl, target).not.toMatch(/public|s-maxage/);
    }
  });

  it("trusts the application's own scripts and preloads, by this answer's nonce or their hashes", async () => {
    for (const headers of [{}, { Cookie: "mjc.session_token=not-a-session" }] as Record<string, string>[]) {
      // With a cookie the page cache does not know, the page is rendered for the request, with a nonce.
      const res = await fetch(`${site}/blog/optimize-running-cadence`, { headers });
      const html = await res.text();
      expect((html.match(/<script[^>]*>/g) ?? []).length).toBeGreaterThan(0);
      expect(untrustedScripts(res.headers.get("content-security-policy") ?? "", html)).toEqual([]);
    }
  });
});

describe("finding 5: checkout requests only as JSON or a same-origin form", () => {
  const plan = { priceId: "elite:onetime", planName: "Elite", billingType: "onetime", frequency: "1" };
  const orderCount = async () => (await services.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

  it("refuses JSON sent as text/plain or without a content type (415), creating no order", async () => {
    const before = await orderCount();
    const plain = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(plan),
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ message: "Send the checkout request as JSON (application/json)" });
    const none = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      body: new Blob([JSON.stringify(plan)]),
    });
    expect(none.status).toBe(415);
    expect(await orderCount()).toBe(before);
  });

  it("takes the plain form only from the site's own pages", async () => {
    const form = new URLSearchParams({ priceId: "elite:onetime" }).toString();
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const before = await orderCount();
    const foreign = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers: { ...headers, Origin: "https://evil.example" },
      body: form,
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    const anonymous = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers,
      body: form,
      redirect: "manual",
    });
    expect(anonymous.status).toBe(403);
    expect(await orderCount()).toBe(before);
    const own = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers: { ...headers, Origin: site },
      body: form,
      redirect: "manual",
    });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toMatch(/\/checkout\/test\/cs_test_local_/);
    const json = await fetch(`${site}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(plan),
    });
    expect(json.status).toBe(200);
    expect(await orderCount()).toBe(before + 2);
  });
});

describe("a request without a Host header", () => {
  it("is refused with 400, not answered 500", async () => {
    const { port, hostname } = new URL(site);
    // HTTP/1.0 allows leaving Host out (HTTP/1.1 requests without one Node refuses by itself).
    const answer = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(Number(port), hostname, () => socket.write("GET / HTTP/1.0\r\n\r\n"));
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(answer).toContain("Host");
  });
});
