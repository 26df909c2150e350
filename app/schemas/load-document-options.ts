/**
 * Load documents (ADR 026): the kinds, the accepted types and the size limit, zod-free so pages,
 * the model, the edge and the OpenAPI document share them.
 */

/** The specification's document lists on a load, in the order the page shows them. */
export const LOAD_DOCUMENT_KINDS = ['bols', 'rateConn', 'pod'] as const
export type LoadDocumentKind = (typeof LOAD_DOCUMENT_KINDS)[number]

/** What a driver may upload on their own loads (the rate confirmation is the office's). */
export const DRIVER_DOCUMENT_KINDS: readonly LoadDocumentKind[] = ['bols', 'pod']

/** Accepted types, as detected from the bytes (never the name or the declared type). */
export const LOAD_DOCUMENT_TYPES = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const
export type LoadDocumentType = keyof typeof LOAD_DOCUMENT_TYPES

/** 15 MB per file. */
export const LOAD_DOCUMENT_MAX_BYTES = 15 * 1024 * 1024

/** What the file input offers (a hint for the picker; the server decides by content). */
export const LOAD_DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp'

export function isLoadDocumentKind(value: unknown): value is LoadDocumentKind {
  return typeof value === 'string' && (LOAD_DOCUMENT_KINDS as readonly string[]).includes(value)
}
