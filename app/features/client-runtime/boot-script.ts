import { LATER_FUNCTION } from "~/kernel/later";
import { HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";

/**
 * The one inline script a public page runs for its parts (docs/client-runtime.md): the
 * hold-and-replay runtime (`HR`) and `later` are written once, and each part's body (the islands',
 * the enhancers') runs in a scope of its own with `d` (the document), `n` (this script's nonce),
 * `HR` and `later` in reach. An island page carries both parts and sends the runtime once.
 */
export function bootScript(parts: string[]): string {
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,HR=${HOLD_REPLAY_FUNCTION};
${LATER_FUNCTION}
${parts.map((part) => `(function(){${part}})();`).join("\n")}})();`;
}
