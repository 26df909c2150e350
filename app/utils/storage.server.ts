/**
 * Where uploaded files live: one small interface, so several app servers can share documents
 * later through an S3-compatible driver while one server keeps them on its disk. Keys are opaque
 * (`loads/<organization>/<load>/<random id>`), never a client's file name, so a name cannot
 * climb out of the storage folder or collide with another file.
 *
 * Two drivers: the disk under STORAGE_DIR (the default) and an S3-compatible bucket (`S3_*`
 * variables; docs/decisions/033-s3-storage.md).
 */
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { AwsClient } from 'aws4fetch'

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

/**
 * Private to the app's user: folders 0700, files 0600, whatever the umask leaves. The
 * stored files are people's papers and mail; no other account on the machine reads them (the
 * embedded PostgreSQL runs as `postgres` when the app runs as root, and never needs them).
 */
export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

const madePrivate = new Set<string>()

/**
 * Makes `folder` (and its missing parents) 0700, and closes it to other users once per process: a
 * folder made before this rule, with its files readable by all, is then out of their reach.
 */
export async function privateFolder(folder: string) {
  const resolved = path.resolve(folder)
  await fs.mkdir(resolved, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  if (!madePrivate.has(resolved)) {
    await fs.chmod(resolved, PRIVATE_FOLDER_MODE)
    madePrivate.add(resolved)
  }
  return resolved
}

/**
 * Removes `folder` and its parents while they are empty, up to (never including) `base`: a refused
 * upload or a delete leaves no empty folders behind. A folder that has a file again stops it.
 */
async function removeEmptyFolders(folder: string, base: string) {
  let current = folder
  while (current !== base && current.startsWith(`${base}${path.sep}`)) {
    try {
      await fs.rmdir(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return
    }
    current = path.dirname(current)
  }
}

/** Files under one folder; the key is the relative path. */
export function diskStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    assertStorageKey(key)
    return path.join(base, ...key.split('/'))
  }
  /** The new file, open for writing (`wx`: never overwrite; keys are random and unique), its folders made. */
  const create = async (file: string) => {
    // A folder emptied by another key's refused upload may go between the mkdir and the open: made again.
    for (let tries = 1; ; tries++) {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE })
      try {
        return await fs.open(file, 'wx', PRIVATE_FILE_MODE)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || tries === 3) throw error
      }
    }
  }
  return {
    async put(key, body) {
      const file = fileOf(key)
      // The root once (closing a folder made before the rule), then the key's own folders.
      if (!madePrivate.has(base)) await privateFolder(base)
      const handle = await create(file)
      let size = 0
      const counted = async function* () {
        for await (const chunk of body) {
          size += chunk.byteLength
          yield chunk
        }
      }
      try {
        await pipeline(Readable.from(counted()), handle.createWriteStream())
      } catch (error) {
        await handle.close().catch(() => {})
        await fs.rm(file, { force: true })
        await removeEmptyFolders(path.dirname(file), base)
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
      const file = fileOf(key)
      await fs.rm(file, { force: true })
      await removeEmptyFolders(path.dirname(file), base)
    },
  }
}

export type S3Config = {
  bucket: string
  region: string
  /** `https://s3.<region>.amazonaws.com` when unset. */
  endpoint?: string
  accessKeyId: string
  secretAccessKey: string
  /** The bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle?: boolean
  prefix?: string
}

/** Bytes as a fetch body (a Buffer is a Uint8Array; the DOM typings want an ArrayBuffer-backed one). */
const bodyOf = (bytes: Buffer) => bytes as unknown as BodyInit

/** S3 parts are 5 MiB at least (the last one excepted): the most an upload holds in memory at once. */
export const S3_PART_BYTES = 5 * 1024 * 1024

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …), signed with SigV4 by aws4fetch. An
 * upload is read in parts of 5 MiB: a file that fits one part is one PUT; a larger one is a
 * multipart upload, aborted (nothing left under the key) when the body fails or is refused midway.
 */
