// A data directory with a newsletter issue started to N confirmed subscribers, for
// `BENCH_SENDING=N npm run bench:throughput` (bench/throughput.mjs): the server started on it sends
// the issue with its own worker while the pages are loaded. Subscribers are made through the store
// (storeFromOutbox, the path a sign-up takes) and the issue is started as the back office starts it.
//   tsx bench/sending-setup.ts DATA_DIR N
import { eq } from "drizzle-orm";
import { newsletterIssues } from "#db/schema";
import { openDatabase } from "~/infra/db.server";
import { makeConfirmedSubscribers } from "./confirmed-subscribers";
import { startIssue } from "~/features/newsletter/sending.server";

const [dataDir, count] = [process.argv[2], Number(process.argv[3])];
if (!dataDir || !(count > 0)) {
  console.error("usage: tsx bench/sending-setup.ts DATA_DIR N");
  process.exit(2);
}
const database = await openDatabase({ dataDir });
await makeConfirmedSubscribers(database.db, count);
const body = `## This month\n\n${"Easy runs build the engine; hard ones sharpen it. ".repeat(40)}\n\n[Read more](/blog)`;
const [issue] = await database.db
  .insert(newsletterIssues)
  .values({ slug: "bench-sending", subject: "Bench", preheader: "Bench", body })
  .returning();
if (!issue || !(await startIssue(database.db, issue.id))) throw new Error("the issue did not start");
const [row] = await database.db
  .select({ status: newsletterIssues.status })
  .from(newsletterIssues)
  .where(eq(newsletterIssues.id, issue.id));
await database.close();
console.log(JSON.stringify({ issue: issue.id, status: row?.status, recipients: count }));
