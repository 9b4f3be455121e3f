// Writes the pages' inline form of the client runtime (app/features/client-runtime/hold-replay.ts,
// docs/client-runtime.md): the function's source, minified, as a string the boot scripts put in the
// page. Run after changing hold-replay.ts: `npm run build:runtime` (inline-script.test.ts fails until then).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { HOLD_REPLAY_SOURCE, inlineFunction } from "../app/features/client-runtime/inline-script";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "app/features/client-runtime/hold-replay.inline.ts");
const text = inlineFunction(path.join(root, HOLD_REPLAY_SOURCE), "holdReplay");
const module = `// Made by \`npm run build:runtime\` (scripts/build-client-runtime.ts) from hold-replay.ts: do not edit.

/** holdReplay (hold-replay.ts), minified: the text of a function expression for the pages' inline scripts. */
export const HOLD_REPLAY_FUNCTION = ${JSON.stringify(text)};
`;
const formatted = await format(module, { filepath: target });
// Written only when it changes: \`npm test\` lints while the build runs this.
const current = existsSync(target) ? readFileSync(target, "utf8") : "";
if (formatted !== current) writeFileSync(target, formatted);
console.log(
  `${path.relative(root, target)}: ${Buffer.byteLength(text)} bytes${formatted === current ? "" : " (written)"}`,
);
