import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createLogger } from "~/infra/logger.server";
import { auditLog } from "#db/schema";
import { site as seedSite } from "#content/site";
import {
  currentFaq,
  currentSite,
  currentTestimonials,
  publishedContactEmail,
} from "~/features/site/site-content.server";
import { confirmationMessage } from "~/features/newsletter/subscribe.server";
import {
  moveListItem,
  restoreSiteContent,
  saveListItem,
  saveSiteFacts,
  setListItemHidden,
} from "~/features/site/site-content-admin.server";
import { siteFactsOf, type TestimonialList } from "~/features/site/site-content-schemas";
import { createPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";
import { migratedDataDir } from "../support/data-dir";

const trainer = { userId: "trainer-site", ip: "203.0.113.7" };

describe.each(engines)("testimonials, FAQ and site facts on %s", (engine) => {
  let services: AppServices;
  let dataDir: string;
  let databaseUrl: string | undefined;

  const start = async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: "https://coach.example",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    return createServices(env, { logger: createLogger("silent"), startOutbox: false, startBackups: false });
  };

  beforeAll(async () => {
    dataDir = await migratedDataDir("coach-site-content-");
    databaseUrl = engine === "postgres" ? await createPostgresDatabase() : undefined;
    services = await start();
  });
  afterAll(async () => {
    await services?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("refuses invalid site facts with a message per field that says why, and changes nothing", async () => {
    const before = await services.content.get("site", "main");
    const facts = siteFactsOf(await currentSite(services));
    const result = await saveSiteFacts(
      services,
      { ...facts, registrationNumber: "1234", vatNumber: "NL12345", bookingUrl: "http://cal.example/intake" },
      trainer,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      registrationNumber: "A KvK number is 8 digits, e.g. 87654321.",
      vatNumber: "A Dutch VAT number is NL, 9 digits, B and 2 digits, e.g. NL004587321B01.",
      bookingUrl: "The booking link must be a full web address starting with https://.",
    });
    const after = await services.content.get("site", "main");
    expect(after?.version).toBe(before?.version);
    expect((await currentSite(services)).registrationNumber).toBe(before?.live?.registrationNumber);
  });

  it("publishes valid facts at once, with who and what in the audit log, and a restore undoes them", async () => {
    const facts = siteFactsOf(await currentSite(services));
    const old = await services.content.get("site", "main");
    const saved = await saveSiteFacts(services, { ...facts, registrationNumber: "KvK 1122 3344" }, trainer);
    expect(saved.ok).toBe(true);
    expect((await currentSite(services)).registrationNumber).toBe("KvK 11223344");
    // The brand (name, description) is the seed's; only the facts come from the back office.
    expect((await currentSite(services)).name).toBe(seedSite.name);
    const saves = await services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content.saved"))
      .orderBy(desc(auditLog.createdAt));
    const entry = saves.find((row) => row.detail?.kind === "site");
    expect(entry).toMatchObject({ userId: trainer.userId, ip: trainer.ip });
    expect(entry?.detail).toMatchObject({ kind: "site", change: "Changed registrationNumber" });

    // The e-mails' unsubscribe-by-mail address follows the published contact address.
    await saveSiteFacts(services, { ...facts, contactEmail: "Coach@Example.NL" }, trainer);
    const contactEmail = await publishedContactEmail(services);
    expect(contactEmail).toBe("coach@example.nl");
    const mail = confirmationMessage(services, "reader@example.com", new Date(), contactEmail);
    expect(mail.headers?.["List-Unsubscribe"]).toContain("<mailto:coach@example.nl?subject=unsubscribe>");

    await restoreSiteContent(services, "site", old!.version, trainer);
    expect((await currentSite(services)).registrationNumber).toBe(old?.live?.registrationNumber);
  });

  it("adds, edits, moves and hides testimonials and questions; hidden ones stay in the list", async () => {
    const added = await saveListItem(
      services,
      "testimonials",
      { name: "Noor P.", programme: "Get Fit", date: "2026-01-10", rating: 5, text: "Stronger every week." },
      trainer,
    );
    expect(added.ok).toBe(true);
    const visible = await currentTestimonials(services);
    expect(visible.at(-1)).toMatchObject({ name: "Noor P.", text: "Stronger every week." });
    const noor = visible.at(-1)!;

    await moveListItem(services, "testimonials", noor.id, "up", trainer);
    const moved = await currentTestimonials(services);
    expect(moved.at(-2)?.id).toBe(noor.id);

    await setListItemHidden(services, "testimonials", noor.id, true, trainer);
    expect((await currentTestimonials(services)).map((t) => t.id)).not.toContain(noor.id);
    const list = (await services.content.get("testimonials", "main"))?.draft as TestimonialList;
    expect(list.items.find((t) => t.id === noor.id)?.hidden).toBe(true);

    const refused = await saveListItem(services, "testimonials", { id: noor.id, name: "", rating: 9 }, trainer);
    expect(refused).toMatchObject({
      ok: false,
      errors: { name: expect.stringMatching(/^Fill in/), rating: "Choose a rating from 1 to 5 stars." },
    });

    // An edit of an existing one keeps its place and its hidden flag.
    const edited = await saveListItem(
      services,
      "testimonials",
      { id: noor.id, name: "Noor P.", programme: "Get Fit", date: "2026-01-10", rating: 4, text: "Stronger still." },
      trainer,
    );
    expect(edited.ok).toBe(true);
    const afterEdit = (await services.content.get("testimonials", "main"))?.draft as TestimonialList;
    expect(afterEdit.items.find((t) => t.id === noor.id)).toMatchObject({ text: "Stronger still.", hidden: true });
    expect(afterEdit.items.map((t) => t.id)).toEqual(list.items.map((t) => t.id));

    const faq = await currentFaq(services);
    const second = (await services.content.get("faq", "main"))!.draft.items[1]!;
    await moveListItem(services, "faq", second.id, "up", trainer);
    expect((await currentFaq(services))[0]?.question).toBe(second.question);
    expect(await currentFaq(services)).toHaveLength(faq.length);
  });

  it("puts each list change in the audit log with who and what, and a restored version undoes it", async () => {
    const before = await services.content.get("faq", "main");
    const first = before!.draft.items[0]!;
    await setListItemHidden(services, "faq", first.id, true, trainer);
    expect((await currentFaq(services)).map((q) => q.question)).not.toContain(first.question);

    const entries = await services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, trainer.userId))
      .orderBy(desc(auditLog.createdAt));
    const changes = entries.filter((e) => e.detail?.kind === "faq" || e.detail?.kind === "testimonials");
    expect(changes.every((e) => e.ip === trainer.ip && e.createdAt instanceof Date)).toBe(true);
    expect(changes.map((e) => e.detail?.change)).toEqual(
      expect.arrayContaining([
        "Added Noor P.",
        expect.stringMatching(/^Moved Noor P\. up to place \d+$/),
        "Hid Noor P.",
        "Edited Noor P.",
        `Hid "${first.question.slice(0, 60)}"`,
      ]),
    );

    await restoreSiteContent(services, "faq", before!.version, trainer);
    expect((await currentFaq(services)).map((q) => q.question)).toContain(first.question);
    const restored = await services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "content.restored"))
      .orderBy(desc(auditLog.createdAt));
    expect(restored.find((e) => e.detail?.kind === "faq")).toMatchObject({ userId: trainer.userId });
  });

  it("seeds once: a second start keeps the trainer's edits", async () => {
    const beforeRestart = {
      site: await currentSite(services),
      testimonials: await currentTestimonials(services),
      faq: await currentFaq(services),
      versions: (await services.content.get("testimonials", "main"))?.version,
    };
    await saveSiteFacts(
      services,
      { ...siteFactsOf(beforeRestart.site), address: { city: "Amersfoort", country: "the Netherlands" } },
      trainer,
    );
    await services.close();
    services = await start();
    expect((await currentSite(services)).address.city).toBe("Amersfoort");
    expect(await currentTestimonials(services)).toEqual(beforeRestart.testimonials);
    expect(await currentFaq(services)).toEqual(beforeRestart.faq);
    expect((await services.content.get("testimonials", "main"))?.version).toBe(beforeRestart.versions);
  });
});
