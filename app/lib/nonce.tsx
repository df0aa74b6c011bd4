import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered. A React context (not loader data): a cached page's
 * loader data may be shared between visitors, the nonce never is. On the client it is "" (the
 * browser hides nonce attributes from the DOM after parsing).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
