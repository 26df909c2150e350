import { createContext, createElement, type ReactNode, useContext } from 'react'

const NonceContext = createContext('')

/**
 * The CSP nonce for inline scripts. Only the server knows it; in the browser it is '' and that
 * matches what hydration reads back, because browsers hide a nonce attribute's value.
 */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children)
}

export function useNonce() {
  return useContext(NonceContext)
}
