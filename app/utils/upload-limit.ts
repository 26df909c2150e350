/**
 * What a route that accepts a file declares as its `upload` export, next to the action that
 * takes the file: the most bytes its request body may have, and whether the action parses
 * the body as a stream. The request edge (app/utils/edge.server.ts) enforces it before the route
 * runs: a collected body up to `maxBytes` instead of the usual 1 MB, or a streamed multipart body
 * passed on as it arrives, turned away at once when it declares more. server.ts reads the
 * declarations from the route modules (uploadLimitsOf).
 */
export type UploadLimit = { maxBytes: number; streamed: boolean }

/** Room for the multipart envelope around the file: boundaries, part headers and the other fields. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024

/** A file of at most `fileBytes` in a multipart body; `streamed` when the action never holds the body whole. */
export function uploadLimit(fileBytes: number, { streamed = false } = {}): UploadLimit {
  return { maxBytes: fileBytes + MULTIPART_ENVELOPE_BYTES, streamed }
}
