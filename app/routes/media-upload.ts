import type { Route } from "./+types/media-upload";
import { requireServices } from "~/context";
import { completeRenderings, jpegRendering, readFileData } from "~/features/content/uploads.server";

/**
 * `<id>-<width>x<height>-<rendering width>.<avif|webp|jpg>`, as `<Picture>` builds it from an uploaded
 * image (jpg: the newsletter's e-mails).
 */
const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+x\d+-(\d+)\.(avif|webp|jpg)$/;

/**
 * GET /media/uploads/:name: one rendering of an uploaded picture, from the database. A file's id
 * never gets other bytes (a new upload is a new id), so browsers and CDNs may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const match = NAME.exec(params.name ?? "");
  const notFound = () =>
    new Response("No such picture.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!match) return notFound();
  const [, id, width, format] = match;
  const db = services.database.db;
  const file =
    format === "jpg" ? await jpegRendering(db, id!, width!) : await readFileData(db, id!, `${width}.${format}`);
  if (!file && format === "avif" && (await readFileData(db, id!, `${width}.webp`))) {
    // The AVIF renderings are made after the upload's answer: meanwhile the WebP of that width,
    // and this address asked again next time (not cached). One cut short is made now.
    void completeRenderings(db, id!).catch((error: unknown) =>
      services.logger.warn({ err: error, id }, "an uploaded picture's AVIF renderings could not be made"),
    );
    return new Response(null, {
      status: 307,
      headers: { Location: `/media/uploads/${params.name!.replace(/\.avif$/, ".webp")}`, "Cache-Control": "no-store" },
    });
  }
  if (!file) return notFound();
  // A copy in a plain ArrayBuffer: the drivers may hand back a view on a shared one.
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
