import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered: every
 * inline script of the page carries it. Undefined in the browser (which hides
 * nonces from scripts anyway) and in pages rendered once, whose policy lists
 * their inline scripts' hashes instead (server/pages/csp.ts).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
