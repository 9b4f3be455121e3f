// Times one phone photo through the article editor's upload path (storeImage: decode, turn
// upright, render WebP at every width, store in the database, answer; then the AVIF renderings
// after the answer) and measures how long the server's event loop was held meanwhile, which is
// what other visitors would wait for.
// Run: node --import tsx bench/upload.ts   (a 12-megapixel JPEG; a HEIC too when heif-enc is installed)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import sharp from "sharp";
import { openDatabase } from "~/infra/db.server";
import { storeImage } from "~/features/content/uploads.server";

/** A photo-like 4000 x 3000 picture (gradients and noise, so the encoders have real work). */
async function twelveMegapixels(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#6fb7e0" stop-opacity=".8"/><stop offset="1" stop-color="#2f6b4f" stop-opacity=".8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const database = await openDatabase({ dataDir: "", memory: true });
const jpeg = await twelveMegapixels();
const inputs: { name: string; bytes: Buffer }[] = [{ name: "photo-12mp.jpg", bytes: jpeg }];
const dir = mkdtempSync(path.join(tmpdir(), "upload-bench-"));
try {
  writeFileSync(path.join(dir, "in.jpg"), jpeg);
  execFileSync("heif-enc", ["-q", "60", "-o", path.join(dir, "photo.heic"), path.join(dir, "in.jpg")]);
  inputs.push({ name: "photo-12mp.heic", bytes: readFileSync(path.join(dir, "photo.heic")) });
} catch {
  console.log("heif-enc is not installed: HEIC skipped (apt-get install libheif-examples)");
}
rmSync(dir, { recursive: true, force: true });

for (const input of inputs) {
  const runs: { ms: number; completeMs: number; maxBlockMs: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const start = performance.now();
    const stored = await storeImage(database.db, { name: input.name, bytes: new Uint8Array(input.bytes) }, "bench", {
      userId: "bench",
    });
    const ms = performance.now() - start;
    await stored.complete;
    const completeMs = performance.now() - start;
    delay.disable();
    runs.push({ ms, completeMs, maxBlockMs: delay.max / 1e6 });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  console.log(
    `${input.name} (${(input.bytes.length / 1024 / 1024).toFixed(1)} MB): ` +
      `answered ${median(runs.map((r) => r.ms)).toFixed(0)} ms median of 3 (${runs.map((r) => r.ms.toFixed(0)).join(", ")}), ` +
      `AVIF done ${median(runs.map((r) => r.completeMs)).toFixed(0)} ms, ` +
      `longest event-loop block ${median(runs.map((r) => r.maxBlockMs)).toFixed(0)} ms median (${runs.map((r) => r.maxBlockMs.toFixed(0)).join(", ")})`,
  );
}
await database.close();
