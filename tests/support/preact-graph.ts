import type { Plugin } from "vite";

/** The query that puts a module, and every project module it imports, on Preact. */
export const PREACT_QUERY = "?preact";

/** React's browser packages as the islands' own build maps them (vite.islands.config.ts). */
const COMPAT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * For the component tests: `import("./x.tsx?preact")` loads x and the project modules it reaches as
 * the islands' browser build does, with `react` and `react-dom` replaced by Preact's compat layer,
 * beside the same modules on React (imported without the query). A test can then render one island
 * with React's server renderer and with Preact in the same DOM (app/features/checkout/islands-agree.dom.test.tsx).
 */
export function preactGraph(): Plugin {
  return {
    name: "preact-graph",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer?.endsWith(PREACT_QUERY)) return null;
      const compat = COMPAT[source];
      const resolved = await this.resolve(compat ?? source, importer.slice(0, -PREACT_QUERY.length), {
        ...options,
        skipSelf: true,
      });
      // Packages are shared by both graphs (one Preact); project modules are loaded again on Preact.
      if (!resolved || compat || resolved.external || /[\\/]node_modules[\\/]|\?/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${PREACT_QUERY}` };
    },
  };
}
