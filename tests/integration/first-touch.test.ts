import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { signups } from "#db/schema";

/**
 * The first-party source through the production build's HTTP answers. A visitor who accepted
 * analytics lands from a campaign link, reads three pages (no UTM parameters any more), then sends
 * the intake; the lead carries the landing's UTM parameters, referring host and page; the cookie is
 * set once and never overwritten. A visitor who made no choice gets no cookie at all, and their lead
 * is credited with the page the form was sent from.
 */
describe("first touch through the server", () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await startBuiltSite("coach-first-touch");
  }, 120_000);
  afterAll(() => site?.close());

  async function readLead(id: string) {
    const [lead] = await site.services.database.db.select().from(signups).where(eq(signups.id, id));
    return lead;
  }

  it("stores the landing URL's UTM parameters with a lead submitted three pages later", async () => {
    const jar = new Map<string, string>([["cookie_consent", "accepted"]]);
    const get = async (path: string, referer?: string) => {
      const res = await fetch(`${site.site}${path}`, {
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(referer ? { referer } : {}),
        },
        redirect: "manual",
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const index = pair!.indexOf("=");
        jar.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      await res.arrayBuffer();
      return res;
    };

    const landing = await get(
      "/blog?utm_source=instagram&utm_medium=social&utm_campaign=spring-run&utm_content=story-2",
      "https://l.instagram.com/redirect?u=secret",
    );
    expect(landing.status).toBe(200);
    const cookie = landing.headers.getSetCookie().find((c) => c.startsWith("first_touch="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Three more pages, one of them with other UTM parameters: the first touch stays.
    for (const path of ["/services", "/pricing?utm_source=google", "/start"]) {
      const res = await get(path, `${site.site}/blog`);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("first_touch="))).toBe(false);
    }

    const submitted = await fetch(`${site.site}/api/intake`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify({
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: { firstName: "Uma", lastName: "Utm", email: "uma@example.com", phone: "+31612345678", message: "" },
        idempotencyKey: "first-touch-test-0001",
        elapsedMs: 30_000,
        website: "",
      }),
    });
    const outcome = (await submitted.json()) as { status: string; leadId: string };
    expect(submitted.status, JSON.stringify(outcome)).toBe(200);

    const lead = await readLead(outcome.leadId);
    expect(lead?.firstTouch).toEqual({
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "spring-run",
      utmContent: "story-2",
      referrer: "l.instagram.com",
      landingPath: "/blog",
      firstSeen: new Date().toISOString().slice(0, 10),
    });
  });

  const intake = (headers: Record<string, string>, key: string) =>
    fetch(`${site.site}/api/intake`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify({
        answers: { 1: "getting-fit", 2: "moderately", 4: "female", 5: "25-30" },
        contact: {
          firstName: "Nia",
          lastName: "Noconsent",
          email: `${key}@example.com`,
          phone: "+31612345678",
          message: "",
        },
        idempotencyKey: key,
        elapsedMs: 30_000,
        website: "",
      }),
    });

  it("without consent sets no cookie, and credits a lead with the page its form was sent from", async () => {
    for (const path of ["/?utm_source=instagram", "/blog", "/start?utm_source=instagram&utm_medium=story"]) {
      const res = await fetch(`${site.site}${path}`, { headers: { referer: "https://l.instagram.com/" } });
      await res.arrayBuffer();
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
    const rejected = await fetch(`${site.site}/blog?utm_source=x`, { headers: { cookie: "cookie_consent=rejected" } });
    await rejected.arrayBuffer();
    expect(rejected.headers.getSetCookie()).toEqual([]);

    const submitted = await intake(
      { referer: `${site.site}/start?utm_source=instagram&utm_medium=story` },
      "first-touch-test-0002",
    );
    const outcome = (await submitted.json()) as { leadId: string };
    expect(submitted.status).toBe(200);
    expect(submitted.headers.getSetCookie()).toEqual([]);
    const lead = await readLead(outcome.leadId);
    expect(lead?.firstTouch).toEqual({
      utmSource: "instagram",
      utmMedium: "story",
      landingPath: "/start",
      firstSeen: new Date().toISOString().slice(0, 10),
    });
  });

  it("without consent, a campaign landing's source travels in the site's own links to a lead sent later", async () => {
    const carried = (html: string) => {
      const literal = /var V=("[^"]*")/.exec(html)?.[1];
      return literal ? (JSON.parse(literal) as string) : null;
    };
    const landing = await fetch(`${site.site}/?utm_source=facebook&utm_campaign=spring`);
    const via = carried(await landing.text());
    expect(via).not.toBeNull();
    expect(landing.headers.getSetCookie()).toEqual([]);
    // It depends on how the visitor arrived, so the browser keeps no copy to revalidate.
    expect(landing.headers.get("etag")).toBeNull();
    const post = await fetch(`${site.site}/blog?via=${encodeURIComponent(via!)}`, {
      headers: { referer: `${site.site}/` },
    });
    expect(carried(await post.text())).toBe(via);
    const direct = await fetch(`${site.site}/blog`, { headers: { referer: `${site.site}/` } });
    expect(carried(await direct.text())).toBeNull();

    const submitted = await intake(
      { referer: `${site.site}/start?via=${encodeURIComponent(via!)}` },
      "first-touch-test-0003",
    );
    expect(submitted.status).toBe(200);
    const lead = await readLead(((await submitted.json()) as { leadId: string }).leadId);
    expect(lead?.firstTouch).toEqual({
      utmSource: "facebook",
      utmCampaign: "spring",
      landingPath: "/",
      firstSeen: new Date().toISOString().slice(0, 10),
    });
  });

  it("the cookie choice endpoint keeps a first touch only after Accept and removes it otherwise", async () => {
    const choose = (cookie: string, body: unknown) =>
      fetch(`${site.site}/api/first-touch`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: site.site },
        body: JSON.stringify(body),
      });
    const accepted = await choose("cookie_consent=accepted", {
      page: "/pricing?utm_source=newsletter",
      referrer: "https://mail.example.com/inbox",
    });
    expect(accepted.status).toBe(204);
    const set = accepted.headers.getSetCookie().find((c) => c.startsWith("first_touch="));
    expect(set).toMatch(/HttpOnly/i);
    const value = set!.split(";")[0]!.slice("first_touch=".length);
    expect(decodeURIComponent(decodeURIComponent(value))).toBe(
      "s=newsletter&r=mail.example.com&p=/pricing&d=" + new Date().toISOString().slice(0, 10),
    );

    // An existing first touch stays the first.
    const again = await choose(`cookie_consent=accepted; first_touch=${value}`, { page: "/blog?utm_source=other" });
    expect(again.headers.getSetCookie()).toEqual([]);

    const refused = await choose(`cookie_consent=rejected; first_touch=${value}`, { page: "/" });
    expect(refused.status).toBe(204);
    expect(refused.headers.getSetCookie().find((c) => c.startsWith("first_touch="))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );

    const foreign = await choose("cookie_consent=accepted", { page: "https://evil.example/x" });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.getSetCookie()).toEqual([]);
  });
});
