import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#db/schema";
import { openDatabase } from "~/infra/db.server";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { issueMail } from "~/features/newsletter/issue-mail.server";
import { handleRelayWebhook } from "~/features/newsletter/relay-webhook.server";
import {
  countAudience,
  finishIssues,
  issueCounts,
  retryUndelivered,
  sendBatch,
  settleInterrupted,
  startIssue,
  startSendingWorker,
  undelivered,
  waitingDeliveries,
  type SendDeps,
} from "~/features/newsletter/sending.server";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { freePort } from "../support/server";

/**
 * The send job against a real SMTP server in its own process, which answers 451 or 550 for chosen
 * addresses and is killed (SIGKILL) in the middle of a send and started again: every address gets
 * exactly one copy, deferred ones once the server takes them again, refused ones are failed,
 * listed and suppressed; pending and unsubscribed addresses get nothing. Then: a process that
 * stops while the mail server has a message never sends it again on its own, and (on PostgreSQL)
 * two instances sending one issue never send an address twice.
 */
const logger = pino({ level: "silent" });
const SITE = "https://coach.example";
const root = path.resolve(import.meta.dirname, "../..");
const sender = {
  name: "Mila Jansen Coaching",
  contactEmail: "hello@coach.example",
  registrationNumber: "KvK 87654321",
  city: "Utrecht",
  country: "the Netherlands",
};

interface SmtpChild {
  port: number;
  record: string;
  process: ChildProcess;
}

async function startSmtp(port: number, record: string, env: Record<string, string> = {}): Promise<SmtpChild> {
  const child = spawn(process.execPath, [path.join(root, "tests/support/smtp-process.ts")], {
    env: { ...process.env, PORT: String(port), RECORD_FILE: record, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`SMTP process exited with ${code}`)));
  });
  return { port, record, process: child };
}

const received = (record: string): string[] =>
  readFileSync(record, "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => (JSON.parse(line) as { to: string[] }).to);

async function addSubscribers(database: TestDatabase, emails: string[], status: string, source = "footer") {
  for (let i = 0; i < emails.length; i += 500)
    await database.db.insert(newsletterSubscribers).values(
      emails.slice(i, i + 500).map((email) => ({
        email,
        source,
        status,
        confirmedAt: status === "confirmed" ? new Date() : null,
      })),
    );
}

async function newIssue(database: TestDatabase, slug: string, segmentSources: string[] = []) {
  const [issue] = await database.db
    .insert(newsletterIssues)
    .values({
      slug,
      subject: `Issue ${slug}`,
      preheader: "Tips for the month",
      body: "## Hello\n\nRun easy.",
      segmentSources,
    })
    .returning();
  return issue!;
}

function deps(database: Pick<TestDatabase, "db">, mailer: Mailer, instance = "test-1"): SendDeps {
  return {
    db: database.db,
    mailer,
    logger,
    instance,
    ratePerMinute: 0,
    backoffBaseMs: 20,
    compose: (issue, to) => issueMail(issue, to, { siteUrl: SITE, secret: "s".repeat(32), sender }),
  };
}

/** Sends until the issue is finished (every row final), as the worker's loop does. */
async function sendUntilDone(d: SendDeps, issueId: string, during?: () => Promise<void>) {
  for (let round = 0; round < 10_000; round++) {
    const batch = await sendBatch(d);
    await during?.();
    await finishIssues(d.db);
    const [issue] = await d.db
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId));
    if (issue?.status === "sent") return;
    if (batch.claimed === 0) await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the issue never finished");
}

