/**
 * A document's upload, streamed (a load's paper, a fuel receipt, a defect's photo): the multipart
 * body is parsed as it arrives, each file's type is decided from its first bytes (file-type) before
 * anything is stored, and the bytes go to storage as they come, refused past 15 MB. Nothing is
 * buffered whole. The limit and the messages are load documents' (ADR 026); the accepted types are
 * theirs unless the caller names fewer (a defect's photo: images only, ADR 135).
 */
import { randomBytes } from 'node:crypto'

import { type FileUpload, parseFormData } from '@mjackson/form-data-parser'
import { MaxFileSizeExceededError } from '@mjackson/multipart-parser'
import { fileTypeFromBuffer } from 'file-type'

import { LOAD_DOCUMENT_MAX_BYTES, LOAD_DOCUMENT_TYPES, type LoadDocumentType } from '~/schemas/load-document-options'
import { readFormRefusal } from '~/utils/edge.server'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { safeFileName } from '~/utils/file-name'
import { fileStorage } from '~/utils/storage.server'

/** Bytes file-type looks at; the accepted types need far fewer. */
const SNIFF_BYTES = 4100

/** The types a file may be (by its bytes) and the message when it is another. */
type Accepted = { types: readonly LoadDocumentType[]; typeError: string }
const DOCUMENTS: Accepted = { types: Object.keys(LOAD_DOCUMENT_TYPES) as LoadDocumentType[], typeError: 'loads.documents.errors.type' }

function fileError(code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type', key: string, params?: Record<string, unknown>) {
  return new DomainError(code, 'validation.failed', { fields: { file: [key] }, params })
}

function concat(chunks: Uint8Array[], length: number) {
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * The file's bytes as they arrive: the first ones are held until their type is known (refused
 * unless PDF, PNG, JPEG or WebP), then everything passes through, counted; past the limit the
 * upload is refused with 413. A refused file is still read to its end (and dropped), so the
 * answer reaches a browser that is still sending instead of a reset connection; the parser's cap
 * (DRAIN_BYTES) bounds how much is read for nothing.
 */
async function* checkedBytes(stream: ReadableStream<Uint8Array>, found: { type?: LoadDocumentType }, signal: AbortSignal, accepted: Accepted) {
  let head: Uint8Array[] = []
  let headLength = 0
  let total = 0
  let refusal: DomainError | undefined
  const decide = async () => {
    const detected = await fileTypeFromBuffer(concat(head, headLength))
    if (detected && (accepted.types as readonly string[]).includes(detected.mime)) found.type = detected.mime as LoadDocumentType
    else refusal = fileError('unsupported_media_type', accepted.typeError)
  }
  const reader = stream.getReader()
  // A client gone mid-upload ends the body but never this part's stream: stop on the signal instead.
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })
  aborted.catch(() => {})
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted])
      if (done) break
      if (refusal) continue
      total += value.byteLength
      if (total > LOAD_DOCUMENT_MAX_BYTES) {
        refusal = fileError('payload_too_large', 'loads.documents.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
        head = []
        continue
      }
      if (found.type) {
        yield value
        continue
      }
      head.push(value)
      headLength += value.byteLength
      if (headLength >= SNIFF_BYTES) {
        await decide()
        if (!refusal) yield* head
        head = []
      }
    }
    if (refusal) throw refusal
    if (total === 0) throw fileError('validation_failed', 'loads.documents.errors.empty')
    if (!found.type) {
      await decide()
      if (refusal) throw refusal
      yield* head
    }
  } finally {
    reader.releaseLock()
  }
}

/** How much of a refused file is read and dropped before the connection is given up. */
const DRAIN_BYTES = LOAD_DOCUMENT_MAX_BYTES + 1024 * 1024

/** A key under `prefix` no one can guess (`loads/<organization>/<load>/<random>`). */
export function randomStorageKey(prefix: string) {
  return `${prefix}/${randomBytes(18).toString('base64url')}`
}

/** At most this many documents on one record (an accident, a claim): each upload is counted under the record's lock. */
export const RECORD_DOCUMENTS_MAX = 50

/** A file stored by receiveDocument: its key, size, the type its bytes showed and a safe name. */
export type StoredDocument = { key: string; sizeBytes: number; contentType: LoadDocumentType; fileName: string }

/**
 * Reads a multipart body (one `file`; the text fields such as `kind` or `intent` are passed back),
 * storing the file under `prefix` as it streams in. Any refusal removes what was stored.
 * `notMultipart` is the message for a body of another type (it names the fields to send).
 */
export async function receiveDocument(request: Request, prefix: string, notMultipart: string) {
  const { form, stored, storage } = await receiveFiles(request, { prefix, notMultipart })
  return { form, stored: stored[0] as StoredDocument | undefined, storage }
}

/**
 * Runs the write that records a stored upload; when it throws (a refusal, a lost race), the stored
 * file is removed before the error goes on, so a refused upload leaves nothing behind.
 */
