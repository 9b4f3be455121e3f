import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { contentFileData, contentFiles } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { mediaWidths } from "~/ui/picture";
import { MAX_UPLOAD_BYTES } from "./article-form";

/**
 * Pictures and PDFs the trainer uploads from the back office, kept in the database
 * (content_files + content_file_data) so every instance serves them and every backup holds them.
 *
 * A picture arrives as a phone makes it (JPEG, HEIC or PNG, up to 20 MB) and is stored only as the
 * AVIF and WebP renderings the pages ask for: the widths of `mediaWidths` (the same rule as the
 * build's scripts/build-images.mjs), turned upright, with every piece of metadata (place, camera,
 * time) left behind. The original is not kept.
 *
 * The trainer waits only for the WebP renderings (about half a second for a 12-megapixel photo):
 * the AVIF ones take the encoder seconds per width, so they are made after the answer, one picture
 * at a time. Until they are stored, an AVIF address sends the browser to the WebP of that width.
 */

export { MAX_UPLOAD_BYTES };
/** A phone's 48-megapixel mode fits; a decompression bomb does not. */
const MAX_PIXELS = 100_000_000;

/** Render settings: the same as the build's (scripts/build-images.mjs). */
const AVIF = { quality: 50, effort: 4 } as const;
const WEBP = { quality: 72 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

/** Where an uploaded picture lives in an article's `image` field: its id and size in the name. */
export const UPLOAD_IMAGE = /^uploads\/([0-9a-f-]{36})-(\d+)x(\d+)\.webp$/;

export class UploadError extends Error {
  override name = "UploadError";
  /** The form field the message belongs under. */
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

type ImageType = "jpeg" | "png" | "heic";

/** What the first bytes say the file is, whatever its name or the browser claims. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  // ISO media: a box "ftyp" at offset 4, then the brand. HEIC photos say heic/heix (or mif1/msf1 with hevc inside).
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(4, 8) === "ftyp") {
    const brands = ascii(8, Math.min(bytes.length, 64));
    if (/heic|heix|hevc|hevx|heim|heis|mif1|msf1/.test(brands)) return "heic";
  }
  return null;
}

export function isPdf(bytes: Uint8Array): boolean {
  // "%PDF-" at the start (some writers put a few bytes before it; the format allows 1024).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-") && Buffer.from(bytes.subarray(-1024)).toString("latin1").includes("%%EOF");
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The refusal of a photo or PDF of `bytes` over MAX_UPLOAD_BYTES, whether read whole or only counted. */
export function oversizedUpload(field: "imageFile" | "magnetFile", bytes: number): UploadError {
  return field === "imageFile"
    ? new UploadError(
        field,
        `The photo is ${megabytes(bytes)}; the limit is 20 MB. Choose a smaller photo or send it to yourself at a smaller size first.`,
      )
    : new UploadError(
        field,
        `The PDF is ${megabytes(bytes)}; the limit is 20 MB. Save it with smaller pictures and try again.`,
      );
}

/**
 * HEIC (HEVC inside) is decoded by libheif compiled to WebAssembly (heic-decode): sharp's own
 * libvips build reads HEIC headers but cannot decode HEVC. WebAssembly runs on the thread that
 * calls it, so it runs in a worker thread of its own: a 12-megapixel photo takes about a second to
 * decode and the server keeps answering other visitors meanwhile.
 */
const heicModule = createRequire(import.meta.url).resolve("heic-decode");
const HEIC_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.module);
decode({ buffer: workerData.bytes }).then(
  (image) => parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);`;

function decodeHeic(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HEIC_WORKER, { eval: true, workerData: { module: heicModule, bytes } });
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once("message", (m: { width: number; height: number; data: Uint8ClampedArray } | { error: string }) =>
      done(() => ("error" in m ? reject(new Error(m.error)) : resolve(m))),
    );
    worker.once("error", (error) => done(() => reject(error)));
    worker.once("exit", () => done(() => reject(new Error("the HEIC decoder stopped"))));
  });
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The upload's pixels, upright, decoded once (each rendering starts from them). Metadata stays
 * behind: only pixels go on. sharp does its work off the main thread.
 */
async function decodePixels(bytes: Uint8Array, type: ImageType): Promise<Pixels> {
  if (type === "heic") {
    const image = await decodeHeic(bytes);
    if (image.width * image.height > MAX_PIXELS) throw new Error("too many pixels");
    // libheif has already applied the photo's rotation.
    const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    return { data, width: image.width, height: image.height, channels: 4 };
  }
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export interface StoredImage {
  id: string;
  /** The value for an article's `image` field. */
  src: string;
  width: number;
  height: number;
  /** Settles once the AVIF renderings are stored too: false if that failed (they are made on a later request). */
  complete: Promise<boolean>;
}

/** The AVIF renderings still to make, one picture at a time: on a small server visitors keep a core. */
let avifQueue: Promise<unknown> = Promise.resolve();

/**
 * A moment before the work starts: the AVIF encoder takes every core it is given, and the page the
 * upload's answer renders must not wait behind it.
 */
const AVIF_START_DELAY_MS = 1_000;

function later(task: () => Promise<void>): Promise<boolean> {
  const run = avifQueue
    .then(() => new Promise((resolve) => setTimeout(resolve, AVIF_START_DELAY_MS)))
    .then(task)
    .then(
      () => true,
      () => false,
    );
  avifQueue = run;
  return run;
}

type Rendering = { variant: string; contentType: string; data: Uint8Array };

/** Renders `pixels` at each width in one format. */
async function render(pixels: Pixels, widths: number[], format: "avif" | "webp"): Promise<Rendering[]> {
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
  const renderings: Rendering[] = [];
  // One at a time: on a small server the other visitors keep a core.
  for (const w of widths) {
    const resized = sharp(pixels.data, raw).resize({ width: w });
    const data = format === "avif" ? await resized.avif(AVIF).toBuffer() : await resized.webp(WEBP).toBuffer();
    renderings.push({ variant: `${w}.${format}`, contentType: `image/${format}`, data });
  }
  return renderings;
}

/** Adds renderings to a stored picture (a rendering already there, made by another instance, is kept). */
async function addRenderings(db: Db, id: string, renderings: Rendering[]): Promise<void> {
  if (renderings.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(contentFileData)
      .values(renderings.map((r) => ({ fileId: id, ...r })))
      .onConflictDoNothing();
    const added = renderings.reduce((sum, r) => sum + r.data.length, 0);
    await tx
      .update(contentFiles)
      .set({ bytes: sql`${contentFiles.bytes} + ${added}` })
      .where(eq(contentFiles.id, id));
  });
}

interface Actor {
  userId: string;
}

/**
 * Checks, renders and stores one picture. Every refusal is an UploadError with a sentence for the
 * trainer; nothing is stored unless every rendering succeeded.
 */
export async function storeImage(
  db: Db,
  file: { name: string; bytes: Uint8Array },
  alt: string,
  actor: Actor,
): Promise<StoredImage> {
  if (file.bytes.length === 0) throw new UploadError("imageFile", "The chosen file is empty. Choose the photo again.");
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw oversizedUpload("imageFile", file.bytes.length);
  const type = sniffImage(file.bytes);
  if (!type)
    throw new UploadError(
      "imageFile",
      `"${file.name}" is not a JPEG, HEIC or PNG photo. Choose a photo from your camera or gallery.`,
    );
  if (alt.trim() === "")
    throw new UploadError(
      "imageAlt",
      "Describe what the photo shows in a few words, for visitors who cannot see it (for example: Runner on a forest trail at sunrise).",
    );

  let pixels: Pixels;
  try {
    pixels = await decodePixels(file.bytes, type);
  } catch {
    throw new UploadError(
      "imageFile",
      `"${file.name}" could not be read as a picture; it may be damaged or only partly uploaded. Try it again or choose another photo.`,
    );
  }
  const { width, height } = pixels;

  const widths = mediaWidths({ src: "upload.webp", width, height, alt });
  // The renderings start from one copy at the largest width they need, not from the whole photo.
  const largest = Math.max(...widths);
  const source = largest < width ? await downscale(pixels, largest) : pixels;
  const renderings = await render(source, widths, "webp");

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentFiles)
      .values({
        kind: "image",
        originalName: file.name.slice(0, 200),
        alt: alt.trim(),
        width,
        height,
        bytes: renderings.reduce((sum, r) => sum + r.data.length, 0),
        createdBy: actor.userId,
      })
      .returning({ id: contentFiles.id });
    await tx.insert(contentFileData).values(renderings.map((r) => ({ fileId: row!.id, ...r })));
    return row!.id;
  });
  const complete = later(async () => addRenderings(db, id, await render(source, widths, "avif")));
  return { id, src: `uploads/${id}-${width}x${height}.webp`, width, height, complete };
}

async function downscale(pixels: Pixels, width: number): Promise<Pixels> {
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
  const { data, info } = await sharp(pixels.data, raw).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** How long a picture's own upload is given to finish its AVIF renderings before a request makes them. */
const AVIF_GRACE_MS = 2 * 60_000;
const completing = new Set<string>();

/**
 * Makes the AVIF renderings a picture lacks (its upload's background work was cut short, by a
 * restart say), from its largest WebP rendering, once per picture at a time on this instance. A
 * picture uploaded in the last two minutes is left to its own upload. True when nothing is missing.
 */
export async function completeRenderings(db: Db, id: string): Promise<boolean> {
  if (completing.has(id)) return false;
  const [file] = await db
    .select({
      kind: contentFiles.kind,
      width: contentFiles.width,
      height: contentFiles.height,
      at: contentFiles.createdAt,
    })
    .from(contentFiles)
    .where(eq(contentFiles.id, id));
  if (!file || file.kind !== "image" || !file.width || !file.height) return false;
  if (Date.now() - file.at.getTime() < AVIF_GRACE_MS) return false;
  const have = new Set(
    (
      await db.select({ variant: contentFileData.variant }).from(contentFileData).where(eq(contentFileData.fileId, id))
    ).map((r) => r.variant),
  );
  const widths = mediaWidths({ src: "upload.webp", width: file.width, height: file.height, alt: "" });
  const missing = widths.filter((w) => !have.has(`${w}.avif`));
  if (missing.length === 0) return true;
  const largest = await readFileData(db, id, `${Math.max(...widths)}.webp`);
  if (!largest) return false;
  completing.add(id);
  try {
    return await later(async () => {
      const { data, info } = await sharp(largest.data).raw().toBuffer({ resolveWithObject: true });
      const pixels = { data, width: info.width, height: info.height, channels: info.channels };
      await addRenderings(db, id, await render(pixels, missing, "avif"));
    });
  } finally {
    completing.delete(id);
  }
}

/**
 * A picture's JPEG rendering at `width`, for e-mail (several mail apps show no WebP): made from the
 * WebP of that width the first time it is asked for and kept, so a newsletter's recipients share one.
 */
export async function jpegRendering(
  db: Db,
  id: string,
  width: string,
): Promise<{ contentType: string; data: Uint8Array } | undefined> {
  const kept = await readFileData(db, id, `${width}.jpg`);
  if (kept) return kept;
  const webp = await readFileData(db, id, `${width}.webp`);
  if (!webp) return undefined;
  // JPEG has no transparency: a transparent PNG's background becomes the mail's white.
  const data = await sharp(webp.data).flatten({ background: "#ffffff" }).jpeg(JPEG).toBuffer();
  const rendering = { variant: `${width}.jpg`, contentType: "image/jpeg", data };
  await addRenderings(db, id, [rendering]);
  return rendering;
}

/** Checks and stores a lead magnet's PDF (kept as it is: it is the trainer's own document). */
export async function storePdf(
  db: Db,
  file: { name: string; bytes: Uint8Array },
  actor: Actor,
): Promise<{ id: string; name: string }> {
  if (file.bytes.length === 0) throw new UploadError("magnetFile", "The chosen file is empty. Choose the PDF again.");
  if (file.bytes.length > MAX_UPLOAD_BYTES) throw oversizedUpload("magnetFile", file.bytes.length);
  if (!isPdf(file.bytes))
    throw new UploadError(
      "magnetFile",
      `"${file.name}" is not a PDF. Save or export the document as PDF and choose that file.`,
    );
  const name = file.name.slice(0, 200);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentFiles)
      .values({ kind: "pdf", originalName: name, bytes: file.bytes.length, createdBy: actor.userId })
      .returning({ id: contentFiles.id });
    await tx
      .insert(contentFileData)
      .values({ fileId: row!.id, variant: "original.pdf", contentType: "application/pdf", data: file.bytes });
    return row!.id;
  });
  return { id, name };
}

/**
 * Stores a PDF under an id its caller derived (a seeded guide), once: a second call with the same id,
 * from this start or another instance's, stores nothing.
 */
export async function storeSeededPdf(db: Db, file: { id: string; name: string; bytes: Uint8Array }): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contentFiles)
      .values({ id: file.id, kind: "pdf", originalName: file.name, bytes: file.bytes.length, createdBy: null })
      .onConflictDoNothing()
      .returning({ id: contentFiles.id });
    if (inserted.length === 0) return;
    await tx
      .insert(contentFileData)
      .values({ fileId: file.id, variant: "original.pdf", contentType: "application/pdf", data: file.bytes });
  });
}

/**
 * Every stored file's id and original name as a subquery, for another owner's statement to join
 * (a download link names its file in the same query that finds the link).
 */
export function fileNames(db: Db) {
  return db.select({ id: contentFiles.id, name: contentFiles.originalName }).from(contentFiles).as("file_names");
}

export async function fileInfo(
  db: Db,
  id: string,
): Promise<{ id: string; kind: string; originalName: string; bytes: number } | undefined> {
  const [row] = await db
    .select({
      id: contentFiles.id,
      kind: contentFiles.kind,
      originalName: contentFiles.originalName,
      bytes: contentFiles.bytes,
    })
    .from(contentFiles)
    .where(eq(contentFiles.id, id));
  return row;
}

/** One stored rendering or document, or undefined. */
export async function readFileData(
  db: Db,
  id: string,
  variant: string,
): Promise<{ contentType: string; data: Uint8Array } | undefined> {
  const [row] = await db
    .select({ contentType: contentFileData.contentType, data: contentFileData.data })
    .from(contentFileData)
    .where(and(eq(contentFileData.fileId, id), eq(contentFileData.variant, variant)));
  return row;
}
