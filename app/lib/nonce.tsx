import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string>("");

/** Provides the request's CSP nonce to the document (entry.server sets it; the browser gets ""). */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The CSP nonce for inline scripts and styles (empty in the browser, where React keeps the server's). */
export function useNonce(): string {
  return useContext(NonceContext);
}
