// Times what the trainer waits for when she taps Preview in the article editor with a new 12-megapixel
// phone photo chosen: the whole POST through the production build (upload parsed, photo stored,
// article rendered, page answered), three times, and how long the server's event loop was held.
// Run after `npm run build`: node --import tsx bench/preview.ts   (BUILD_DIR picks another build;
// a HEIC too when heif-enc is installed: apt-get install libheif-examples)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { ServerBuild } from "react-router";
import { and, count, eq, sql } from "drizzle-orm";
import { contentFiles } from "#db/schema";
import sharp from "sharp";
import { parseEnv } from "~/infra/env.server";
import { createServices } from "../server/services";
import { createApp } from "../server/app";
import { enrolledTrainer } from "../tests/support/trainer";

/** A photo-like 4000 x 3000 picture (gradients and noise, so the encoders have real work), as bench/upload.ts makes it. */
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

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const env = parseEnv({
  NODE_ENV: "production",
  SITE_URL: site,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "preview-bench-")),
  LOG_LEVEL: "silent",
  AUTH_SECRET: "bench-secret-of-at-least-32-characters-long",
  RATE_LIMIT_FORMS_PER_MINUTE: "1000",
  RATE_LIMIT_POSTS_PER_MINUTE: "1000",
});
const services = await createServices(env, { memoryDb: true, startOutbox: false });
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
const { jar } = await enrolledTrainer(
  { services, cspNonce: "bench", clientIp: "203.0.113.40" },
  site,
  "bench@example.com",
);

const jpeg = await twelveMegapixels();
const photos: { name: string; type: string; bytes: Buffer }[] = [
  { name: "IMG_0042.JPG", type: "image/jpeg", bytes: jpeg },
];
const dir = mkdtempSync(path.join(tmpdir(), "preview-bench-photo-"));
try {
  writeFileSync(path.join(dir, "in.jpg"), jpeg);
  execFileSync("heif-enc", ["-q", "60", "-o", path.join(dir, "photo.heic"), path.join(dir, "in.jpg")]);
  photos.push({ name: "IMG_0043.HEIC", type: "image/heic", bytes: readFileSync(path.join(dir, "photo.heic")) });
} catch {
  console.log("heif-enc is not installed: HEIC skipped (apt-get install libheif-examples)");
}
rmSync(dir, { recursive: true, force: true });
const firstPost = readdirSync("content/blog").find((name) => name.endsWith(".md")) ?? "";
const seedImage = /^image:\s*(\S+)/m.exec(readFileSync(path.join("content/blog", firstPost), "utf8"))?.[1] ?? "";
/**
 * Waits until every uploaded picture has all its renderings (work a build may do after the answer),
 * so one run's later work does not slow the next: the trainer uploads a photo now and then.
 */
async function renderingsDone() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const [{ missing } = { missing: 0 }] = await services.database.db
      .select({ missing: count() })
      .from(contentFiles)
      .where(
        and(
          eq(contentFiles.kind, "image"),
          sql`(select count(*) from content_file_data d where d.file_id = ${contentFiles.id} and d.variant like '%.avif') <
            (select count(*) from content_file_data d where d.file_id = ${contentFiles.id} and d.variant like '%.webp')`,
        ),
      );
    if (missing === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let n = 0;
for (const photo of photos) {
  const runs: { ms: number; maxBlockMs: number }[] = [];
  for (let i = 0; i < 3; i++) {
    n += 1;
    const body = new FormData();
    const fields: Record<string, string> = {
      intent: "preview",
      title: `Hill repeats ${n}`,
      slug: `hill-repeats-${n}`,
      excerpt: "Why short climbs make flat running feel easier.",
      date: "2026-11-23",
      author: "Mila Jansen",
      authorTitle: "Coach",
      keywords: "hills",
      image: seedImage,
      imageAlt: "Green hills under a morning sky",
      body: "## Why hills\n\nShort climbs build strength.\n\n## Conclusion\n\nTry one a week.",
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("imageFile", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const start = performance.now();
    const response = await fetch(jar.request("/admin/articles/new", { body }), { redirect: "manual" });
    const html = await response.text();
    const ms = performance.now() - start;
    delay.disable();
    if (response.status !== 200 || !html.includes('id="preview-title"'))
      throw new Error(`no preview: ${response.status} ${html.slice(0, 300)}`);
    runs.push({ ms, maxBlockMs: delay.max / 1e6 });
    await renderingsDone();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  console.log(
    `Preview with a new ${(photo.bytes.length / 1024 / 1024).toFixed(1)} MB 4000 x 3000 ${photo.name.split(".")[1]}: ` +
      `${median(runs.map((r) => r.ms)).toFixed(0)} ms median of 3 (${runs.map((r) => r.ms.toFixed(0)).join(", ")}), ` +
      `longest event-loop block ${median(runs.map((r) => r.maxBlockMs)).toFixed(0)} ms median`,
  );
}
server.close();
await services.close();
// Background work (a later rendering) must not keep the benchmark alive.
process.exit(0);
