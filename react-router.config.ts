import { readdirSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { staticPaths } from "./app/features/site/route-meta";

/** Every post page; the build checks each file's slug equals its name (app/features/blog/content.server.ts). */
const blogPostPaths = () =>
  readdirSync("content/blog")
    .filter((name) => name.endsWith(".md"))
    .map((name) => `/blog/${name.slice(0, -3)}`);

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (several developers, benchmarks) keep separate outputs.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Pages with no per-request data are rendered to HTML at build time; the
  // server (server/index.ts) serves them with a fresh CSP nonce per request.
  prerender: () => [...staticPaths(), ...blogPostPaths()],
} satisfies Config;
