import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The rendered pictures under public/media are committed so a fresh clone renders nothing
// (scripts/build-images.mjs). This keeps them honest: every source has derivatives made from
// exactly its current bytes. After changing a picture, run `npm run build` and commit public/media.
const SRC = path.resolve("content/media");
const OUT = path.resolve("public/media");

interface ManifestEntry {
  sha256: string;
  files: string[];
  widths?: number[];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe("committed media derivatives", () => {
  const manifest = JSON.parse(readFileSync(path.join(OUT, "manifest.json"), "utf8")) as {
    sources: Record<string, ManifestEntry>;
  };
  const files = sources(SRC).filter((file) => /\.(svg|png|jpe?g|webp|mp4|webm|vtt)$/i.test(file));

  it.each(files.map((file) => path.relative(SRC, file).split(path.sep).join("/")))(
    "%s is rendered from its current bytes",
    (rel) => {
      const entry = manifest.sources[rel];
      expect(entry, `${rel} has no derivatives: run npm run build and commit public/media`).toBeDefined();
      const sha256 = createHash("sha256")
        .update(readFileSync(path.join(SRC, rel)))
        .digest("hex");
      expect(entry?.sha256, `${rel} changed since its derivatives were rendered: run npm run build`).toBe(sha256);
      for (const name of entry?.files ?? []) expect(existsSync(path.join(OUT, name)), name).toBe(true);
      if (!/\.(mp4|webm|vtt)$/i.test(rel)) {
        expect(entry?.files.some((name) => name.endsWith(".avif"))).toBe(true);
        expect(entry?.files.some((name) => name.endsWith(".webp"))).toBe(true);
        expect(entry?.widths?.length).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it("lists no source that no longer exists", () => {
    const present = new Set(files.map((file) => path.relative(SRC, file).split(path.sep).join("/")));
    expect(Object.keys(manifest.sources).filter((rel) => !present.has(rel))).toEqual([]);
  });
});
