import { LATER_FUNCTION } from "./later.inline";
import { DOCUMENT_HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";

/**
 * The one inline script a public page runs for its parts (docs/client-runtime.md): the
 * hold-and-replay runtime (`HR`) and `later` are written once, and each part's body (the islands',
 * the enhancers', the page-speed reporter's) runs in a scope of its own with `d` (the document), `n`
 * (this script's nonce), `HR` and `later` in reach. An island page carries the islands' and the
 * enhancers' parts and sends the runtime once; a page whose parts hold nothing goes without it.
 */
export function bootScript(parts: string[]): string {
  const runtime = parts.some((part) => part.includes("HR(")) ? `HR=${DOCUMENT_HOLD_REPLAY_FUNCTION},` : "";
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,${runtime}later=${LATER_FUNCTION};
${parts.map((part) => `(function(){${part}})();`).join("\n")}})();`;
}
