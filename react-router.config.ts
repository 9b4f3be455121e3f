import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered by the server per request and revalidated against the content revision
  // (docs/decisions/017-islands-and-per-request-pages.md): nothing is prerendered at build time.
  ssr: true,
  // BUILD_DIR lets parallel builds (several developers, benchmarks) keep separate outputs.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
