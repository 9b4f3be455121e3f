import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";
import { islandModules } from "./scripts/island-modules.mjs";
import { tableOwnerPlugin } from "./scripts/eslint-table-owner.mjs";
import { TABLE_OWNERS } from "./db/table-owners.mjs";

/**
 * The features, lowest first: a feature imports only the features before it in this list, so no two
 * folders import each other and each can be read and tested with what is below it
 * (docs/decisions/051-layers-and-the-kernel.md). The runtime of the pages comes first, then the
 * stores, the forms and the sales, sign-in and security (auth), the back office's screen kit, and at
 * the top the features that compose the others (the studio's pages, the blog, the newsletter that
 * mails articles, and the reports that read every other feature: dashboard, funnel, timeline,
 * exports, clients, data requests and retention).
 * A new feature folder must be placed here (the config refuses one it does not know).
 */
const FEATURES = [
  "analytics",
  "client-runtime",
  "enhancers",
  "islands",
  "vitals",
  "content",
  "messages",
  "follow-ups",
  "leads",
  "questionnaire",
  "scheduling",
  "checkout",
  "auth",
  "back-office",
  "image-export",
  "events",
  "site",
  "blog",
  "newsletter",
  "reports",
];
const featureFolders = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = featureFolders.filter((name) => !FEATURES.includes(name));
const gone = FEATURES.filter((name) => !featureFolders.includes(name));
if (unplaced.length > 0 || gone.length > 0) {
  throw new Error(
    `eslint.config.js FEATURES must list every folder of app/features once: add ${unplaced.join(", ") || "none"}, remove ${gone.join(", ") || "none"}.`,
  );
}
/** One zone per feature: nothing above it in FEATURES may be imported from it. */
const featureOrderZones = FEATURES.slice(0, -1).map((feature, index) => ({
  target: `./app/features/${feature}`,
  from: FEATURES.slice(index + 1).map((above) => `./app/features/${above}`),
  message: `features/${feature} is below ${FEATURES.slice(index + 1).join(", ")} in eslint.config.js FEATURES: move what both need down (to this feature, kernel/, ui/ or infra/), or have the page pass it in.`,
}));

const TRANSPORT_RULE =
  "Queue the message with the engine (services.messages.send, app/features/messages): only transport.server.ts hands messages to the relay or the push service.";

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
    // Layers, lowest first: content/ and db/; app/infra and app/ui; app/kernel (what every page
    // shares); app/features, in the order of FEATURES; app/context.ts (AppServices, RequestContext)
    // and app/content-kinds.server.ts (the registry of every kind); app/routes and app/root.tsx;
    // server/ (wires the services).
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
              from: [
                "./app/kernel",
                "./app/features",
                "./app/routes",
                "./app/context.ts",
                "./app/content-kinds.server.ts",
                "./app/root.tsx",
                "./server",
              ],
              message:
                "infra/ and ui/ are below the kernel and the features: pass what they need in as a parameter or type.",
            },
            {
              target: "./app/kernel",
              from: [
                "./app/features",
                "./app/routes",
                "./app/context.ts",
                "./app/content-kinds.server.ts",
                "./app/root.tsx",
                "./server",
              ],
              message:
                "kernel/ (what every page shares) is below the features: take a feature's part as a prop or slot from the page.",
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./app/root.tsx", "./app/context.ts", "./app/content-kinds.server.ts", "./server"],
              message:
                "A feature must not import a route, the request context, the content registry or the server: declare the narrow type it needs.",
            },
            ...featureOrderZones,
            {
              target: ["./app"],
              from: ["./server", "./scripts", "./tests"],
              except: ["./support"],
              message: "app/ must not import the server, scripts or tests.",
            },
            {
              // A test beside the code may take a helper from tests/support/; the code itself may not.
              target: "./app/**/!(*.test).{ts,tsx}",
              from: "./tests/support",
              message: "Only a test (*.test.ts, *.dom.test.tsx) may import tests/support/.",
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
    // One module hands messages to the mail relay and the push service (docs/decisions/056): every
    // other file queues them with the engine's send(), so each gets a key, retries and an
    // at-most-once hand-over. The exceptions wait for an answer on screen (a test copy or test push, a
    // password reset link that must not be stored) or are the newsletter's own claim-and-retry job.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: [
      "app/features/messages/transport.server.ts",
      "app/infra/mail.server.ts",
      "app/infra/push.server.ts",
      "app/features/newsletter/sending.server.ts",
      "app/features/newsletter/issues.server.ts",
      "app/features/auth/auth.server.ts",
      "app/routes/admin-push.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "nodemailer", message: TRANSPORT_RULE },
            { name: "web-push", message: TRANSPORT_RULE },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(send|notify)$/][callee.object.name=/[Mm]ailer$|^push$/]",
          message: TRANSPORT_RULE,
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(send|notify)$/][callee.object.property.name=/[Mm]ailer$|^push$/]",
          message: TRANSPORT_RULE,
        },
      ],
    },
  },
  {
    // Every table has one owner (db/table-owners.mjs, decision 067): app/ and server/ import a table
    // only inside its owner. Tests, db/ and scripts/ may import any table: they set up and check
    // storage directly, and the migrations and the backup tools work on every table.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    plugins: {
      tables: tableOwnerPlugin({ owners: TABLE_OWNERS, schemaFile: new URL("./db/schema.ts", import.meta.url) }),
    },
    rules: {
      "tables/table-owner": [
        "error",
        {
          // Drizzle's database type is built from the whole schema.
          wholeSchema: ["app/infra/db.server.ts"],
        },
      ],
    },
  },
  {
    // A route reads the request, calls a feature and returns data (decision 051): its forms and
    // their work live in the feature, so a route that grows past a screenful is doing a feature's job.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**"],
    // Playwright fixtures call a parameter named `use`, which is not React's hook.
    rules: { "no-console": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
