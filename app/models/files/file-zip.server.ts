/**
 * "Download as ZIP" (ADR 067): the chosen files in one archive, streamed with archiver as it is
 * written. Files are read from storage one at a time (the next is opened when the last entry is
 * done), nothing is copied whole in memory, and the bytes are stored as they are (PDFs and photos
 * are compressed already; only text is deflated). Two files of the same name become "name (2).ext";
 * a file gone from the storage is named in MISSING.txt instead of failing the download.
 *
 * A ZIP costs a server CPU for as long as it streams (every byte is read and checksummed), so each
 * server writes at most FILE_ZIP_PER_USER at once for one person and FILE_ZIP_PER_SERVER in all
 * (one viewer's ZIPs took /health to 1.7 s); past that the request is refused with 429
 * and Retry-After before anything is read. A slot is given back when the stream ends, fails or is
 * abandoned by the client.
 */
import { PassThrough, Readable } from 'node:stream'

import { DomainError } from '~/utils/errors.server'
import { downloadFileName } from '~/utils/file-name'

import { type FileReader, findFiles, readFileBytes } from './stored-file.server'

/** "a.pdf", "a (2).pdf", "a (3).pdf" … case-insensitively, as most unzip tools compare. */
export function uniqueNames(names: readonly string[]) {
  const taken = new Set<string>()
  return names.map((name) => {
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/** ZIPs one person may have streaming from one server at once. */
export const FILE_ZIP_PER_USER = 1
/** ZIPs one server streams at once, for everyone (two cores: one left for pages). */
export const FILE_ZIP_PER_SERVER = 2
/** What a refused request is told to wait (seconds): a ZIP of a few hundred files takes about that. */
export const FILE_ZIP_RETRY_AFTER_SECONDS = 30

const streaming = new Map<string, number>()
let streamingTotal = 0

/** A slot for this person's ZIP, or a 429 refusal; the slot's release runs once, however often it is called. */
function claimZipSlot(userId: string) {
  if ((streaming.get(userId) ?? 0) >= FILE_ZIP_PER_USER || streamingTotal >= FILE_ZIP_PER_SERVER) {
    const seconds = FILE_ZIP_RETRY_AFTER_SECONDS
    throw new DomainError('rate_limited', 'files.errors.zipBusy', { params: { seconds }, headers: { 'Retry-After': String(seconds) } })
  }
  streaming.set(userId, (streaming.get(userId) ?? 0) + 1)
  streamingTotal++
  let released = false
  return () => {
    if (released) return
    released = true
    streamingTotal--
    const left = (streaming.get(userId) ?? 1) - 1
    if (left > 0) streaming.set(userId, left)
    else streaming.delete(userId)
  }
}

/** The ZIPs this server is streaming now (for tests and the operator's curiosity). */
export function streamingZips() {
  return streamingTotal
}

/** Types that gain from deflate; everything else the app stores (PDF, images, Office files) is compressed already. */
const COMPRESSIBLE = new Set(['text/plain', 'text/csv'])

/**
 * The archive of the files the reader sees among `ids` (404 when none): a stream, and its file
 * name. Refused with 429 (Retry-After) when this person or this server has ZIPs enough streaming.
 */
export async function zipFiles(reader: FileReader, ids: readonly string[], now = new Date()) {
  const release = claimZipSlot(reader.id)
  let files, ZipArchive
  try {
    files = await findFiles(reader, ids)
    if (files.length === 0) throw new DomainError('not_found', 'files.errors.notFound')
    // Loaded with the first ZIP: archiver's code would otherwise sit on every server's heap (ADR 080).
    ;({ ZipArchive } = await import('archiver'))
  } catch (error) {
    release()
    throw error
  }
  // Each entry is named as its download is (ADR 091): the detected type's extension, no bidi controls.
  const names = uniqueNames(files.map((file) => downloadFileName(file)))
  const archive = new ZipArchive({ zlib: { level: 6 } })
  const out = new PassThrough()
  // Ended, failed or cancelled by the client (the web stream's cancel destroys it): the slot is free,
  // and an archive left halfway stops reading its files.
  out.once('close', () => {
    release()
    if (!out.readableEnded) archive.abort()
  })
  archive.on('error', (error: Error) => out.destroy(error))
  archive.pipe(out)
  void (async () => {
    const missing: string[] = []
    try {
      for (const [index, file] of files.entries()) {
        if (out.destroyed) return
        const object = await readFileBytes(file, reader.organizationId)
        if (!object) {
          missing.push(names[index])
          continue
        }
        const written = new Promise((resolve) => archive.once('entry', resolve))
        archive.append(Readable.fromWeb(object.body as never), { name: names[index], date: file.createdAt, store: !COMPRESSIBLE.has(file.contentType) })
        await written
      }
      if (missing.length) archive.append(`${missing.join('\n')}\n`, { name: 'MISSING.txt', date: now })
      await archive.finalize()
    } catch (error) {
      archive.abort()
      out.destroy(error as Error)
    }
  })()
  return { stream: Readable.toWeb(out) as ReadableStream<Uint8Array>, fileName: `files-${now.toISOString().slice(0, 10)}.zip`, count: files.length }
}
