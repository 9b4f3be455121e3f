import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { and, eq, like } from "drizzle-orm";
import {
  completeRenderings,
  MAX_UPLOAD_BYTES,
  readFileData,
  storeImage,
  storePdf,
  UploadError,
  UPLOAD_IMAGE,
} from "~/features/content/uploads.server";
import { contentFileData, contentFiles } from "#db/schema";
import { mediaWidths } from "~/ui/picture";

const trainer = { userId: "trainer" };
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/uploads/${name}`));

/** A phone photo as a camera writes it: a JPEG carrying place, camera and an upright-turn flag. */
async function phoneJpeg(width = 1200, height = 900): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Fixture 2" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 53/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
    .then((b) => new Uint8Array(b));
}

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe.each(engines)("uploads on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("turns a phone JPEG into upright AVIF and WebP at the page's widths, with no metadata left", async () => {
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif, "the test photo carries a location").toBeDefined();
    const stored = await storeImage(database.db, { name: "IMG_0042.JPG", bytes: jpeg }, "A green field", trainer);
    expect(await stored.complete).toBe(true);
    // Orientation 6: the camera held sideways; the stored picture is upright (portrait).
    expect([stored.width, stored.height]).toEqual([900, 1200]);
    expect(stored.src).toMatch(UPLOAD_IMAGE);
    const widths = mediaWidths({ src: stored.src, width: stored.width, height: stored.height, alt: "" });
    for (const w of widths) {
      for (const [format, type] of [
        ["avif", "image/avif"],
        ["webp", "image/webp"],
      ] as const) {
        const file = await readFileData(database.db, stored.id, `${w}.${format}`);
        expect(file?.contentType, `${w}.${format}`).toBe(type);
        const meta = await sharp(file!.data).metadata();
        expect(meta.width).toBe(w);
        expect(meta.exif, "no EXIF (place, camera) in the rendering").toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
    }
    const rows = await database.db.select().from(contentFiles);
    expect(rows.find((r) => r.id === stored.id)?.alt).toBe("A green field");
  });

  it("answers once the WebP renderings are stored; the AVIF ones follow after the answer", async () => {
    const stored = await storeImage(
      database.db,
      { name: "IMG_0050.JPG", bytes: await phoneJpeg(2400, 1800) },
      "A field",
      trainer,
    );
    const widths = mediaWidths({ src: stored.src, width: stored.width, height: stored.height, alt: "" });
    for (const w of widths) expect(await readFileData(database.db, stored.id, `${w}.webp`), `${w}.webp`).toBeDefined();
    expect(await stored.complete).toBe(true);
    for (const w of widths) expect(await readFileData(database.db, stored.id, `${w}.avif`), `${w}.avif`).toBeDefined();
    const [row] = await database.db.select().from(contentFiles).where(eq(contentFiles.id, stored.id));
    const all = await database.db.select().from(contentFileData).where(eq(contentFileData.fileId, stored.id));
    expect(row?.bytes, "the file's size counts every rendering").toBe(all.reduce((sum, r) => sum + r.data.length, 0));
  });

  it("makes the AVIF renderings an older picture lacks (its upload cut short) from its largest WebP", async () => {
    const stored = await storeImage(
      database.db,
      { name: "IMG_0051.JPG", bytes: await phoneJpeg(2000, 1500) },
      "A lake",
      trainer,
    );
    await stored.complete;
    await database.db
      .delete(contentFileData)
      .where(and(eq(contentFileData.fileId, stored.id), like(contentFileData.variant, "%.avif")));
    // Within its first minutes a picture is left to its own upload.
    expect(await completeRenderings(database.db, stored.id)).toBe(false);
    await database.db
      .update(contentFiles)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(contentFiles.id, stored.id));
    expect(await completeRenderings(database.db, stored.id)).toBe(true);
    // Turned upright (1500 wide), so 1440 is its largest rendering.
    const avif = await readFileData(database.db, stored.id, "1440.avif");
    expect(avif?.contentType).toBe("image/avif");
    expect((await sharp(avif!.data).metadata()).width).toBe(1440);
  });

  it("decodes an iPhone-style HEIC photo (HEVC) and drops its location", async () => {
    const heic = fixture("phone-photo.heic");
    // The fixture itself carries a GPS position, so the test proves it is left behind.
    expect((await sharp(heic).metadata()).exif).toBeDefined();
    const stored = await storeImage(database.db, { name: "IMG_1001.HEIC", bytes: heic }, "Hills at dawn", trainer);
    expect([stored.width, stored.height]).toEqual([800, 600]);
    const file = await readFileData(database.db, stored.id, "480.webp");
    const meta = await sharp(file!.data).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    // Real pixels came through (the fixture has a sky above green hills), not a blank frame.
    const { channels } = await sharp(file!.data).stats();
    expect(channels[2]!.max - channels[2]!.min).toBeGreaterThan(50);
  });

  it("takes a PNG screenshot too", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    const stored = await storeImage(database.db, { name: "chart.png", bytes: new Uint8Array(png) }, "A chart", trainer);
    expect(stored.width).toBe(600);
  });

  it("refuses, in plain words, a file that is not a photo, one too large, one damaged, and a missing description", async () => {
    const text = new TextEncoder().encode("just some notes, not a picture");
    expect((await refusal(storeImage(database.db, { name: "notes.txt", bytes: text }, "x", trainer))).message).toMatch(
      /not a JPEG, HEIC or PNG/,
    );
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    const tooLarge = await refusal(storeImage(database.db, { name: "huge.jpg", bytes: big }, "x", trainer));
    expect(tooLarge.message).toMatch(/limit is 20 MB/);
    const jpeg = await phoneJpeg();
    const damaged = await refusal(
      storeImage(database.db, { name: "cut.jpg", bytes: jpeg.subarray(0, jpeg.length / 3) }, "x", trainer),
    );
    expect(damaged.message).toMatch(/could not be read/);
    const heic = fixture("phone-photo.heic");
    expect(
      (await refusal(storeImage(database.db, { name: "cut.heic", bytes: heic.subarray(0, 600) }, "x", trainer)))
        .message,
    ).toMatch(/could not be read/);
    const noAlt = await refusal(storeImage(database.db, { name: "ok.jpg", bytes: jpeg }, "  ", trainer));
    expect(noAlt.field).toBe("imageAlt");
    expect(noAlt.message).toMatch(/Describe what the photo shows/);
  });

  it("keeps a PDF as it is and refuses anything else", async () => {
    const pdf = new Uint8Array(readFileSync("content/lead-magnets/best-triathlon-gear.pdf"));
    const stored = await storePdf(database.db, { name: "guide.pdf", bytes: pdf }, trainer);
    const file = await readFileData(database.db, stored.id, "original.pdf");
    expect(file?.contentType).toBe("application/pdf");
    expect(Buffer.from(file!.data).equals(Buffer.from(pdf))).toBe(true);
    const fake = new TextEncoder().encode("<html>not a pdf</html>");
    expect((await refusal(storePdf(database.db, { name: "guide.pdf", bytes: fake }, trainer))).message).toMatch(
      /is not a PDF/,
    );
  });
});
