/**
 * The headers of a page reached by a secret link (/payment?invoice=, /track/{token}, the payment
 * page's PDF): never cached, never indexed, and the link never leaves for another site in a Referer (ADR 062, 063).
 * `same-origin`, not `no-referrer`: the page's own form posts then carry its Origin, which the edge's
 * cross-site check reads as for every other page.
 */
export const TOKEN_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' } as const
