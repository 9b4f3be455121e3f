import { defineConfig } from "vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { islandChunkGroups, islandEntries } from "./app/features/islands/vite-plugin.ts";
import { ISLANDS_MANIFEST } from "./app/features/islands/islands-manifest.ts";

/**
 * The islands' browser build (docs/decisions/034-preact-islands.md): every `*.island.tsx` as an
 * entry, with React's browser packages replaced by Preact's compatibility layer, written beside the
 * application's client build (same `assets/` folder) with a manifest of its own that the server
 * reads to list each island's files (server/islands.ts). The server still renders the islands'
 * HTML with react-dom/server, and the back office's application keeps React; `npm run build` runs
 * this after React Router's build.
 */
const root = fileURLToPath(new URL(".", import.meta.url));
const PREACT = /[\\/]node_modules[\\/]preact[\\/]/;

export default defineConfig({
  root,
  // No public/ copy: the application's build has already put it in place.
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) },
      { find: /^#content\//, replacement: fileURLToPath(new URL("./content/", import.meta.url)) },
    ],
  },
  build: {
    outDir: `${process.env.BUILD_DIR ?? "build"}/client`,
    // The application's client build is already there.
    emptyOutDir: false,
    assetsInlineLimit: 0,
    manifest: ISLANDS_MANIFEST,
    // The boot script (app/features/islands/boot.ts) preloads each island's static imports itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: islandEntries(root).map((file) => path.join(root, file)),
      preserveEntrySignatures: "strict",
      output: { codeSplitting: { groups: islandChunkGroups(PREACT, "preact") } },
    },
  },
});