export async function keepingUpload<T>(stored: StoredDocument | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    await discardUpload(stored)
    throw error
  }
}

/** Removes an upload a refused form did not use (the page's schema refused it before the model ran). */
export async function discardUpload(stored: StoredDocument | undefined) {
  if (stored?.key) await fileStorage().delete(stored.key)
}

export type ReceiveOptions = {
  /** Where the files are stored (`loads/<organization>/<load>`): each under a random key of its own. */
  prefix: string
  /** The message for a body that is not multipart (it names the fields to send). */
  notMultipart: string
  /** Which parts may hold a file, by field name (`file` alone by default), how many files in all, and the message past them. */
  fileField?: (name: string) => boolean
  maxFiles?: number
  tooManyFiles?: string
  /** Fewer types than a load's paper (by the bytes), and the message for another type. */
  accept?: Accepted
  /**
   * A page's form with several files: a refused file (wrong type, too large, empty) does not stop
   * the rest; its reason is kept under its field (`refused`) and the form's other fields are still
   * read, so the page answers with the form as typed. The body's size is then bounded by the
   * route's declared limit (`totalBytes`) rather than one file's.
   */
  keepGoing?: { totalBytes: number }
}

/**
 * Reads a multipart body, storing each file part the options allow as it streams in (under its
 * own random key); the text fields are passed back in `form`, and each stored file with the field
 * it came in. Without `keepGoing`, any refusal removes everything stored and is thrown.
 */
export async function receiveFiles(request: Request, options: ReceiveOptions) {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) throw new DomainError('unsupported_media_type', options.notMultipart)
  const isFileField = options.fileField ?? ((name: string) => name === 'file')
  const maxFiles = options.maxFiles ?? 1
  const accepted = options.accept ?? DOCUMENTS
  const storage = fileStorage()
  const stored: Array<StoredDocument & { field: string }> = []
  const refused: Record<string, DomainError> = {}
  // The parser calls this for every part without waiting for the one before: each file part
  // claims its place before anything is written, and one too many is refused before it is.
  const writing: Promise<unknown>[] = []
  const failed = new AbortController()
  const signal = AbortSignal.any([request.signal, failed.signal])
  const upload = async (file: FileUpload) => {
    const field = file.fieldName ?? ''
    const drop = () => file.stream().pipeTo(new WritableStream())
    // A form posted with no file chosen sends an empty part without a name: no file.
    if (file.name === '' && isFileField(field)) {
      await drop()
      return null
    }
    if (!isFileField(field) || writing.length >= maxFiles) {
      const tooMany = fileError('validation_failed', options.tooManyFiles ?? 'loads.documents.errors.oneFile', { max: maxFiles })
      if (!options.keepGoing || !isFileField(field)) throw tooMany
      refused[field] ??= tooMany
      await drop()
      return null
    }
    const found: { type?: LoadDocumentType } = {}
    const key = randomStorageKey(options.prefix)
    const put = storage.put(key, checkedBytes(file.stream(), found, signal, accepted))
    writing.push(put)
    try {
      const sizeBytes = await put
      stored.push({ field, key, sizeBytes, contentType: found.type!, fileName: safeFileName(file.name, LOAD_DOCUMENT_TYPES[found.type!]) })
    } catch (error) {
      if (!options.keepGoing || !isDomainError(error)) throw error
      await storage.delete(key)
      refused[field] ??= error
    }
    return key
  }
  let form: FormData
  try {
    // The parser's own cap is a backstop above ours: checkedBytes answers 413 first.
    form = await parseFormData(request, { maxFileSize: options.keepGoing?.totalBytes ?? DRAIN_BYTES, maxHeaderSize: 8 * 1024 }, upload)
    // The edge checks every other form's shape before the app reads it; a streamed one only here.
    const shape = readFormRefusal(form)
    if (shape)
      throw new DomainError(shape === 'too-large' ? 'payload_too_large' : 'validation_failed', shape === 'too-large' ? 'edge.formTooLarge' : 'edge.badForm')
  } catch (error) {
    // A write still running (the body failed or a later part was refused) stops and removes its bytes.
    failed.abort()
    await Promise.allSettled(writing)
    await Promise.all(stored.map((file) => storage.delete(file.key)))
    const cause = error instanceof Error && error.cause ? error.cause : error
    if (isDomainError(cause)) throw cause
    if (isDomainError(error)) throw error
    if (error instanceof MaxFileSizeExceededError || cause instanceof MaxFileSizeExceededError)
      throw fileError('payload_too_large', 'loads.documents.errors.tooLarge', { size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })
    throw new DomainError('validation_failed', 'loads.documents.errors.badForm')
  }
  // The stored files' keys are the parser's values of their fields: only the text fields are the form's.
  for (const field of new Set(stored.map((file) => file.field))) form.delete(field)
  return { form, stored, refused, storage }
}
