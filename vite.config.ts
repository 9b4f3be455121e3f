import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { vitalsEntry } from "./app/features/vitals/vite-plugin";
import { islandEntriesPlugin } from "./app/features/islands/vite-plugin";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), vitalsEntry(), islandEntriesPlugin()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#content": fileURLToPath(new URL("./content", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  // The manifest tells the server which built files each island entry needs (server/islands.ts).
  build: { assetsInlineLimit: 0, manifest: true },
});
