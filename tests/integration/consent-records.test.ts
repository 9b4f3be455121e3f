import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { newsletterSubscribers } from "#db/schema";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { recordConsent, type ConsentCapture } from "~/infra/consent.server";
import { exportCsv } from "~/features/reports/exports.server";
import { leadTimeline } from "~/features/reports/timeline.server";
import { consentTexts } from "#content/consent";

const capture = (over: Partial<ConsentCapture>): ConsentCapture => ({
  form: "intake",
  page: "/start",
  textVersion: "intake-2026-11-23",
  network: "203.0.113.0/24",
  userAgent: "Test browser",
  at: new Date(Date.now() - 30_000).toISOString(),
  ...over,
});

async function csvText(stream: ReadableStream<Uint8Array>): Promise<string[][]> {
  const text = await new Response(stream).text();
  // No field in these fixtures holds a semicolon, quote or line break.
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(";"));
}

/** What the trainer sees of the proof of consent: per lead and in the CSV exports. */
describe.each(engines)("consent records in the back office on %s", (engine: Engine) => {
  let database: TestDatabase;
  let leadId = "";
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    leadId = leadIdFor("consent-bo-lead");
    await writeLead(database.db, "intake", {
      id: leadId,
      idempotencyKey: "consent-bo-lead",
      firstName: "Noor",
      lastName: "Proof",
      email: "noor@example.nl",
      phone: "+31 6 1234 9876",
      answers: { q1: "weight-loss" },
      message: null,
      sourceUrl: "https://coach.example/start",
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      consent: capture({}),
    });
    const [subscriber] = await database.db
      .insert(newsletterSubscribers)
      .values({ email: "noor@example.nl", source: "footer", status: "confirmed", confirmedAt: new Date() })
      .returning({ id: newsletterSubscribers.id });
    const subscriberId = subscriber?.id ?? "";
    await recordConsent(
      database.db,
      { subscriberId },
      "signup",
      capture({ form: "newsletter-footer", page: "/pricing", textVersion: "newsletter-2026-11-23" }),
    );
    await recordConsent(
      database.db,
      { subscriberId },
      "confirmation",
      capture({
        form: "newsletter-confirmation",
        page: "/newsletter/confirm",
        textVersion: "newsletter-2026-11-23",
        network: "2001:db8:77::/48",
        userAgent: "Mail app",
        at: new Date().toISOString(),
      }),
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it("shows the lead's own record and their newsletter records, with the exact wording", async () => {
    const timeline = await leadTimeline(database.db, leadId);
    expect(timeline?.consents.map((c) => [c.action, c.form])).toEqual([
      ["signup", "intake"],
      ["signup", "newsletter-footer"],
      ["confirmation", "newsletter-confirmation"],
    ]);
    expect(timeline?.consents[0]).toMatchObject({
      page: "/start",
      textVersion: "intake-2026-11-23",
      text: consentTexts["intake-2026-11-23"].text,
      network: "203.0.113.0/24",
      userAgent: "Test browser",
    });
  });

  it("puts the latest consent (and the confirmation) into the lead and subscriber CSVs", async () => {
    const leads = await csvText(exportCsv(database.db, "leads", {}));
    const leadHeader = leads[0] ?? [];
    const leadRow = leads.find((r) => r.includes("noor@example.nl")) ?? [];
    const cell = (header: string[], row: string[], name: string) => row[header.indexOf(name)];
    expect(cell(leadHeader, leadRow, "Consent form")).toBe("intake");
    expect(cell(leadHeader, leadRow, "Consent text version")).toBe("intake-2026-11-23");
    expect(cell(leadHeader, leadRow, "Consent network")).toBe("203.0.113.0/24");
    expect(cell(leadHeader, leadRow, "Consent browser")).toBe("Test browser");
    // Times as the trainer reads them: Amsterdam, with the offset.
    expect(cell(leadHeader, leadRow, "Consent given")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0[12]:00$/);

    const subs = await csvText(exportCsv(database.db, "subscribers", {}));
    const subHeader = subs[0] ?? [];
    const subRow = subs.find((r) => r.includes("noor@example.nl")) ?? [];
    expect(cell(subHeader, subRow, "Consent form")).toBe("newsletter-footer");
    expect(cell(subHeader, subRow, "Consent page")).toBe("/pricing");
    expect(cell(subHeader, subRow, "Confirmation network")).toBe("2001:db8:77::/48");
    expect(cell(subHeader, subRow, "Confirmation browser")).toBe("Mail app");
  });
});
