import type { KnipConfig } from "knip";

/**
 * The unused-exports check of `npm run lint` (docs/decisions/049-one-client-runtime.md): an export
 * that nothing imports is a path nothing runs any more, or a name that need not be exported. Entry
 * files are checked too. Knip's own plugins find most entry points (React Router's routes, Vite,
 * Vitest, Playwright, ESLint, Drizzle, package.json scripts); the allow-list below is for files a
 * page or a build loads by name rather than by an import.
 */
const config: KnipConfig = {
  include: ["exports", "types", "duplicates"],
  includeEntryExports: true,
  entry: [
    // Fetched by the pages' boot scripts by address (features/enhancers/boot.ts).
    "app/features/**/*.enhancer.ts",
    // The entries of the islands' own browser build (vite.islands.config.ts); they export nothing.
    "app/features/**/*.island.tsx",
    // Fetched by the page-speed reporter's part of the boot script (vitals/vitals-boot.ts).
    "app/features/vitals/start-vitals.ts",
  ],
  vite: { config: ["vite.config.ts", "vite.islands.config.ts"] },
  ignore: [".tmp-*/**", "build/**", "build-*/**"],
  // An export used in its own file is code that runs; only exports nothing uses at all are reported.
  ignoreExportsUsedInFile: true,
  ignoreIssues: {
    // Called by name once fetched: an enhancer's `enhance`, the reporter's `startVitals`.
    "app/features/**/*.enhancer.ts": ["exports"],
    "app/features/vitals/start-vitals.ts": ["exports"],
    // Read as source text by `npm run build:runtime` (scripts/build-client-runtime.ts), not imported.
    "app/features/checkout/checkout-live-run.ts": ["exports"],
    // Types of the JavaScript modules eslint.config.js loads (the table-owner rule and its map), for its test.
    "db/table-owners.d.mts": ["exports"],
    "scripts/eslint-table-owner.d.mts": ["exports"],
    // Types of the bundle options scripts/build-server.mjs and tests/support/fault.ts share.
    "scripts/server-bundle.d.mts": ["exports"],
    // Imported by the entry text of the drills' server bundle (faultServerBundle in tests/support/fault.ts).
    "tests/support/fault-server.ts": ["exports"],
  },
};

export default config;
