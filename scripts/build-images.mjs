// Renders every picture in content/media to responsive AVIF and WebP files under public/media
// (3+ widths) and copies video as it is. The results are committed, so a fresh clone renders
// nothing: public/media/manifest.json records each source's SHA-256 and the render settings, and
// only a source whose hash (or the settings) changed is rendered again. `scripts/media.test.ts`
// fails when a derivative is missing or was made from another version of its source.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const SRC = path.resolve("content/media");
const OUT = path.resolve("public/media");
const MANIFEST = path.join(OUT, "manifest.json");
const WIDTHS = [480, 960, 1440, 1920];
// Change this when the widths or encoder settings below change: every image is rendered again.
const RENDER_SETTINGS = "avif-q50-e4/webp-q72/widths-480-960-1440-1920/svg-2x";

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const previous = existsSync(MANIFEST) ? JSON.parse(await readFile(MANIFEST, "utf8")) : {};
const sameSettings = previous.settings === RENDER_SETTINGS;
const manifest = { settings: RENDER_SETTINGS, sources: {} };
let sharp;
let rendered = 0;

for await (const file of walk(SRC)) {
  const rel = path.relative(SRC, file).split(path.sep).join("/");
  const ext = path.extname(rel).toLowerCase();
  const outBase = path.join(OUT, rel.slice(0, -ext.length));
  const input = await readFile(file);
  const sha256 = createHash("sha256").update(input).digest("hex");
  const known = sameSettings ? previous.sources?.[rel] : undefined;
  const upToDate = (entry) => entry?.sha256 === sha256 && entry.files.every((name) => existsSync(path.join(OUT, name)));

  if ([".mp4", ".webm", ".vtt"].includes(ext)) {
    const entry = { sha256, files: [rel] };
    if (!upToDate(known)) {
      await mkdir(path.dirname(outBase), { recursive: true });
      await copyFile(file, path.join(OUT, rel));
      rendered++;
    }
    manifest.sources[rel] = entry;
    continue;
  }
  if (![".svg", ".png", ".jpg", ".jpeg", ".webp"].includes(ext)) continue;
  if (upToDate(known)) {
    manifest.sources[rel] = known;
    continue;
  }
  // sharp is only loaded when something must be rendered (a fresh clone never needs it).
  sharp ??= (await import("sharp")).default;
  await mkdir(path.dirname(outBase), { recursive: true });
  const meta = await sharp(input).metadata();
  const intrinsic = meta.width ?? 1200;
  // Render SVGs at up to 2x their intrinsic width so large screens stay sharp.
  const maxWidth = ext === ".svg" ? intrinsic * 2 : intrinsic;
  const widths = WIDTHS.filter((w) => w <= maxWidth);
  if (widths.length < 3) widths.splice(0, widths.length, ...WIDTHS.slice(0, 3));
  const files = [];
  for (const name of known?.files ?? []) await rm(path.join(OUT, name), { force: true });
  for (const width of widths) {
    for (const format of ["avif", "webp"]) {
      const out = `${outBase}-${width}.${format}`;
      const density = ext === ".svg" ? Math.max(72, Math.ceil((72 * width) / intrinsic)) : undefined;
      const image = sharp(input, density ? { density } : {}).resize({ width });
      await (format === "avif" ? image.avif({ quality: 50, effort: 4 }) : image.webp({ quality: 72 })).toFile(out);
      files.push(path.relative(OUT, out).split(path.sep).join("/"));
      rendered++;
    }
  }
  manifest.sources[rel] = { sha256, width: meta.width, height: meta.height, widths, files };
}
const text = JSON.stringify(manifest, null, 2) + "\n";
// Written only when it changed, so tests reading it while a build runs never see half a file.
if (!existsSync(MANIFEST) || (await readFile(MANIFEST, "utf8")) !== text) await writeFile(MANIFEST, text);
console.log(`images: ${Object.keys(manifest.sources).length} sources, ${rendered} files rendered`);
