import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, expectAccessible } from "./fixtures";
import { createTrainer, signInAndEnrol } from "./back-office-helpers";
import { startFaultServer, type FaultServer } from "../support/fault";

/**
 * A publish changes what every visitor sees, so this spec runs on a server and database of its
 * own: the other specs, running at the same time, keep seeing the seeded content.
 */
const test = base.extend<{ dataDir: string }, { ownServer: FaultServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use) => {
      const server = await startFaultServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  dataDir: async ({ ownServer }, use) => use(ownServer.dataDir),
});

/** Any artwork the seeded articles already use, so the test depends on no particular post. */
function someSeedImage(): string {
  const first = readdirSync("content/blog").find((name) => name.endsWith(".md")) ?? "";
  const file = readFileSync(path.join("content/blog", first), "utf8");
  return /^image:\s*(\S+)/m.exec(file)?.[1] ?? "";
}

test("the trainer writes an article, previews it, publishes it, sees it on the site and restores an earlier version", async ({
  page,
  baseURL,
  dataDir,
  request,
}) => {
  test.slow();
  const trainer = await createTrainer(baseURL!, dataDir);
  await signInAndEnrol(page, trainer);
  const slug = `test-article-${randomUUID().slice(0, 8)}`;
  const title = `Hill repeats for ${slug}`;

  await page.goto("/admin/articles/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Web address").fill(slug);
  await page.getByLabel("Summary").fill("Why short climbs make flat running feel easier.");
  await page.getByLabel("Date").fill(new Date().toISOString().slice(0, 10));
  await page.getByLabel("Category").selectOption("Running");
  await page.getByLabel("Author", { exact: true }).fill("Mila Jansen");
  await page.getByLabel("Author's role").fill("Coach");
  await page.getByLabel("Image", { exact: true }).fill(someSeedImage());
  await page.getByLabel("Image description").fill("A runner on a hill");
  await page.getByLabel("Keywords").fill("hills, running");
  await page
    .getByLabel("Article text")
    .fill("## Why hills\n\nShort climbs build strength.\n\n## Conclusion\n\nTry one a week.");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: title });
  await expect(preview.getByRole("heading", { name: "Why hills" })).toBeVisible();

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expectAccessible(page);

  await expect.poll(async () => (await request.get("/blog")).text(), { timeout: 5_000 }).toContain(title);
  await expect
    .poll(async () => (await request.get("/sitemap.xml")).text(), { timeout: 5_000 })
    .toContain(`/blog/${slug}`);
  await expect.poll(async () => (await request.get("/blog/rss.xml")).text(), { timeout: 5_000 }).toContain(title);

  // A second version goes live, then the first comes back with one click and a publish.
  await page.getByLabel("Title", { exact: true }).fill(`${title}, revised`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`)).text(), { timeout: 5_000 })
    .toContain(`${title}, revised`);
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByText("Version 1 is back as the draft.")).toBeVisible();
  // As the trainer would: the form shows version 1 again before she publishes it.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The article was published.")).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`)).text(), { timeout: 5_000 })
    .not.toContain(`${title}, revised`);
});
