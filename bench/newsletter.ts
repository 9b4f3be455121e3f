// Newsletter sending throughput and memory: `npm run bench:newsletter [recipients...]` (default
// 1000 10000). For each list size: confirmed subscribers in a file-backed PGlite database, one
// issue started, the send job (app/features/newsletter/sending.server.ts) run with throttling off
// against a local SMTP server in this process that accepts everything over one pooled connection.
// Prints messages handed over per second and the peak live heap (measured after a full collection
// every tenth batch) and resident set while sending, so the
// sizes can be compared: memory must not grow with the list (rows are claimed in batches).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { newsletterIssues, newsletterSubscribers } from "#db/schema";
import { openDatabase } from "~/infra/db.server";
import { createMailer } from "~/infra/mail.server";
import { issueMail } from "~/features/newsletter/issue-mail.server";
import { finishIssues, issueCounts, sendBatch, startIssue } from "~/features/newsletter/sending.server";

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
  for (let i = 0; i < recipients; i += 1000)
    await database.db.insert(newsletterSubscribers).values(
      Array.from({ length: Math.min(1000, recipients - i) }, (_, j) => ({
        email: `reader-${i + j}@example.com`,
        source: "footer",
        status: "confirmed",
        confirmedAt: new Date(),
      })),
    );
  const [issue] = await database.db
    .insert(newsletterIssues)
    .values({ slug: "bench", subject: "Bench", preheader: "Bench", body })
    .returning();
  const mailer = createMailer(`smtp://127.0.0.1:${port}?starttls=off`, "Bench <b@example.com>", logger, {
    pool: true,
  })!;
  global.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  let batches = 0;
  const started = performance.now();
  await startIssue(database.db, issue!.id);
  for (;;) {
    const batch = await sendBatch({
      db: database.db,
      mailer,
      logger,
      instance: "bench",
      ratePerMinute: 0,
      compose: (i, to) => issueMail(i, to, { siteUrl: "https://coach.example", secret: "s".repeat(32), sender }),
    });
    // Live memory (after a full collection, every tenth batch): what the send holds, not garbage not yet collected.
    if (++batches % 10 === 0) global.gc?.();
    const now = process.memoryUsage();
    if (batches % 10 === 0) peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
    await finishIssues(database.db);
    if (batch.claimed === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const counts = await issueCounts(database.db, issue!.id);
  mailer.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  const mb = (n: number) => (n / 2 ** 20).toFixed(0);
  console.log(
    `${recipients} recipients: ${counts.sent} sent (${accepted} accepted by SMTP) in ${seconds.toFixed(1)} s = ${(counts.sent / seconds).toFixed(0)} messages/s; heap ${mb(base.heapUsed)} → peak ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)}), RSS ${mb(base.rss)} → peak ${mb(peakRss)} MB`,
  );
}

for (const size of sizes.length ? sizes : [1_000, 10_000]) await run(size);
