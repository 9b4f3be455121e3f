import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/**
 * Reads a posted form part by part, for the back-office editors that take files
 * (docs/decisions/060-editor-bodies.md). The server refuses no size before these routes, so a photo
 * over its limit reaches the editor and is answered under its field, with every other field as she
 * typed it; memory holds at most each file's limit and TEXT_FIELD_BYTES per text field, and the rest
 * of an oversized part is read and dropped.
 */

/** Per text field: a 200,000-character article body is at most 600 KB in UTF-8. */
export const TEXT_FIELD_BYTES = 1024 * 1024;
/** More parts than any editor has: a post past this is not from one. */
const MAX_FIELDS = 2_000;
const MAX_FILES = 8;

export interface PostedForm {
  /** Text fields, and each file within its limit (an empty file input gives an empty File, as the browser's FormData does). */
  form: FormData;
  /** Files over their limit, by field, with the size that was sent: not in `form`. */
  oversized: Record<string, { name: string; bytes: number }>;
}

/** What a body that is not a form an editor sends is answered with (no editor posts one). */
const unreadable = () =>
  new Response("The form could not be read. Go back and send it again.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * `files` gives each file field's largest size in bytes; a file in any other field is dropped.
 * Throws a 400 Response when the body is not a readable form.
 */
export async function readPostedForm(request: Request, files: Record<string, number>): Promise<PostedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) throw unreadable();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: TEXT_FIELD_BYTES, fields: MAX_FIELDS, files: MAX_FILES },
      // A photo named on a phone (é, ü, emoji) keeps its name.
      defParamCharset: "utf8",
    });
  } catch {
    throw unreadable();
  }
  const form = new FormData();
  const oversized: PostedForm["oversized"] = {};
  const reading: Promise<void>[] = [];

  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, stream, info) => {
    const limit = Object.hasOwn(files, name) ? files[name]! : -1;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      // Past the limit only the count goes on: nothing more is kept.
      // A stream's chunks sit on plain ArrayBuffers (never shared memory).
      if (bytes <= limit) chunks.push(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.length));
      else chunks.length = 0;
    });
    reading.push(
      new Promise((resolve) =>
        stream.on("end", () => {
          if (limit < 0) return resolve();
          if (bytes > limit) oversized[name] = { name: info.filename ?? "", bytes };
          else form.append(name, new File(chunks, info.filename ?? "", { type: info.mimeType }));
          resolve();
        }),
      ),
    );
  });

  await new Promise<void>((resolve, reject) => {
    const fail = () => reject(unreadable());
    parser.on("fieldsLimit", fail);
    parser.on("filesLimit", fail);
    parser.on("error", fail);
    parser.on("close", resolve);
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    body.on("error", fail);
    body.pipe(parser);
  });
  await Promise.all(reading);
  return { form, oversized };
}
