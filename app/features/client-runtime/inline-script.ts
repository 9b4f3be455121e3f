import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";

/**
 * The one function a module exports, as the minified text of a function expression, for a page's
 * inline script (`(${text})(…)`). The module may hold types besides the function, nothing else: the
 * function is sent on its own. Build time only (esbuild), never in a bundle. `fixed` reads an
 * expression of the source as a constant (`{ "rules.app": "false" }`), so the minifier drops what
 * depends on it.
 */
export function inlineFunction(file: string, name: string, fixed: Record<string, string> = {}): string {
  let text = readFileSync(file, "utf8");
  for (const [expression, value] of Object.entries(fixed)) {
    if (!text.includes(expression)) throw new Error(`${file} has no ${expression}`);
    text = text.replaceAll(expression, value);
  }
  const { code } = transformSync(text, { loader: "ts", format: "esm", target: "es2020" });
  // esbuild writes the module as `function name(…) {…}` and `export { name };`.
  const source = code.trim().replace(new RegExp(`\\nexport \\{\\s*${name}\\s*\\};$`), "");
  if (!source.startsWith(`function ${name}(`) || !source.endsWith("}") || source.includes("\nexport"))
    throw new Error(`${file} must hold the function ${name} and nothing else that runs`);
  const minified = transformSync(`export default ${source}`, {
    loader: "js",
    minify: true,
    target: "es2020",
  }).code.trim();
  // A default export is kept whole by the minifier (an unused expression would not be).
  const expression = /^export default (function[\s\S]*\})$/.exec(minified)?.[1];
  if (!expression) throw new Error(`${file}: unexpected minified form ${minified.slice(0, 40)}…`);
  return expression;
}

/** An inline script made from TypeScript: `constant` in the source's `.inline.ts` beside it. */
export interface InlineScript {
  /** The source file, relative to the project root. */
  source: string;
  /** The function it holds. */
  name: string;
  constant: string;
  /** What the text is for (written into the `.inline.ts` file). */
  use: string;
  /** Source expressions read as constants (`inlineFunction`'s `fixed`). */
  fixed?: Record<string, string>;
}

/** The client runtime's source, relative to the project root. */
const HOLD_REPLAY_SOURCE = "app/features/client-runtime/hold-replay.ts";

/**
 * Every inline script made from TypeScript: `npm run build:runtime` (scripts/build-client-runtime.ts)
 * writes them, and inline-script.test.ts fails when one is older than its source.
 */
export const INLINE_SCRIPTS: readonly InlineScript[] = [
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
    // The documents' copy of the runtime: without what only the application uses.
    fixed: { "rules.app": "false" },
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