describe("sending an issue to 2,000 subscribers through a mail server that refuses some and dies once", () => {
  let database: TestDatabase;
  let smtp: SmtpChild;
  let mailer: Mailer;
  const dir = mkdtempSync(path.join(tmpdir(), "newsletter-send-"));
  const record = path.join(dir, "received.jsonl");
  const confirmed = Array.from({ length: 2_000 }, (_, i) =>
    i % 100 === 7 ? `bad-${i}@example.com` : i % 50 === 3 ? `temp-${i}@example.com` : `reader-${i}@example.com`,
  );

  beforeAll(async () => {
    writeFileSync(record, "");
    database = await createTestDatabase("pglite");
    await addSubscribers(database, confirmed, "confirmed");
    await addSubscribers(
      database,
      Array.from({ length: 30 }, (_, i) => `pending-${i}@example.com`),
      "pending",
    );
    await addSubscribers(
      database,
      Array.from({ length: 30 }, (_, i) => `gone-${i}@example.com`),
      "unsubscribed",
    );
    smtp = await startSmtp(await freePort(), record, { REJECT_TEMP: "^temp-", REJECT_PERM: "^bad-" });
    mailer = createMailer(`smtp://127.0.0.1:${smtp.port}?starttls=off`, "Mila <hello@coach.example>", logger, {
      pool: true,
    })!;
  }, 60_000);
  afterAll(async () => {
    mailer?.close();
    smtp?.process.kill("SIGKILL");
    await database?.drop();
  });

  it("every address gets exactly one copy, refused ones are suppressed and listed, nobody else gets one", async () => {
    const issue = await newIssue(database, "march");
    expect(await countAudience(database.db)).toBe(2_000);
    expect(await startIssue(database.db, issue.id)).toBe(true);
    // Pressed twice, or started by a second instance: nothing changes.
    expect(await startIssue(database.db, issue.id)).toBe(false);

    let killed = false;
    let restarted = false;
    await sendUntilDone(deps(database, mailer), issue.id, async () => {
      const sent = received(record).length;
      if (!killed && sent >= 900) {
        killed = true;
        smtp.process.kill("SIGKILL");
        await new Promise((resolve) => smtp.process.once("exit", resolve));
      } else if (killed && !restarted) {
        // Back, and no longer deferring anyone: the deferred ones go out on their next attempt.
        const counts = await issueCounts(database.db, issue.id);
        if (counts.deferred > 40) {
          restarted = true;
          smtp = await startSmtp(smtp.port, record, { REJECT_PERM: "^bad-" });
        }
      }
    });
    expect([killed, restarted]).toEqual([true, true]);

    const got = received(record);
    const wanted = confirmed.filter((email) => !email.startsWith("bad-"));
    const twice = got.filter((email, i) => got.indexOf(email) !== i);
    expect(twice).toEqual([]);
    expect(new Set(got)).toEqual(new Set(wanted));
    expect(got.some((email) => /^(pending|gone)-/.test(email))).toBe(false);

    const counts = await issueCounts(database.db, issue.id);
    const bad = confirmed.filter((email) => email.startsWith("bad-"));
    expect(counts).toMatchObject({ total: 2_000, sent: wanted.length, failed: bad.length, queued: 0, deferred: 0 });
    const [done] = await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(done?.status).toBe("sent");
    const listed = await undelivered(database.db, issue.id);
    expect(listed.map((row) => row.email).sort()).toEqual([...bad].sort());
    expect(listed[0]?.lastError).toMatch(/^550\b/);
    const suppressed = await database.db
      .select({ email: newsletterSubscribers.email, reason: newsletterSubscribers.suppressedReason })
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.suppressedAt} is not null`);
    expect(suppressed.map((s) => s.email).sort()).toEqual([...bad].sort());

    // The next issue leaves the suppressed addresses out from the start.
    expect(await countAudience(database.db)).toBe(wanted.length);
  }, 240_000);

  it("one signup source only, and an address that unsubscribes while it goes out is skipped and left out of the next", async () => {
    const readers = Array.from({ length: 12 }, (_, i) => `runner-${i}@example.com`);
    await addSubscribers(database, readers, "confirmed", "/blog/run-faster");
    expect(await countAudience(database.db, { segmentSources: ["/blog/run-faster"], segmentTags: [] })).toBe(12);
    const issue = await newIssue(database, "april", ["/blog/run-faster"]);
    await startIssue(database.db, issue.id);
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, "runner-0@example.com"));
    const before = received(record).length;
    await sendUntilDone(deps(database, mailer), issue.id);
    const got = received(record).slice(before);
    expect(got.sort()).toEqual(readers.slice(1).sort());
    expect(await issueCounts(database.db, issue.id)).toMatchObject({ total: 12, sent: 11, suppressed: 1 });
    const next = await newIssue(database, "may", ["/blog/run-faster"]);
    await startIssue(database.db, next.id);
    const rows = await database.db
      .select({ email: newsletterDeliveries.email })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, next.id));
    expect(rows.map((r) => r.email).sort()).toEqual(readers.slice(1).sort());
  });
});

describe("a scheduled issue", () => {
  it("is started by the worker at its time, not before, and sent to the end on its own", async () => {
    const database = await createTestDatabase("pglite");
    const sent: string[] = [];
    const mailer: Mailer = { send: async (m) => void sent.push(m.to), close: () => {} };
    const worker = startSendingWorker({ ...deps(database, mailer), idleMs: 20 });
    try {
      await addSubscribers(database, ["early@example.com", "late@example.com"], "confirmed");
      const now = Date.now();
      const later = await newIssue(database, "later");
      const due = await newIssue(database, "due");
      await database.db
        .update(newsletterIssues)
        .set({ status: "scheduled", scheduledAt: new Date(now + 60 * 60_000) })
        .where(eq(newsletterIssues.id, later.id));
      await database.db
        .update(newsletterIssues)
        .set({ status: "scheduled", scheduledAt: new Date(now - 1_000) })
        .where(eq(newsletterIssues.id, due.id));
      worker.kick();
      await expect
        .poll(
          async () =>
            (await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, due.id)))[0]?.status,
          { timeout: 10_000 },
        )
        .toBe("sent");
      expect(sent.sort()).toEqual(["early@example.com", "late@example.com"]);
      const [waiting] = await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, later.id));
      expect(waiting?.status).toBe("scheduled");
    } finally {
      await worker.stop();
      await database.drop();
    }
  });
});

describe("a process that stops while the mail server has a message", () => {
  it("leaves that address 'unknown' (never sent twice on its own) until the trainer retries it", async () => {
    const database = await createTestDatabase("pglite");
    try {
      await addSubscribers(database, ["one@example.com", "two@example.com"], "confirmed");
      const issue = await newIssue(database, "crash");
      await startIssue(database.db, issue.id);
      // The stopped process had claimed one row and marked it as being handed over, lease now over.
      const past = new Date(Date.now() - 60_000);
      await database.db
        .update(newsletterDeliveries)
        .set({ state: "sending", claimedBy: "gone", claimedUntil: past, attempts: 1 })
        .where(eq(newsletterDeliveries.email, "one@example.com"));
      const sent: string[] = [];
      const mailer: Mailer = { send: async (m) => void sent.push(m.to), close: () => {} };
      await sendUntilDone(deps(database, mailer), issue.id);
      expect(sent).toEqual(["two@example.com"]);
      expect(await issueCounts(database.db, issue.id)).toMatchObject({ sent: 1, unknown: 1 });
      expect((await undelivered(database.db, issue.id))[0]).toMatchObject({
        email: "one@example.com",
        state: "unknown",
      });
      expect(await settleInterrupted(database.db)).toBe(0);

      expect(await retryUndelivered(database.db, issue.id)).toBe(1);
      await sendUntilDone(deps(database, mailer), issue.id);
      expect(sent).toEqual(["two@example.com", "one@example.com"]);
    } finally {
      await database.drop();
    }
  });
});

describe("a mail server that cannot be reached, then comes back", () => {
  it("says so once for every waiting address, with since when and the next try, and the refusal banner goes once one is accepted", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const addresses = Array.from({ length: 12 }, (_, i) => `away-${i}@example.com`);
      await addSubscribers(database, addresses, "confirmed");
      const issue = await newIssue(database, "relay-away");
      let clock = new Date("2026-11-28T14:02:00Z");
      await startIssue(database.db, issue.id, clock);
      let away = true;
      const sent: string[] = [];
      const mailer: Mailer = {
        send: async (m) => {
          if (away) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
          sent.push(m.to);
        },
        close: () => {},
      };
      const d = { ...deps(database, mailer), backoffBaseMs: 60_000, now: () => clock };
      expect(await sendBatch(d)).toMatchObject({ claimed: 12, deferred: 12 });
      expect(await waitingDeliveries(database.db, issue.id)).toEqual([
        expect.objectContaining({
          reason: "unreachable",
          count: 12,
          since: clock,
          nextTry: new Date(clock.getTime() + 60_000),
        }),
      ]);
      const problem = async () =>
        (await database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id)))[0]?.problem;
      expect(await problem()).toMatch(/refused every message/);

      clock = new Date("2026-11-28T14:30:00Z");
      away = false;
      await sendUntilDone(d, issue.id);
      expect(sent.sort()).toEqual([...addresses].sort());
      expect(await problem()).toBeNull();
      expect(await waitingDeliveries(database.db, issue.id)).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

describe("a deploy's stop in the middle of a batch", () => {
  it("hands over no message after the stop and gives the rest back, so another instance sends them at once", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const addresses = ["a@example.com", "b@example.com", "c@example.com", "d@example.com"];
      await addSubscribers(database, addresses, "confirmed");
      const issue = await newIssue(database, "deploy-stop");
      await startIssue(database.db, issue.id);
      const sent: string[] = [];
      const mailer: Mailer = { send: async (m) => void sent.push(m.to), close: () => {} };
      // SIGTERM arrives while the first message is with the relay.
      const batch = await sendBatch({ ...deps(database, mailer), stopping: () => sent.length >= 1 });
      expect(batch).toMatchObject({ claimed: 4, sent: 1 });
      expect(sent).toHaveLength(1);
      // The other instance needs no lease to run out, and nothing is left "unknown".
      await sendUntilDone(deps(database, mailer, "test-2"), issue.id);
      expect([...sent].sort()).toEqual(addresses);
      expect(await issueCounts(database.db, issue.id)).toMatchObject({ sent: 4, unknown: 0 });
    } finally {
      await database.drop();
    }
  });
});

describe.skipIf(!engines.includes("postgres"))("two instances on PostgreSQL", () => {
  it("send one issue together without sending any address twice", async () => {
    const database = await createTestDatabase("postgres");
    const second = await openDatabase({ databaseUrl: database.url!, dataDir: "" });
    try {
      const emails = Array.from({ length: 400 }, (_, i) => `pair-${i}@example.com`);
      await addSubscribers(database, emails, "confirmed");
      const issue = await newIssue(database, "together");
      const sent: string[] = [];
      // Each hand-over takes a moment, so the two really overlap.
      const mailer: Mailer = {
        send: async (m) => {
          await new Promise((r) => setTimeout(r, 1));
          sent.push(m.to);
        },
        close: () => {},
      };
      await Promise.all([startIssue(database.db, issue.id), startIssue(second.db, issue.id)]);
      await Promise.all([
        sendUntilDone(deps(database, mailer, "instance-a"), issue.id),
        sendUntilDone(deps(second, mailer, "instance-b"), issue.id),
      ]);
      expect(sent.length).toBe(400);
      expect(new Set(sent).size).toBe(400);
      expect(await issueCounts(database.db, issue.id)).toMatchObject({ total: 400, sent: 400 });
    } finally {
      await second.close();
      await database.drop();
    }
  }, 120_000);
});

describe("the mail relay's bounce and complaint web hook (signed fixtures)", () => {
  const key = "relay-signing-key-for-tests";
  const signed = (event: Record<string, unknown>, options: { token?: string; at?: number; key?: string } = {}) => {
    const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
    const token = options.token ?? `token-${Math.random().toString(36).slice(2)}`;
    const signature = createHmac("sha256", options.key ?? key)
      .update(timestamp + token)
      .digest("hex");
    return { signature: { timestamp, token, signature }, "event-data": event };
  };

  it("suppresses hard bounces and complaints with the reason, once, and refuses unsigned or stale reports", async () => {
    const database = await createTestDatabase("pglite");
    try {
      await addSubscribers(database, ["gone@example.com", "angry@example.com", "full@example.com"], "confirmed");
      const bounce = signed({
        event: "failed",
        severity: "permanent",
        recipient: "Gone@example.com",
        "delivery-status": { code: 550, message: "5.1.1 The email account does not exist" },
      });
      expect(await handleRelayWebhook(database.db, key, bounce)).toEqual({ status: 200, outcome: "suppressed" });
      expect(await handleRelayWebhook(database.db, key, bounce)).toEqual({ status: 200, outcome: "duplicate" });
      expect(
        await handleRelayWebhook(database.db, key, signed({ event: "complained", recipient: "angry@example.com" })),
      ).toMatchObject({ outcome: "suppressed" });
      // A full mailbox is temporary: the address stays.
      expect(
        await handleRelayWebhook(
          database.db,
          key,
          signed({ event: "failed", severity: "temporary", recipient: "full@example.com" }),
        ),
      ).toMatchObject({ outcome: "ignored" });
      expect(
        await handleRelayWebhook(
          database.db,
          key,
          signed({ event: "complained", recipient: "full@example.com" }, { key: "someone-elses-key-123" }),
        ),
      ).toEqual({ status: 401, outcome: "bad-signature" });
      expect(
        await handleRelayWebhook(
          database.db,
          key,
          signed({ event: "complained", recipient: "full@example.com" }, { at: Date.now() - 20 * 60_000 }),
        ),
      ).toEqual({ status: 401, outcome: "bad-signature" });
      expect(await handleRelayWebhook(database.db, key, { nothing: true })).toEqual({
        status: 400,
        outcome: "bad-request",
      });

      const rows = await database.db
        .select({ email: newsletterSubscribers.email, reason: newsletterSubscribers.suppressedReason })
        .from(newsletterSubscribers)
        .orderBy(newsletterSubscribers.email);
      expect(rows).toEqual([
        { email: "angry@example.com", reason: expect.stringMatching(/spam/) },
        { email: "full@example.com", reason: null },
        { email: "gone@example.com", reason: "Bounced: 550 5.1.1 The email account does not exist" },
      ]);
      expect(await countAudience(database.db)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
