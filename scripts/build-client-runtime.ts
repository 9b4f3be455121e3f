// Writes the pages' inline scripts that are made from TypeScript (docs/client-runtime.md): each
// function's source, minified, as a string a page's inline <script> carries. Run after changing one
// of the sources: `npm run build:runtime` (its `.inline` test fails until then).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { DOCUMENT_RUNTIME, HOLD_REPLAY_SOURCE, inlineFunction } from "../app/features/client-runtime/inline-script";

const root = path.resolve(import.meta.dirname, "..");

const inlineScripts: { source: string; name: string; constant: string; use: string; fixed?: Record<string, string> }[] =
  [
    {
      source: HOLD_REPLAY_SOURCE,
      name: "holdReplay",
      constant: "HOLD_REPLAY_FUNCTION",
      use: "the text of a function expression for the back office's inline script",
    },
    {
      source: HOLD_REPLAY_SOURCE,
      name: "holdReplay",
      constant: "DOCUMENT_HOLD_REPLAY_FUNCTION",
      use: "the same without what only the application uses (`rules.app` false), for the public pages' boot script",
      fixed: DOCUMENT_RUNTIME,
    },
    {
      source: "app/features/checkout/checkout-live-run.ts",
      name: "runCheckoutLive",
      constant: "CHECKOUT_LIVE_FUNCTION",
      use: "the text of a function expression for /success and /cancel",
    },
    {
      source: "app/features/client-runtime/later.ts",
      name: "later",
      constant: "LATER_FUNCTION",
      use: "the text of a function expression for the pages' inline scripts (`var later=…`)",
    },
    {
      source: "app/features/site/consent-defaults.ts",
      name: "consentDefaults",
      constant: "CONSENT_DEFAULTS_FUNCTION",
      use: "the text of a function expression for the pages' head when a tag manager is configured",
    },
  ];

// One module per source, with a constant per use.
const modules = new Map<string, string>();
for (const { source, name, constant, use, fixed } of inlineScripts) {
  const file = path.basename(source);
  const text = inlineFunction(path.join(root, source), name, fixed);
  const head = `// Made by \`npm run build:runtime\` (scripts/build-client-runtime.ts) from ${file}: do not edit.\n`;
  modules.set(
    source,
    `${modules.get(source) ?? head}\n/** ${name} (${file}), minified: ${use}. */\nexport const ${constant} = ${JSON.stringify(text)};\n`,
  );
  console.log(`${constant}: ${Buffer.byteLength(text)} bytes`);
}

for (const [source, module] of modules) {
  const target = path.join(root, source.replace(/\.ts$/, ".inline.ts"));
  const formatted = await format(module, { filepath: target });
  // Written only when it changes: `npm test` lints while the build runs this.
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (formatted === current) continue;
  writeFileSync(target, formatted);
  console.log(`${path.relative(root, target)} written`);
}
