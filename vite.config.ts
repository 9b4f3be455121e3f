import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import { vitalsEntry } from "./app/features/vitals/vite-plugin.ts";
import { enhancerEntries } from "./app/features/enhancers/vite-plugin.ts";

/**
 * The back office's React in one file of the client build, cached across its pages and releases
 * apart from the routes' code. The islands are built apart, on Preact (vite.islands.config.ts).
 */
function reactInOneFile(): Plugin {
  const react = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
  return {
    name: "react-in-one-file",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: "react", test: react, priority: 20 }] } } },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), vitalsEntry(), reactInOneFile(), enhancerEntries()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#content": fileURLToPath(new URL("./content", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  // The manifest lets tests/integration/page-scripts.test.ts tell the application's files from the enhancers'.
  build: { assetsInlineLimit: 0, manifest: true },
});
