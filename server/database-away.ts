import type express from "express";
import type { AppServices } from "~/context";
import { escapeHtml } from "~/infra/escape-html";

/** Back-office addresses: everything they show and change lives in the database. */
const BACK_OFFICE = /^\/admin(\/|$)|^\/api\/(auth|admin)\//;

/**
 * While the database is away the back office says so, plainly, on a page of its own (503) instead
 * of failing with "Unexpected Server Error". The public site keeps going meanwhile: pages from the
 * content last read, forms into the outbox.
 */
export function databaseAway(services: Pick<AppServices, "database" | "logger">): express.RequestHandler {
  return async (req, res, next) => {
    if (!BACK_OFFICE.test(req.path)) return next();
    try {
      await withTimeout(services.database.ping(), 2_000);
      return next();
    } catch (error) {
      services.logger.warn({ err: error, path: req.path }, "back office asked for while the database is away");
    }
    res.status(503).setHeader("Retry-After", "60").setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.json({ message: `${HEADING}. ${WAIT}` });
      return;
    }
    res.type("html").send(page(req.method === "GET" || req.method === "HEAD", req.originalUrl));
  };
}

const HEADING = "The back office cannot reach its database";
const WAIT = "Please try again in a few minutes.";

function page(reading: boolean, address: string): string {
  const again = reading
    ? `<p><a href="${escapeHtml(address)}">Try again</a></p>`
    : `<p>What you just sent was not saved. Your browser's Back button takes you to the form with what you typed, so you can send it again in a few minutes.</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${HEADING} | Back office</title>
<style>
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
a{color:#115e59;font-weight:600}
a:focus-visible{outline:3px solid #115e59;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${HEADING}</h1>
<p>The site's database is not answering right now, so the back office can neither show nor change anything. ${WAIT}</p>
<p>The public site is still up: visitors see the pages as they were, and every form they send is kept and saved as soon as the database is back.</p>
${again}
<p>If this lasts more than an hour, ask whoever runs the site to look at the server (the project's docs/runbook.md, "Database outage").</p>
</main>
</body>
</html>`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
