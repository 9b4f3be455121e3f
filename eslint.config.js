import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { islandModules } from "./scripts/island-modules.mjs";

const ISLAND_RULE =
  "Every module an island reaches is rendered by React on the server and by Preact in the browser, whose ids differ: pair ids by fixed names, never useId (docs/decisions/034-preact-islands.md).";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".tmp-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "public/media/",
      "test-results/",
      "playwright-report/",
      "bench/reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Layers, lowest first: content/ and db/; app/infra and app/ui; app/features; app/context.ts
    // (AppServices, RequestContext); app/routes and app/root.tsx; server/ (wires the services).
    // An import may only point down, and nothing may form a circle, so each part can be read
    // and tested on its own. Features declare the narrow context types they need.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "content/**/*.ts", "db/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without a parser for .ts files the rules cannot read the files an import leads to.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./app/infra", "./app/ui"],
              from: ["./app/features", "./app/routes", "./app/context.ts", "./app/root.tsx", "./server"],
              message: "infra/ and ui/ are below the features: pass what they need in as a parameter or type.",
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./app/root.tsx", "./app/context.ts", "./server"],
              message:
                "A feature must not import a route, the request context or the server: declare the narrow type it needs.",
            },
            {
              target: "./app/features/leads",
              from: "./app/features/questionnaire",
              message: "leads/ stores what the forms send; it takes the vocabulary from leads/vocabulary.ts.",
            },
            {
              target: ["./app"],
              from: ["./server", "./scripts", "./tests"],
              message: "app/ must not import the server, scripts or tests.",
            },
            {
              target: ["./content", "./db"],
              from: ["./app", "./server"],
              message: "content/ and db/ are the bottom layer and import no app code.",
            },
          ],
        },
      ],
    },
  },
  {
    // The islands' agreement rule (decision 034, checked here since decision 049): no `useId` in a
    // module an island reaches (scripts/island-modules.mjs); the first render must match the
    // server's HTML, which app/features/checkout/islands-agree.dom.test.tsx checks attribute by attribute.
    files: islandModules(import.meta.dirname),
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "react", importNames: ["useId"], message: ISLAND_RULE }] }],
      "no-restricted-properties": ["error", { object: "React", property: "useId", message: ISLAND_RULE }],
    },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**"],
    // Playwright fixtures call a parameter named `use`, which is not React's hook.
    rules: { "no-console": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
