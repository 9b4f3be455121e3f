// Writes the pages' inline scripts that are made from TypeScript (docs/client-runtime.md): each
// function's source, minified, as a string a page's inline <script> carries. Run after changing one
// of the sources: `npm run build:runtime` (its `.inline` test fails until then).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { HOLD_REPLAY_SOURCE, inlineFunction } from "../app/features/client-runtime/inline-script";

const root = path.resolve(import.meta.dirname, "..");

const inlineScripts = [
  {
    source: HOLD_REPLAY_SOURCE,
    name: "holdReplay",
    constant: "HOLD_REPLAY_FUNCTION",
    use: "the text of a function expression for the pages' inline scripts",
  },
  {
    source: "app/features/checkout/checkout-live-run.ts",
    name: "runCheckoutLive",
    constant: "CHECKOUT_LIVE_FUNCTION",
    use: "the text of a function expression for /success and /cancel",
  },
  {
    source: "app/features/site/consent-defaults.ts",
    name: "consentDefaults",
    constant: "CONSENT_DEFAULTS_FUNCTION",
    use: "the text of a function expression for the pages' head when a tag manager is configured",
  },
];

for (const { source, name, constant, use } of inlineScripts) {
  const target = path.join(root, source.replace(/\.ts$/, ".inline.ts"));
  const file = path.basename(source);
  const text = inlineFunction(path.join(root, source), name);
  const module = `// Made by \`npm run build:runtime\` (scripts/build-client-runtime.ts) from ${file}: do not edit.

/** ${name} (${file}), minified: ${use}. */
export const ${constant} = ${JSON.stringify(text)};
`;
  const formatted = await format(module, { filepath: target });
  // Written only when it changes: `npm test` lints while the build runs this.
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (formatted !== current) writeFileSync(target, formatted);
  console.log(
    `${path.relative(root, target)}: ${Buffer.byteLength(text)} bytes${formatted === current ? "" : " (written)"}`,
  );
}
