import { LATER_FUNCTION } from "./later.inline";
import { DOCUMENT_HOLD_REPLAY_FUNCTION } from "./hold-replay.inline";

/**
 * The one inline script a public page runs for its parts (docs/client-runtime.md): the
 * hold-and-replay runtime (`HR`) and `later` are written once, and each part's body (the islands',
 * the enhancers', the page-speed reporter's) runs in a scope of its own with `d` (the document), `n`
 * (this script's nonce), `HR`, `IM` (import) and `later` in reach. An island page carries the islands' and the
 * enhancers' parts and sends the runtime once; a page whose parts hold nothing goes without it.
 */
export function bootScript(parts: string[]): string {
  const runtime = parts.some((part) => part.includes("HR(")) ? `HR=${DOCUMENT_HOLD_REPLAY_FUNCTION},` : "";
  const imports = parts.some((part) => part.includes("IM(")) ? `IM=${IMPORT_FUNCTION},` : "";
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,${runtime}${imports}later=${LATER_FUNCTION};
${parts.map((part) => `(function(){${part}})();`).join("\n")}})();`;
}

/**
 * `IM(url)`, the parts' import(): a page from the page cache trusts this script by its hash, and a
 * browser refuses an import() made by a script trusted by hash (the script's parser-inserted state
 * passes on to it, and there is no nonce to pass); a module script this script adds is trusted by
 * 'strict-dynamic', and so is what it imports (docs/decisions/074-public-pages-from-a-cache.md).
 * Settles with the module's exports, or fails when the module or one it imports cannot be fetched;
 * the script element leaves the document once it has run (a page's markup stays what the server sent).
 */
const IMPORT_FUNCTION = `function(u){return new Promise(function(ok,no){var k="__im"+Math.random().toString(36).slice(2),s=d.createElement("script");self[k]=function(m){delete self[k];s.remove();ok(m)};s.type="module";if(n)s.nonce=n;s.textContent="import*as m from"+JSON.stringify(u)+";self."+k+"(m)";s.onerror=function(){delete self[k];s.remove();no(Error(u))};d.head.appendChild(s)})}`;
