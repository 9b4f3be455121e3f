// Renders every picture in content/media to responsive AVIF and WebP files under
// public/media (3+ widths), copies SVG and video as they are, and writes
// public/media/manifest.json with each source's intrinsic size and widths.
import { mkdir, readdir, readFile, stat, writeFile, copyFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const SRC = path.resolve("content/media");
const OUT = path.resolve("public/media");
const WIDTHS = [480, 960, 1440, 1920];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const fresh = async (src, out) => {
  try {
    return (await stat(out)).mtimeMs >= (await stat(src)).mtimeMs;
  } catch {
    return false;
  }
};

const manifest = {};
let rendered = 0;
for await (const file of walk(SRC)) {
  const rel = path.relative(SRC, file).split(path.sep).join("/");
  const ext = path.extname(rel).toLowerCase();
  const outBase = path.join(OUT, rel.slice(0, -ext.length));
  await mkdir(path.dirname(outBase), { recursive: true });
  if ([".mp4", ".webm", ".vtt"].includes(ext)) {
    await copyFile(file, path.join(OUT, rel));
    continue;
  }
  if (![".svg", ".png", ".jpg", ".jpeg", ".webp"].includes(ext)) continue;
  const input = await readFile(file);
  const meta = await sharp(input).metadata();
  const intrinsic = meta.width ?? 1200;
  // Render SVGs at up to 2x their intrinsic width so large screens stay sharp.
  const maxWidth = ext === ".svg" ? intrinsic * 2 : intrinsic;
  const widths = WIDTHS.filter((w) => w <= maxWidth);
  if (widths.length < 3) widths.splice(0, widths.length, ...WIDTHS.slice(0, 3));
  manifest[rel] = { width: meta.width, height: meta.height, widths };
  for (const width of widths) {
    for (const format of ["avif", "webp"]) {
      const out = `${outBase}-${width}.${format}`;
      if (await fresh(file, out)) continue;
      const density = ext === ".svg" ? Math.max(72, Math.ceil((72 * width) / intrinsic)) : undefined;
      const image = sharp(input, density ? { density } : {}).resize({ width });
      await (format === "avif" ? image.avif({ quality: 50, effort: 4 }) : image.webp({ quality: 72 })).toFile(out);
      rendered++;
    }
  }
}
await writeFile(path.join(OUT, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(`images: ${Object.keys(manifest).length} sources, ${rendered} files rendered`);
