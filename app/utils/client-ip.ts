/**
 * The header through which server.ts hands the app the client's address. server.ts always removes
 * any copy the client sent before setting it. No imports: server.ts loads this before React.
 */
export const CLIENT_IP_HEADER = 'x-freightdesk-client-ip'
