// Newsletter sending throughput and memory on the message engine: `npm run bench:newsletter
// [recipients...]` (default 10000). For each list size: confirmed subscribers made through the
// store (storeFromOutbox, the path a sign-up takes), in a file-backed PGlite database; one issue
// started and sent by the worker every instance runs (startSendingWorker, on the engine's claim and
// hand-over in app/features/messages/queue.server.ts) with throttling off, into a local SMTP sink in
// this process that accepts everything over one pooled connection.
// Prints messages handed over per second and the live heap (after a full collection) and resident
// set at the start, the middle and the end of the send: memory must stay flat (rows are claimed in
// batches, the list never passes through memory).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { newsletterIssues } from "#db/schema";
import { openDatabase } from "~/infra/db.server";
import { makeConfirmedSubscribers } from "./confirmed-subscribers";
import { createMailer, type Mailer } from "~/infra/mail.server";
import { issueMail } from "~/features/newsletter/issue-mail.server";
import { issueCounts, startIssue, startSendingWorker } from "~/features/newsletter/sending.server";

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const logger = pino({ level: "silent" });
const sender = {
  name: "Bench",
  contactEmail: "b@example.com",
  registrationNumber: "KvK 1",
  city: "Utrecht",
  country: "NL",
};
const body = `## This month\n\n${"Easy runs build the engine; hard ones sharpen it. ".repeat(40)}\n\n[Read more](/blog/x)`;
const mb = (n: number) => (n / 2 ** 20).toFixed(0);

interface Sample {
  at: string;
  heap: number;
  rss: number;
}

function sample(at: string): Sample {
  global.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { at, heap: heapUsed, rss };
}

async function run(recipients: number) {
  let accepted = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-newsletter-"));
  const database = await openDatabase({ dataDir });
  const made = performance.now();
  await makeConfirmedSubscribers(database.db, recipients);
  const madeSeconds = (performance.now() - made) / 1000;
  const [issue] = await database.db
    .insert(newsletterIssues)
    .values({ slug: "bench", subject: "Bench", preheader: "Bench", body })
    .returning();
  const pooled = createMailer(`smtp://127.0.0.1:${port}?starttls=off`, "Bench <b@example.com>", logger, {
    pool: true,
  })!;
  const samples: Sample[] = [sample("start")];
  let handedOver = 0;
  // Counts hand-overs, and takes the middle sample between two of them (outside the timed work's hot path).
  const mailer: Mailer = {
    send: async (message) => {
      await pooled.send(message);
      if (++handedOver === Math.floor(recipients / 2)) samples.push(sample("middle"));
    },
    close: () => pooled.close(),
  };
  const started = performance.now();
  await startIssue(database.db, issue!.id);
  const finished = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      void database.db
        .select({ status: newsletterIssues.status })
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issue!.id))
        .then(([row]) => {
          if (row?.status === "sent") {
            clearInterval(check);
            resolve();
          }
        });
    }, 200);
  });
  const worker = startSendingWorker({
    db: database.db,
    mailer,
    logger,
    instance: "bench",
    ratePerMinute: 0,
    idleMs: 100,
    compose: (i, to) => issueMail(i, to, { siteUrl: "https://coach.example", secret: "s".repeat(32), sender }),
  });
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  samples.push(sample("end"));
  const counts = await issueCounts(database.db, issue!.id);
  mailer.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `${recipients} recipients (made through the store in ${madeSeconds.toFixed(1)} s): ${counts.sent} sent (${accepted} accepted by SMTP, ${counts.total - counts.sent} not) in ${seconds.toFixed(1)} s = ${(counts.sent / seconds).toFixed(0)} messages/s`,
  );
  console.log(
    `  memory (live heap / RSS, MB): ${samples.map((s) => `${s.at} ${mb(s.heap)} / ${mb(s.rss)}`).join(", ")}`,
  );
}

for (const size of sizes.length ? sizes : [10_000]) await run(size);
