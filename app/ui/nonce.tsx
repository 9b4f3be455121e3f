import { createContext, useContext } from "react";

/** The request's CSP nonce on the server; undefined in the browser and during prerender. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/**
 * The nonce prerendered pages are rendered with. The server replaces exactly this attribute
 * value with the request's nonce (server/prerendered.ts), so only the elements the application
 * rendered with a nonce get one; a <script> that reached a page any other way gets none.
 */
export const PRERENDER_NONCE = "prerender-csp-nonce-placeholder";
