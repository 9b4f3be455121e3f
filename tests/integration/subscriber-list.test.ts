import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "#db/schema";
import type { RequestContext } from "~/context";
import { exportCsv } from "~/features/reports/exports.server";
import { countAudience } from "~/features/newsletter/sending.server";
import { ensureTags, setTag } from "~/features/newsletter/tags.server";
import { subscribe } from "~/features/newsletter/subscribe.server";
import { SUBSCRIBER_STATES, type SubscriberFilter } from "~/features/newsletter/subscriber-filters";
import { action as listAction, loader as listLoader } from "~/routes/admin-subscribers";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { withTestServices } from "../support/services";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * The Subscribers screen: its totals, its CSV and an issue's audience count the same people for
 * every filter, a suppressed address shows why and since when, and lifting it needs a note.
 */
const SITE = "https://coach.example";
const services = withTestServices("pglite", () => ({ SITE_URL: SITE }));
const context = (): RequestContext => ({ services: services(), cspNonce: "test", clientIp: "203.0.113.7" });
const db = () => services().database.db;

let jar: Jar;
let tagId = "";

async function seed() {
  ({ jar } = await enrolledTrainer(context(), SITE, "list-trainer@example.com"));
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
  const refused = { suppressedAt: at(50), suppressedReason: "550 5.1.1 mailbox unknown" };
  const rows = await db()
    .insert(newsletterSubscribers)
    .values([
      { email: "ann@example.com", name: "Ann Smit", source: "footer", status: "confirmed", createdAt: at(1) },
      { email: "abe@example.com", source: "footer", status: "confirmed", createdAt: at(2) },
      { email: "bob@example.com", source: "/blog/hills", status: "confirmed", createdAt: at(3) },
      { email: "amy@example.com", source: "/blog/hills", status: "pending", createdAt: at(4) },
      { email: "al@example.com", source: "footer", status: "unsubscribed", unsubscribedAt: at(5), createdAt: at(5) },
      { email: "cy@example.com", source: "footer", status: "confirmed", createdAt: at(6), ...refused },
      { email: "ada@example.com", source: "/blog/hills", status: "confirmed", createdAt: at(7), ...refused },
      { email: "dee@example.com", source: "/blog/hills", status: "pending", createdAt: at(8), ...refused },
      // Unsubscribed says more than suppressed: she left.
      { email: "eve@example.com", source: "footer", status: "unsubscribed", createdAt: at(9), ...refused },
    ])
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  tagId = [...(await ensureTags(db(), ["Triathletes"])).values()][0]!;
  const tagged = ["ann@example.com", "bob@example.com", "ada@example.com", "amy@example.com", "al@example.com"];
  await setTag(
    db(),
    rows.filter((r) => tagged.includes(r.email)).map((r) => r.id),
    tagId,
    true,
  );
}

const get = (query: string) => jar.request(`/admin/subscribers${query}`, { method: "GET" });

async function listOf(query: string) {
  return (await callRoute(listLoader, context(), get(query), SIGNED_IN)).data;
}

async function csvOf(filter: SubscriberFilter): Promise<Record<string, string>[]> {
  const text = await new Response(exportCsv(db(), "subscribers", {}, filter)).text();
  return parse(text.replace(/^\uFEFF/, ""), { columns: true, delimiter: ";" }) as Record<string, string>[];
}

