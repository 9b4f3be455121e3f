/**
 * Where the islands' own browser build (vite.islands.config.ts, built with Preact) writes its Vite
 * manifest, relative to the client output; server/islands.ts reads it to list each island's files.
 */
export const ISLANDS_MANIFEST = ".vite/islands-manifest.json";
