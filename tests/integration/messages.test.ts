import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import { messages } from "#db/schema";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { claimDue, enqueue, runOnce, type EngineDeps, type NewMessage } from "~/features/messages/engine.server";
import { createEmailProbe, createTransport } from "~/features/messages/transport.server";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { freePort } from "../support/server";

/**
 * The message engine against a real SMTP server in its own process: a relay that refuses
 * connections is tried again when the clock reaches the back-off and gets one copy; a 5xx fails the
 * message with the server's words; a repeated cause makes one message; a message left `sending` by
 * a process that died becomes `unknown` and is not sent again. Time is the injected clock.
 */
const logger = pino({ level: "silent" });
const root = path.resolve(import.meta.dirname, "../..");
const RETRY_BASE_MS = 60_000;

async function startSmtp(port: number, record: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "tests/support/smtp-process.ts")], {
    env: { ...process.env, PORT: String(port), RECORD_FILE: record, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`SMTP process exited with ${code}`)));
  });
  return child;
}

const stopSmtp = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

const received = (record: string): string[] =>
  readFileSync(record, "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => (JSON.parse(line) as { to: string[] }).to);

const notice = (key: string, to: string): NewMessage => ({
  key,
  kind: "test-notice",
  channel: "email",
  payload: { to, subject: "A new lead", text: "Someone filled in the questionnaire." },
});

describe.each(engines)("the message engine on %s", (engine) => {
  let database: TestDatabase;
  let smtp: ChildProcess | undefined;
  let mailer: Mailer;
  let port: number;
  let clock = new Date("2026-11-28T15:02:00Z");
  const dir = mkdtempSync(path.join(tmpdir(), "messages-"));
  const record = path.join(dir, "received.jsonl");

  const deps = (): EngineDeps => ({
    db: database.db,
    deliver: createTransport({ mailer, push: null }),
    probeEmail: createEmailProbe(mailer),
    logger,
    instance: "test-1",
    now: () => clock,
    retryBaseMs: RETRY_BASE_MS,
  });
  const row = async (key: string) => (await database.db.select().from(messages).where(eq(messages.key, key)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    port = await freePort();
    mailer = createMailer(`smtp://127.0.0.1:${port}?starttls=off`, "site@coach.example", logger)!;
  });
  afterEach(async () => {
    await stopSmtp(smtp);
    smtp = undefined;
    await database.db.delete(messages);
    writeFileSync(record, "");
  });
  afterAll(async () => {
    mailer.close();
    await database.drop();
  });

  it("waits while the relay refuses connections and sends one copy once the clock reaches the next try", async () => {
    writeFileSync(record, "");
    await enqueue(database.db, notice("lead-notice:1", "trainer@coach.example"), clock);

    expect(await runOnce(deps())).toMatchObject({ claimed: 1, waiting: 1 });
    const waiting = await row("lead-notice:1");
    expect(waiting).toMatchObject({ state: "queued", attempts: 1, waitReason: "unreachable" });
    expect(waiting.lastAnswer).toContain("ECONNREFUSED");
    expect(waiting.notBefore.getTime()).toBe(clock.getTime() + RETRY_BASE_MS);

    smtp = await startSmtp(port, record);
    expect(await runOnce(deps())).toMatchObject({ claimed: 0 });
    clock = new Date(clock.getTime() + RETRY_BASE_MS);
    expect(await runOnce(deps())).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row("lead-notice:1")).toMatchObject({ state: "sent", attempts: 2, waitReason: null });
    expect(await runOnce(deps())).toMatchObject({ claimed: 0 });
    expect(received(record)).toEqual(["trainer@coach.example"]);
  });

  it("marks no e-mail sending while the relay takes no connection (a process killed then leaves none unknown)", async () => {
    for (const n of [1, 2, 3])
      await enqueue(database.db, notice(`lead-notice:${n}`, `trainer${n}@coach.example`), clock);
    let handedOver = 0;
    const base = deps();
    const counting: EngineDeps = {
      ...base,
      deliver: (message) => {
        handedOver++;
        return base.deliver(message);
      },
    };
    expect(await runOnce(counting)).toMatchObject({ claimed: 3, waiting: 3 });
    expect(handedOver).toBe(0);
    for (const n of [1, 2, 3])
      expect(await row(`lead-notice:${n}`)).toMatchObject({ state: "queued", attempts: 1, waitReason: "unreachable" });
  });

  it("fails a message the relay refuses for good, keeping the server's words", async () => {
    smtp = await startSmtp(port, record, { REJECT_PERM: "^gone@" });
    await enqueue(database.db, notice("confirm:gone", "gone@example.com"), clock);

    expect(await runOnce(deps())).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await row("confirm:gone");
    expect(failed).toMatchObject({ state: "failed", attempts: 1, waitReason: "refused" });
    expect(failed.lastAnswer).toMatch(/^550 .*Mailbox unknown/);
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    expect(await runOnce(deps())).toMatchObject({ claimed: 0 });
    expect(received(record)).toEqual([]);
  });

  it("makes one message of the same cause queued twice", async () => {
    smtp = await startSmtp(port, record);
    const first = await enqueue(database.db, notice("lead-notice:2", "trainer@coach.example"), clock);
    const again = await enqueue(database.db, notice("lead-notice:2", "trainer@coach.example"), clock);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });

    await runOnce(deps());
    await enqueue(database.db, notice("lead-notice:2", "trainer@coach.example"), clock);
    await runOnce(deps());
    expect(received(record)).toEqual(["trainer@coach.example"]);
  });

  it("hands over no message once told to stop, and gives the rest of the batch back unclaimed", async () => {
    smtp = await startSmtp(port, record);
    for (const n of [1, 2, 3]) await enqueue(database.db, notice(`stop:${n}`, `reader-${n}@example.com`), clock);
    let handed = 0;
    const counting = deps();
    const deliver = counting.deliver;
    counting.deliver = async (message) => {
      handed++;
      return deliver(message);
    };
    expect(await runOnce(counting, () => handed >= 1)).toMatchObject({ claimed: 3, sent: 1 });
    const rest = await database.db.select().from(messages).where(eq(messages.state, "queued"));
    expect(rest.map((m) => m.claimedBy)).toEqual([null, null]);
    expect(await runOnce({ ...deps(), instance: "test-2" })).toMatchObject({ claimed: 2, sent: 2 });
    expect(received(record).sort()).toEqual(["reader-1@example.com", "reader-2@example.com", "reader-3@example.com"]);
  });

  it("lets another instance take a claim once the configured lease (MESSAGE_LEASE_MS) has run out", async () => {
    await enqueue(database.db, notice("lead-notice:4", "trainer@coach.example"), clock);
    expect(await claimDue(database.db, "test-1", 20, clock, 5_000)).toHaveLength(1);
    expect(await claimDue(database.db, "test-2", 20, new Date(clock.getTime() + 4_999), 5_000)).toHaveLength(0);
    const taken = await claimDue(database.db, "test-2", 20, new Date(clock.getTime() + 5_001), 5_000);
    expect(taken.map((message) => message.claimedBy)).toEqual(["test-2"]);
  });

  it("stores a message another path handed over (an alarm during an outage) as sent and never sends it", async () => {
    writeFileSync(record, "");
    smtp = await startSmtp(port, record);
    const sentAt = new Date(clock.getTime() - 60_000);
    await enqueue(database.db, { ...notice("alarm:backup-failed:email", "trainer@coach.example"), sentAt }, clock);
    await runOnce(deps());
    expect(await row("alarm:backup-failed:email")).toMatchObject({ state: "sent", sentAt });
    expect(received(record)).toEqual([]);
  });

  it("marks a message a dead process was handing over as unknown and does not send it again", async () => {
    smtp = await startSmtp(port, record);
    const { id } = await enqueue(database.db, notice("lead-notice:3", "trainer@coach.example"), clock);
    // What a process killed between "sending" and the relay's answer leaves behind.
    await database.db
      .update(messages)
      .set({ state: "sending", attempts: 1, claimedBy: "dead-1", claimedUntil: new Date(clock.getTime() + 60_000) })
      .where(eq(messages.id, id));

    expect(await runOnce(deps())).toMatchObject({ claimed: 0 });
    expect(await row("lead-notice:3")).toMatchObject({ state: "sending" });
    clock = new Date(clock.getTime() + 60_000);
    await runOnce(deps());
    expect(await row("lead-notice:3")).toMatchObject({ state: "unknown", claimedBy: null });
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    await runOnce(deps());
    expect(received(record)).toEqual([]);
  });
});
