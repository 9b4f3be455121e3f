import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { Route } from "./+types/admin-backup-download";
import { requireServices } from "~/context";
import { audit, stepUp, trainerOf } from "~/features/auth/guard.server";

/**
 * A whole-site backup for the signed-in trainer, streamed from the backup folder. It holds every
 * person's data, so it asks for the code again as the CSV downloads do (more than 15 minutes since
 * the last one): the dashboard's link is a plain link, so that question is a page she sees, never a
 * page saved as the file. Each download is in the audit log.
 */

/** Every request here needs the second factor checked in the last 15 minutes. */
export const middleware: Route.MiddlewareFunction[] = [stepUp()];

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const found = await ctx.services.backups.file(params.name);
  if (!found)
    return new Response("There is no backup with this name; the dashboard links to the newest one.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  await audit(ctx.services.database.db, {
    action: "export.backup",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { file: params.name, bytes: found.size },
  });
  const headers = new Headers({
    // An encrypted archive is opaque bytes until the key opens it.
    "Content-Type": params.name.endsWith(".enc") ? "application/octet-stream" : "application/gzip",
    "Content-Length": String(found.size),
    "Content-Disposition": `attachment; filename="${params.name}"`,
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
  });
  for (const cookie of trainer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(Readable.toWeb(createReadStream(found.path)) as ReadableStream<Uint8Array>, { headers });
}
