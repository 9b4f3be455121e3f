// Writes the pages' inline scripts that are made from TypeScript (docs/client-runtime.md): each
// function's source, minified, as a string a page's inline <script> carries. Run after changing one
// of the sources: `npm run build:runtime` (inline-script.test.ts fails until then). The list is
// INLINE_SCRIPTS in app/features/client-runtime/inline-script.ts.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { INLINE_SCRIPTS, inlineFunction } from "../app/features/client-runtime/inline-script";

const root = path.resolve(import.meta.dirname, "..");

// One module per source, with a constant per use.
const modules = new Map<string, string>();
for (const { source, name, constant, use, fixed } of INLINE_SCRIPTS) {
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
