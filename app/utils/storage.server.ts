/**
 * Where uploaded files live: one small interface, so several app servers can share documents
 * later through an S3-compatible driver while one server keeps them on its disk. Keys are opaque
 * (`loads/<organization>/<load>/<random id>`), never a client's file name, so a name cannot
 * climb out of the storage folder or collide with another file.
 *
 * Today: the disk driver under STORAGE_DIR. The S3 driver (`S3_BUCKET` …) is the next step; see
 * docs/decisions/026-load-documents.md.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { env } from './env.server'

export type StoredObject = { body: ReadableStream<Uint8Array>; sizeBytes: number }

export interface FileStorage {
  /** Writes the bytes as they come; on any error nothing is left under the key. Returns the size. */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<number>
  /** The bytes of a key, or null when there is none. */
  get(key: string): Promise<StoredObject | null>
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/

/** Keys are made by the app from ids: anything else (dots, slashes at the ends, "..") is a bug. */
export function assertStorageKey(key: string) {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** Files under one folder; the key is the relative path. */
export function diskStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    assertStorageKey(key)
    return path.join(base, ...key.split('/'))
  }
  return {
    async put(key, body) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      let size = 0
      const counted = async function* () {
        for await (const chunk of body) {
          size += chunk.byteLength
          yield chunk
        }
      }
      try {
        // `wx`: never overwrite; keys are random and unique.
        await pipeline(Readable.from(counted()), createWriteStream(file, { flags: 'wx' }))
      } catch (error) {
        await fs.rm(file, { force: true })
        throw error
      }
      return size
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const stat = await fs.stat(file)
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, sizeBytes: stat.size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
  }
}

/** The storage the app uses, from the environment (the disk driver under STORAGE_DIR). */
export function fileStorage(): FileStorage {
  return diskStorage(env().STORAGE_DIR)
}