export function s3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' })
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`)
  const urlOf = (key: string, query = '') => {
    assertStorageKey(key)
    const path = `${config.prefix ? `${config.prefix}/` : ''}${key}`
    const base = config.forcePathStyle
      ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${config.bucket}/${path}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${path}`
    return `${base}${query}`
  }
  const send = async (url: string, init: RequestInit, ok: (status: number) => boolean = (status) => status < 300) => {
    const response = await client.fetch(url, init)
    if (!ok(response.status)) {
      const text = await response.text().catch(() => '')
      throw new Error(`S3 ${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 200)}`)
    }
    return response
  }

  /** The body in parts of S3_PART_BYTES (the last one shorter). */
  async function* parts(body: AsyncIterable<Uint8Array>) {
    let chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of body) {
      chunks.push(chunk)
      size += chunk.byteLength
      while (size >= S3_PART_BYTES) {
        const joined = Buffer.concat(chunks)
        yield joined.subarray(0, S3_PART_BYTES)
        const rest = joined.subarray(S3_PART_BYTES)
        chunks = rest.byteLength ? [rest] : []
        size = rest.byteLength
      }
    }
    if (size > 0) yield Buffer.concat(chunks)
  }

  return {
    async put(key, body) {
      const url = urlOf(key)
      const iterator = parts(body)[Symbol.asyncIterator]()
      const first = await iterator.next()
      const second = first.done ? first : await iterator.next()
      if (second.done) {
        const bytes = first.done ? Buffer.alloc(0) : first.value
        await send(url, { method: 'PUT', body: bodyOf(bytes), headers: { 'Content-Type': 'application/octet-stream' } })
        return bytes.byteLength
      }
      const started = await send(urlOf(key, '?uploads'), { method: 'POST' })
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await started.text())?.[1]
      if (!uploadId) throw new Error('S3 did not start the multipart upload')
      const etags: string[] = []
      let size = 0
      const upload = async (bytes: Buffer) => {
        const query = `?partNumber=${etags.length + 1}&uploadId=${encodeURIComponent(uploadId)}`
        const answer = await send(urlOf(key, query), { method: 'PUT', body: bodyOf(bytes) })
        etags.push(answer.headers.get('ETag') ?? '')
        size += bytes.byteLength
      }
      try {
        await upload(first.value!)
        await upload(second.value)
        for (let part = await iterator.next(); !part.done; part = await iterator.next()) await upload(part.value)
        const list = etags.map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('')
        const done = await send(urlOf(key, `?uploadId=${encodeURIComponent(uploadId)}`), {
          method: 'POST',
          body: `<CompleteMultipartUpload>${list}</CompleteMultipartUpload>`,
          headers: { 'Content-Type': 'application/xml' },
        })
        // S3 may answer 200 with an error in the body.
        if ((await done.text()).includes('<Error>')) throw new Error('S3 refused to complete the multipart upload')
        return size
      } catch (error) {
        await client.fetch(urlOf(key, `?uploadId=${encodeURIComponent(uploadId)}`), { method: 'DELETE' }).catch(() => undefined)
        throw error
      }
    },
    async get(key) {
      const response = await send(urlOf(key), { method: 'GET' }, (status) => status < 300 || status === 404)
      if (response.status === 404 || !response.body) {
        await response.body?.cancel()
        return null
      }
      return { body: response.body as ReadableStream<Uint8Array>, sizeBytes: Number(response.headers.get('Content-Length') ?? 0) }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, too.
      await send(urlOf(key), { method: 'DELETE' }, (status) => status < 300 || status === 404)
    },
  }
}

/** The storage the app uses, from the environment: a bucket when S3_BUCKET is set, else the disk under STORAGE_DIR. */
export function fileStorage(): FileStorage {
  const config = env()
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    })
  }
  return diskStorage(config.STORAGE_DIR)
}
