// Fills a throw-away data directory with the site's first-start content and then publishes more
// articles through the content store (saveDraft then publish, the back office's own path) until
// `total` are live: what `bench:size` measures the documents against. Run by bench/size.mjs before
// it starts the server on that directory (PGlite allows one process at a time).
//   node --import tsx bench/seed-articles.ts <data dir> <total>
import { createSiteContentStore, seedSiteContent } from "~/content-kinds.server";
import { articleSeeds } from "~/features/blog/article-seeds.server";
import { openDatabase } from "~/infra/db.server";

const [dataDir, totalArg] = process.argv.slice(2);
const total = Number(totalArg);
if (!dataDir || !Number.isInteger(total) || total < 1) {
  console.error("usage: node --import tsx bench/seed-articles.ts <data dir> <total>");
  process.exit(2);
}

const database = await openDatabase({ dataDir });
try {
  const store = createSiteContentStore(database.db);
  await seedSiteContent(store);
  const seeds = articleSeeds();
  const live = (await store.listLive("article")).length;
  const first = Date.UTC(2026, 0, 1);
  // One article a week after the seeded ones, cycling through their categories, each title as long as
  // a seeded one and its own (its last characters are its number), so the newest in every category
  // are new ones and the pages differ by how many articles there are, not by longer titles.
  for (let n = 1; n <= total - live; n++) {
    const seed = seeds[n % seeds.length]!;
    const date = new Date(first + n * 7 * 86_400_000).toISOString().slice(0, 10);
    const key = `${seed.key}-part-${n}`;
    const title = String(seed.data.title);
    const number = ` ${n}`;
    const data = { ...seed.data, title: `${title.slice(0, title.length - number.length)}${number}`, date };
    await store.saveDraft("article", key, data, { userId: null });
    await store.publish("article", key, { userId: null });
  }
  console.error(`${(await store.listLive("article")).length} articles live in ${dataDir}`);
} finally {
  await database.close();
}
