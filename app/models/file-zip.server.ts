/**
 * "Download as ZIP" (ADR 067): the chosen files in one archive, streamed with archiver as it is
 * written. Files are read from storage one at a time (the next is opened when the last entry is
 * done), nothing is copied whole in memory, and the bytes are stored as they are (PDFs and photos
 * are compressed already). Two files of the same name become "name (2).ext"; a file gone from the
 * storage is named in MISSING.txt instead of failing the download.
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

/** The archive of the files the reader sees among `ids` (404 when none): a stream, and its file name. */
export async function zipFiles(reader: FileReader, ids: readonly string[], now = new Date()) {
  const files = await findFiles(reader, ids)
  if (files.length === 0) throw new DomainError('not_found', 'files.errors.notFound')
  // Each entry is named as its download is (ADR 091): the detected type's extension, no bidi controls.
  const names = uniqueNames(files.map((file) => downloadFileName(file)))
  // Loaded with the first ZIP: archiver's code would otherwise sit on every server's heap (ADR 080).
  const { ZipArchive } = await import('archiver')
  const archive = new ZipArchive({ store: true })
  const out = new PassThrough()
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
        archive.append(Readable.fromWeb(object.body as never), { name: names[index], date: file.createdAt })
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
