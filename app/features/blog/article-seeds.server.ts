import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { splitPostFile } from "./content.server";

/**
 * The articles of content/blog, the content store's first-start seed. Read from the working
 * directory at start-up, like the migrations: the server process runs outside the Vite bundle.
 * Each keeps its front-matter date as the moment it went live.
 */
export function articleSeeds(
  dir = path.resolve(process.cwd(), "content/blog"),
): { key: string; data: Record<string, unknown>; publishedAt: Date }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const { slug, data } = splitPostFile(`content/blog/${name}`, readFileSync(path.join(dir, name), "utf8"));
      return { key: slug, data, publishedAt: new Date(`${String(data.date)}T00:00:00Z`) };
    });
}
