import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";
import { signedInTest as test } from "./back-office-helpers";
import { slugFromTitle } from "~/features/content/article-form";

/**
 * The article editor on her phone (only there: at 1280 px the preview is in view anyway, and
 * articles.spec.ts works the editor at that width): the address made from the title as she types,
 * and the preview brought into view when it is ready. A preview changes nothing on the site, so the shared server
 * serves. What the server answers (an empty address made from the title, refusals under the
 * fields) is in tests/integration/content-editors.test.ts; the rule for the address in
 * app/features/content/article-form.test.ts.
 */

/** Any artwork the seeded articles use, so the journey does not wait on an upload it does not test. */
function someSeedImage(): string {
  const first = readdirSync("content/blog").find((name) => name.endsWith(".md")) ?? "";
  return /^image:\s*(\S+)/m.exec(readFileSync(path.join("content/blog", first), "utf8"))?.[1] ?? "";
}

test("on her phone she types a title, sees the address made from it, taps Preview and the preview is in view @phone", async ({
  page,
}) => {
  await page.goto("/admin/articles/new");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const title = `Hill repeats for beginners ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  const slug = slugFromTitle(title);
  await expect(page.getByLabel("Web address")).toHaveValue(slug);
  await expect(page.getByText(`/blog/${slug}`)).toBeVisible();

  await page.getByLabel("Summary").fill("Why short climbs make flat running feel easier.");
  await page.getByLabel("Image description").fill("Green hills under a morning sky");
  await page.getByLabel("Picture in use (optional)").fill(someSeedImage());
  await page
    .getByLabel("Article text")
    .fill("## Why hills\n\nShort climbs build strength.\n\n## Conclusion\n\nTry one a week.");
  await page.getByRole("button", { name: "Preview" }).click();

  const heading = page.getByRole("region", { name: title }).getByRole("heading", { level: 2, name: title });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole("region", { name: title }).getByRole("heading", { name: "Why hills" })).toBeVisible();
});
