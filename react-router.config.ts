import type { Config } from "@react-router/dev/config";
import { staticPaths } from "./app/features/site/route-meta";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (several developers, benchmarks) keep separate outputs.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Pages with no per-request data are rendered to HTML at build time; the
  // server (server/index.ts) serves them with a fresh CSP nonce per request.
  prerender: () => staticPaths(),
} satisfies Config;
