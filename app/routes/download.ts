import type { Route } from "./+types/download";
import { requireServices } from "~/context";
import { readFileData } from "~/features/content/uploads.server";
import { openDownload } from "~/features/newsletter/downloads.server";
import { escapeHtml } from "~/infra/escape-html";
import { site } from "#content/site";
import { currentSite } from "~/features/site/site-content.server";

/** A short page of its own (no site chrome, no script), for a link that no longer works. */
function plainPage(status: number, title: string, text: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="/blog">Read the blog</a> or <a href="/">go to the home page</a>.</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * GET /download/:token: a subscriber's own lead-magnet link from the welcome e-mail. The token is
 * the only key (no address in it); a revoked one answers 410 with a page that says so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const db = services.database.db;
  const answer = await openDownload(db, params.token ?? "");
  if (answer.kind === "revoked")
    return plainPage(
      410,
      "This download link has been withdrawn",
      `The link no longer works. If you still need the guide, reply to any of our e-mails or write to ${(await currentSite(services)).contactEmail}.`,
    );
  if (answer.kind === "unknown")
    return plainPage(404, "This download link does not work", "Check that the whole link was copied from the e-mail.");
  if (answer.kind === "link")
    return new Response(null, {
      status: 303,
      headers: { Location: answer.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  const file = await readFileData(db, answer.fileId, "original.pdf");
  if (!file) return plainPage(404, "This download link does not work", "The guide is no longer available.");
  const name = answer.name.replace(/[^\w.-]+/g, "-");
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(file.data.byteLength),
      // One person's link: never kept by a shared cache, not indexed.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
