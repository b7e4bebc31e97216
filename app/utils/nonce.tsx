import { createContext, useContext } from "react";

/** The CSP nonce of this response; empty in the browser, where the attribute is hidden anyway. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
