import { createHash } from "node:crypto";

/**
 * The scripts of an HTML answer its Content-Security-Policy would not run, as short descriptions
 * (none: every script is trusted). A page rendered for the request trusts its scripts by the
 * answer's nonce; a page from the page cache names each inline script's hash instead and may name
 * no file (docs/decisions/074-public-pages-from-a-cache.md). Structured data is not run.
 */
export function untrustedScripts(csp: string, html: string): string[] {
  const sources = (/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "").trim().split(/\s+/);
  const nonce = sources.find((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source))?.slice(7, -1);
  const untrusted: string[] = [];
  for (const [, tag = "", attributes = "", text = ""] of html.matchAll(/(<script\b([^>]*)>)([\s\S]*?)<\/script>/g)) {
    if (/application\/ld\+json/.test(attributes)) continue;
    if (nonce !== undefined) {
      if (!tag.includes(`nonce="${nonce}"`)) untrusted.push(`without this answer's nonce: ${tag.slice(0, 120)}`);
      continue;
    }
    // Data for the islands: never run, so not hashed.
    if (/application\/json/.test(attributes)) continue;
    const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    if (/\bsrc=/.test(attributes)) untrusted.push(`a file without a nonce: ${tag.slice(0, 120)}`);
    else if (!sources.includes(hash)) untrusted.push(`an inline script whose hash is not listed: ${text.slice(0, 80)}`);
  }
  for (const [link] of html.matchAll(/<link\b[^>]*\bmodulepreload\b[^>]*>/g)) {
    if (nonce === undefined || !link.includes(`nonce="${nonce}"`)) untrusted.push(`a preload without a nonce: ${link}`);
  }
  return untrusted;
}
