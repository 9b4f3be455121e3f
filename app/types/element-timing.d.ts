import "react";

/**
 * Element timing (`elementtiming`): the browser reports when the image or the element's text was
 * shown, which the pages' `later` (client-runtime/later.ts) waits for. React passes lower-case
 * attributes through unchanged; its types do not know this one.
 */
declare module "react" {
  interface HTMLAttributes<T> extends AriaAttributes, DOMAttributes<T> {
    elementtiming?: string;
  }
}
