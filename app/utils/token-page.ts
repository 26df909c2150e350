/**
 * The headers of a page reached by a secret link (/payment?invoice=, /track/{token}, the payment
 * page's PDF): never cached, never indexed, and the link never leaves in a Referer (ADR 062, 063).
 */
export const TOKEN_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' } as const
