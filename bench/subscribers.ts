// The subscriber list at scale: `npm run bench:subscribers [subscribers]` (default 50000).
// In a file-backed PGlite database: a 10,000-row import (runImport with re-confirmation e-mails,
// the heaviest ground: every new address gets its message queued in the same transaction), then the
// list grown to the given size and one page of it read the way the Subscribers screen reads it
// (subscriberPage: the counts of the filter and 25 rows), first page, a deep page, a search and a
// filter. Prints the median of 5 reads of each page. The file here is made in memory: no address
// leaves this process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { newsletterSubscribers } from "#db/schema";
import { openDatabase } from "~/infra/db.server";
import { createMessages } from "~/features/messages/messages.server";
import { createMailer } from "~/infra/mail.server";
import { parseEnv } from "~/infra/env.server";
import { runImport } from "~/features/newsletter/import.server";
import { subscriberPage } from "~/features/newsletter/subscribers.server";
import { ensureTags } from "~/features/newsletter/tags.server";

const total = Number(process.argv[2]) || 50_000;
const logger = pino({ level: "silent" });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-subscribers-"));
const database = await openDatabase({ dataDir });
const { db } = database;
const env = parseEnv({
  NODE_ENV: "production",
  SITE_URL: "https://coach.example",
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
});
// A mailer that is never used: the messages are only queued (no worker runs).
const mailer = createMailer("smtp://127.0.0.1:1", "site@coach.example", logger);
const messages = createMessages({ db, mailer, push: null, logger, startWorker: false, retryBaseMs: 60_000 });
const services = { database, messages, env, secret: "bench-secret-of-at-least-32-characters!!", content: undefined };

const lines = ["email,name,tags"];
for (let i = 0; i < 10_000; i++) lines.push(`import${i}@example.com,Person ${i},${i % 4 ? "" : "past clients"}`);
let started = performance.now();
const done = await runImport(services, lines.join("\n"), undefined, { ground: "reconfirm", note: null });
const importMs = performance.now() - started;
if (!done.ok) throw new Error("the import was refused");
console.log(
  `import of 10,000 rows (re-confirmation e-mails queued): ${(importMs / 1000).toFixed(1)} s, ${done.added} added`,
);
started = performance.now();
const elsewhere = await runImport(services, lines.join("\n").replaceAll("import", "other"), undefined, {
  ground: "elsewhere",
  note: "Bench: opted in on paper",
});
if (!elsewhere.ok) throw new Error("the import was refused");
console.log(
  `import of 10,000 rows (opted in elsewhere, no e-mail): ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const [tagId] = [...(await ensureTags(db, ["past clients"])).values()];
const sources = ["footer", "blog-overview", "/blog/hills", "/blog/easy-runs"];
const states = ["confirmed", "confirmed", "confirmed", "pending", "unsubscribed"];
started = performance.now();
for (let made = 20_000; made < total; made += 1000) {
  const base = new Date(Date.UTC(2025, 0, 1)).getTime();
  await db.insert(newsletterSubscribers).values(
    Array.from({ length: Math.min(1000, total - made) }, (_, j) => {
      const i = made + j;
      return {
        email: `reader${i}@example.com`,
        source: sources[i % sources.length]!,
        status: states[i % states.length]!,
        createdAt: new Date(base + i * 60_000),
        ...(i % 97 === 0 ? { suppressedAt: new Date(base + i * 60_000), suppressedReason: "550 5.1.1" } : {}),
      };
    }),
  );
}
console.log(
  `grown to ${total.toLocaleString("en-GB")} subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

async function median(label: string, read: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  console.log(`${label}: ${times.toSorted((a, b) => a - b)[2]!.toFixed(0)} ms`);
}

const lastPage = Math.ceil(total / 25);
await median("list, first page", () => subscriberPage(db, {}, 1));
await median(`list, page ${Math.floor(lastPage / 2)} (middle)`, () => subscriberPage(db, {}, Math.floor(lastPage / 2)));
await median(`list, page ${lastPage} (last)`, () => subscriberPage(db, {}, lastPage));
await median("list, search 'reader4999'", () => subscriberPage(db, { q: "reader4999" }, 1));
await median("list, confirmed from /blog/hills, page 100", () =>
  subscriberPage(db, { state: "confirmed", sources: ["/blog/hills"] }, 100),
);
await median("list, tag 'past clients'", () => subscriberPage(db, { tags: [tagId!] }, 1));

await messages.stop();
mailer?.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
