import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sendProvisionRequest } from "~/features/auth/provision";
import { createPostgresDatabase, dropPostgresDatabase } from "../support/database";
import { DrillBrowser, enrolAuthenticator, pool, startFaultServer, waitFor, type FaultServer } from "../support/fault";
import { freePort } from "../support/server";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { TRAINER_PASSWORD } from "../support/trainer";

/**
 * The relay away, on PostgreSQL with two instances (issue 47): the mail relay refuses connections
 * (nothing listens on its port) while 200 questionnaires and 100 newsletter sign-ups come in through
 * the public endpoints, a backup has failed (the alarm both instances see), and one instance is
 * killed (SIGKILL) half-way and started again. When the relay returns, it holds one new-lead
 * notice per lead, one confirmation per subscriber and one alarm, and the Messages page says
 * nothing is waiting.
 *
 * Shortened by configuration, not by another code path, so the drill fits in CI (decision 084):
 * MESSAGE_RETRY_BASE_MS=500 makes the engine's doubling back-off (0.5, 1, 2, 4 s ...) try again
 * within seconds instead of minutes; MESSAGE_LEASE_MS=5000 lets the surviving instance settle the
 * killed one's claims within the drill instead of after five minutes. The relay stays away for the
 * two minutes issue 47 names and until what the outage must show has happened: every post answered,
 * B killed while it held claims and its lease run out, and every waiting message tried at least
 * MIN_TRIES times.
 */
const LEADS = 200;
const SUBSCRIBERS = 100;
/** Failed tries each waiting message has had before the relay returns. */
const MIN_TRIES = 4;
const LEASE_MS = 5_000;
/** How long the relay refuses connections at least. */
const RELAY_AWAY_MS = 120_000;

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, "im")
    .exec(raw)?.[1]
    ?.trim()
    .replace(/^.*<(.+)>$/, "$1") ?? "";

