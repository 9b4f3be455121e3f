import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered by the server per request and revalidated against the content revision
  // (docs/decisions/017-islands-and-per-request-pages.md): nothing is prerendered at build time.
  ssr: true,
  // BUILD_DIR lets parallel builds (several developers, benchmarks) keep separate outputs.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // Loaders, actions and middleware get a RouterContextProvider (app/context.ts's requestContext).
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Handlers get the raw request (a data request keeps its .data suffix); routes read the page's
    // address from the normalized `url` argument.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
