/**
 * The header through which server.ts hands the app this request's CSP nonce (server.ts always
 * replaces any copy the client sent). No imports: server.ts loads this before React.
 */
export const CSP_NONCE_HEADER = 'x-freightdesk-csp-nonce'