describe.runIf(process.env.TEST_DATABASE_URL)("the relay away, two instances, one killed", () => {
  let url = "";
  let relay: LocalSmtp | undefined;
  const running = new Set<FaultServer>();
  afterAll(async () => {
    await Promise.all([...running].map((server) => server.stop()));
    await relay?.stop();
    if (url) await dropPostgresDatabase(url);
  });

  it("sends each notice, confirmation and alarm once when the relay returns", { timeout: 420_000 }, async () => {
    const started = Date.now();
    const tag = randomBytes(4).toString("hex");
    url = await createPostgresDatabase();
    const relayPort = await freePort();
    const trainer = { email: `trainer-${tag}@example.com`, password: TRAINER_PASSWORD, name: "Mila" };
    const secret = randomBytes(32).toString("base64url");
    // The backup folder both instances share, as a failed backup leaves it: the one event both see.
    const backups = mkdtempSync(path.join(tmpdir(), "relay-outage-backups-"));
    writeFileSync(
      path.join(backups, "status.json"),
      JSON.stringify({ lastAttempt: { at: new Date().toISOString(), ok: false, error: "disk full" } }),
    );
    const env = {
      DATABASE_URL: url,
      AUTH_SECRET: secret,
      SMTP_URL: `smtp://127.0.0.1:${relayPort}?starttls=off`,
      TRAINER_EMAIL: trainer.email,
      BACKUP_DIR: backups,
      BACKUP_INTERVAL_MINUTES: "0",
      MESSAGE_RETRY_BASE_MS: "500",
      MESSAGE_LEASE_MS: String(LEASE_MS),
    };
    const start = async (dataDir: string) => {
      const server = await startFaultServer({ ...env, DATA_DIR: dataDir });
      running.add(server);
      return server;
    };
    // Started together: one migrates, the other waits on the migrations' advisory lock.
    const bDir = mkdtempSync(path.join(tmpdir(), "relay-outage-b-"));
    const [a, first] = await Promise.all([start(mkdtempSync(path.join(tmpdir(), "relay-outage-a-"))), start(bDir)]);
    let b: FaultServer | null = first;
    expect((await sendProvisionRequest(a.url, secret, trainer)).status).toBe(201);
    const relayAway = Date.now();
    const setUp = (relayAway - started) / 1000;

    // A proxy's part: each post goes to an instance in turn, and to the other one when it does not answer.
    let turn = 0;
    const post = async (pathname: string, init: RequestInit) => {
      for (;;) {
        const first = turn++ % 2 === 0 || !b ? a : b;
        for (const server of first === a ? [a, b] : [b, a]) {
          if (!server) continue;
          try {
            return await fetch(`${server.url}${pathname}`, init);
          } catch {
            // A killed instance: the same request (same idempotency key) goes to the other one.
          }
        }
      }
    };
    const lead = (index: number) => `lead-${index}-${tag}@example.nl`;
    const reader = (index: number) => `reader-${index}-${tag}@example.nl`;
    const submit = async (index: number) => {
      if (index % 3 === 2) {
        const res = await post("/api/newsletter", {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            email: reader(Math.floor(index / 3)),
            source: "footer",
            variant: "footer",
            elapsedMs: "30000",
            website: "",
          }),
        });
        return res.status;
      }
      const n = index - Math.floor(index / 3);
      const res = await post("/api/intake", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          answers: { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" },
          contact: { firstName: "Relay", lastName: `Drill ${n}`, email: lead(n), phone: "+31612345678", message: "" },
          idempotencyKey: `relay-outage-${tag}-${n}`,
          sourceUrl: `${a.url}/start`,
          website: "",
          elapsedMs: 30_000,
        }),
      });
      return res.status;
    };

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const one = async (query: string, values: unknown[] = []) =>
      Number((await client.query<{ n: string }>(query, values)).rows[0]?.n ?? 0);
    // Rows the instance named holds: claimed and not yet tried or released.
    const heldBy = (instance: string) => one("select count(*) as n from messages where claimed_by = $1", [instance]);

    // Both instances check the alarms while the relay is away: one event, one message.
    expect(await a.send("alarms:check")).toHaveLength(1);
    expect(await b.send("alarms:check")).toHaveLength(1);
    const total = LEADS + SUBSCRIBERS;
    let heldAtKill = 0;
    let killedAt = 0;
    let deadInstance = "";
    const statuses = await pool(total, 8, async (index) => {
      if (index === total / 2 && b) {
        // Half-way, B dies at once while it holds claims (its worker between claiming a batch and
        // deferring it): frozen (SIGSTOP) until caught holding some, then killed. What it held stays
        // claimed until the lease runs out. It is started again on its own data while A takes the posts.
        const dead = b;
        b = null;
        deadInstance = `${hostname()}:${dead.pid}`;
        for (const until = Date.now() + 30_000; !heldAtKill && Date.now() < until;) {
          process.kill(dead.pid, "SIGSTOP");
          heldAtKill = await heldBy(deadInstance);
          if (!heldAtKill) {
            process.kill(dead.pid, "SIGCONT");
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
        process.kill(dead.pid, "SIGKILL");
        killedAt = Date.now();
        await dead.stop();
        running.delete(dead);
        b = await start(bDir);
        expect(await b.send("alarms:check")).toHaveLength(1);
      }
      return submit(index);
    });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const posting = (Date.now() - relayAway) / 1000;
    expect(heldAtKill, "B held no claim when it was killed").toBeGreaterThan(0);

    // The relay stays away for two minutes and until the killed instance's lease has run out, no row
    // is still held in its name, and every message waiting for the relay has failed MIN_TRIES times
    // (the planned nudges, never tried, are not waiting).
    const away = await waitFor(
      async () => ({
        minutes: Date.now() - relayAway >= RELAY_AWAY_MS,
        lease: Date.now() - killedAt > LEASE_MS,
        heldByDead: await heldBy(deadInstance),
        waiting: await one(
          "select count(*) as n from messages where state = 'queued' and (attempts > 0 or not_before <= now())",
        ),
        fewTries: await one(
          "select count(*) as n from messages where state = 'queued' and (attempts > 0 or not_before <= now()) and attempts < $1",
          [MIN_TRIES],
        ),
      }),
      (now) => now.minutes && now.lease && now.heldByDead === 0 && now.waiting > 0 && now.fewTries === 0,
      RELAY_AWAY_MS + 60_000,
    );
    expect(away, "while the relay was away").toMatchObject({ minutes: true, lease: true, heldByDead: 0, fewTries: 0 });
    const sentWhileAway = await one(
      "select count(*) as n from messages where state in ('sent', 'sending', 'unknown') and channel = 'email'",
    );
    expect(sentWhileAway).toBe(0);

    // The relay comes back.
    relay = await startSmtpServer(relayPort);
    const returned = Date.now();
    const outage = (returned - relayAway) / 1000;

    // Planned for later (the nudge 48 h after each questionnaire) is not waiting: left out.
    const states = async () =>
      Object.fromEntries(
        (
          await client.query<{ state: string; n: string }>(
            "select state, count(*) as n from messages where not (state = 'queued' and attempts = 0 and not_before > now()) group by state",
          )
        ).rows.map((row) => [row.state, Number(row.n)]),
      ) as Record<string, number>;
    let now = await states();
    // After two minutes away a message's next try can be a minute off (0.5 s doubled seven times).
    const deadline = Date.now() + 90_000;
    while ((now.queued ?? 0) + (now.sending ?? 0) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      now = await states();
    }
    const drained = (Date.now() - returned) / 1000;
    const unknown = (
      await client.query<{ kind: string; channel: string; to: string | null; reply_to: string | null }>(
        `select kind, channel, payload->>'to' as to, payload->>'replyTo' as reply_to
         from messages where state = 'unknown'`,
      )
    ).rows;
    await client.end();
    expect(now.queued ?? 0, JSON.stringify(now)).toBe(0);
    expect(now.sending ?? 0).toBe(0);
    expect(now.failed ?? 0).toBe(0);

    const mail = relay.messages;
    const notices = mail.filter((m) => m.to.includes(trainer.email) && header(m.raw, "Reply-To"));
    const alarms = mail.filter((m) => m.to.includes(trainer.email) && !header(m.raw, "Reply-To"));
    const perLead = new Map<string, number>();
    for (const m of notices) {
      const from = header(m.raw, "Reply-To");
      perLead.set(from, (perLead.get(from) ?? 0) + 1);
    }
    const perReader = new Map<string, number>();
    for (const m of mail.filter((m) => m.to.some((to) => to.startsWith("reader-")))) {
      perReader.set(m.to[0]!, (perReader.get(m.to[0]!) ?? 0) + 1);
    }
    const leads = Array.from({ length: LEADS }, (_, n) => lead(n));
    const readers = Array.from({ length: SUBSCRIBERS }, (_, n) => reader(n));
    // Exactly one of each: none missing, none twice.
    expect(leads.filter((address) => perLead.get(address) !== 1)).toEqual([]);
    expect(perLead.size).toBe(LEADS);
    expect(readers.filter((address) => perReader.get(address) !== 1)).toEqual([]);
    expect(perReader.size).toBe(SUBSCRIBERS);
    expect(alarms.map((m) => m.subject)).toEqual(["The site's backup failed"]);
    // A row the SIGKILL left `unknown` (B died between marking it "sending" and the relay's answer)
    // is allowed only where the relay holds its message: an e-mail row must be matched by the
    // accepted notice (by the lead's Reply-To), confirmation (by its address) or alarm. The exact
    // counts above say the same from the relay's side (an unknown notice the relay never got leaves
    // its lead with none); this names the row. A push row may be left unknown too: no device is
    // subscribed in the drill, so there was nothing to deliver either way.
    const accepted = (row: (typeof unknown)[number]) =>
      row.kind === "lead-notice"
        ? perLead.get(row.reply_to ?? "") === 1
        : row.kind === "newsletter-confirm"
          ? perReader.get(row.to ?? "") === 1
          : row.kind === "alarm" && alarms.length === 1;
    expect(unknown.filter((row) => row.channel === "email" && !accepted(row))).toEqual([]);
    expect(unknown.filter((row) => row.channel !== "email" && row.channel !== "push")).toEqual([]);

    // The Messages page, signed in as the trainer (her authenticator enrolled at the first sign-in).
    const browser = new DrillBrowser(a.url, "relay-outage-drill");
    await enrolAuthenticator(browser, trainer);
    const page = await (await browser.fetch("/admin/messages")).text();
    expect(page).toContain("Nothing is waiting");

    console.info(
      `relay away ${outage.toFixed(1)} s (every waiting message tried ${MIN_TRIES}+ times), ${LEADS} questionnaires and ${SUBSCRIBERS} sign-ups, ` +
        `one of two instances killed half-way holding ${heldAtKill} claims: ${notices.length} notices, ${perReader.size} confirmations, ` +
        `${alarms.length} alarm, ${unknown.length} unknown (${unknown.map((row) => row.channel).join(", ") || "none"}); set-up ${setUp.toFixed(1)} s, posts ${posting.toFixed(1)} s, ` +
        `out ${drained.toFixed(1)} s after the relay returned; ` +
        `drill ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