describe("the subscriber list", () => {
  it("counts the same people as its CSV and an issue's audience, for every filter", async () => {
    await seed();
    let combinations = 0;
    for (const state of [undefined, ...SUBSCRIBER_STATES])
      for (const source of [undefined, "footer", "/blog/hills"])
        for (const tag of [undefined, tagId])
          for (const q of [undefined, "a"]) {
            const filter: SubscriberFilter = {
              ...(q ? { q } : {}),
              ...(state ? { state } : {}),
              ...(source ? { sources: [source] } : {}),
              ...(tag ? { tags: [tag] } : {}),
            };
            const params = new URLSearchParams({
              ...(q ? { q } : {}),
              ...(state ? { state } : {}),
              ...(source ? { source } : {}),
              ...(tag ? { tag } : {}),
            });
            const list = await listOf(`?${params}`);
            const csv = await csvOf(filter);
            const label = params.toString();
            expect(csv.length, label).toBe(list.counts.total);
            expect(list.rows.length, label).toBe(list.counts.total);
            for (const s of SUBSCRIBER_STATES)
              expect(csv.filter((r) => r.State === s).length, `${label} ${s}`).toBe(
                state && state !== s ? 0 : list.counts.byState[s],
              );
            if (!q && !state)
              expect(
                await countAudience(db(), { segmentSources: source ? [source] : [], segmentTags: tag ? [tag] : [] }),
                label,
              ).toBe(list.counts.byState.confirmed);
            combinations++;
          }
    expect(combinations).toBe(60);
    // The numbers, checked by hand once: ann, abe and bob are confirmed and deliverable.
    const all = await listOf("");
    expect(all.counts.byState).toEqual({ confirmed: 3, pending: 1, suppressed: 3, unsubscribed: 2 });
    expect(await countAudience(db())).toBe(3);
  });

  it("shows a suppressed address with its reason and date, and lifts it only with a note, which is kept", async () => {
    const list = await listOf("?state=suppressed&q=cy");
    const [card] = list.rows;
    expect(card).toMatchObject({
      email: "cy@example.com",
      state: "suppressed",
      suppressedReason: "550 5.1.1 mailbox unknown",
    });
    expect(card!.suppressedAt).toBe(new Date(Date.UTC(2026, 10, 1, 9, 50)).toISOString());
    const before = await countAudience(db());

    const lift = (note: string) => {
      const body = new FormData();
      body.set("intent", "lift");
      body.set("id", card!.id);
      body.set("note", note);
      return callRoute(listAction, context(), jar.request("/admin/subscribers?state=suppressed", { body }), SIGNED_IN);
    };
    const refused = (await lift("  ")) as unknown as { data: { errors: Record<string, string> }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.note).toMatch(/note is kept/);
    expect(await countAudience(db())).toBe(before);

    const done = await lift("She fixed her mailbox and asked by phone").catch((e: unknown) => e);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe("/admin/subscribers?state=suppressed&done=lifted");
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "cy@example.com"));
    expect(row).toMatchObject({
      suppressedAt: null,
      suppressionLiftedReason: "550 5.1.1 mailbox unknown",
      suppressionLiftNote: "She fixed her mailbox and asked by phone",
    });
    expect(await countAudience(db())).toBe(before + 1);
    const csv = await csvOf({ q: "cy" });
    expect(csv[0]).toMatchObject({ State: "confirmed", "Lift note": "She fixed her mailbox and asked by phone" });
  });

  it("tags the people she ticks, takes the tag off again, and tags new sign-ups from a chosen source on their own", async () => {
    const post = async (fields: [string, string][]) => {
      const body = new FormData();
      for (const [k, v] of fields) body.append(k, v);
      return callRoute(listAction, context(), jar.request("/admin/subscribers", { body }), SIGNED_IN).catch(
        (e: unknown) => e,
      );
    };
    const ids = (await listOf("?q=ab")).rows.map((r) => r.id).concat((await listOf("?q=bob")).rows.map((r) => r.id));
    const tagged = await post([
      ["intent", "tag"],
      ["tag", " Past   clients "],
      ...ids.map((id): [string, string] => ["ids", id]),
    ]);
    expect((tagged as Response).headers.get("location")).toBe("/admin/subscribers?done=tagged");
    const tag = (await listOf("")).tags.find((t) => t.name === "Past clients")!;
    expect((await listOf(`?tag=${tag.id}`)).rows.map((r) => r.email).sort()).toEqual([
      "abe@example.com",
      "bob@example.com",
    ]);
    // Each card names its tags (with any it had before).
    for (const row of (await listOf(`?tag=${tag.id}`)).rows) expect(row.tags).toContain("Past clients");
    expect(await countAudience(db(), { segmentSources: [], segmentTags: [tag.id] })).toBe(2);
    await post([
      ["intent", "untag"],
      ["tag", "past clients"],
      ["ids", ids[0]!],
    ]);
    expect((await listOf(`?tag=${tag.id}`)).counts.total).toBe(1);
    const none = (await post([
      ["intent", "tag"],
      ["tag", "x"],
    ])) as { data: { errors: Record<string, string> } };
    expect(none.data.errors.ids).toMatch(/Tick the people/);

    await post([
      ["intent", "auto-tag"],
      ["tagId", tag.id],
      ["sources", "/blog/hills"],
    ]);
    await subscribe(services(), { email: "hill.reader@example.com", source: "/blog/hills", variant: "in-article" });
    await subscribe(services(), { email: "footer.reader@example.com", source: "footer", variant: "footer" });
    const withTag = (await listOf(`?tag=${tag.id}`)).rows.map((r) => r.email);
    expect(withTag).toContain("hill.reader@example.com");
    expect(withTag).not.toContain("footer.reader@example.com");
  });
});
