/**
 * The file storage drivers (app/utils/storage.server.ts): one suite, run against the disk driver
 * and against the S3 driver talking to a real S3-compatible server (s3rver, in this process).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { diskStorage, type FileStorage, S3_PART_BYTES, s3Storage } from '~/utils/storage.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'freightdesk-storage-'))
let s3: S3rver
let s3Url = ''

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: 'freightdesk', configs: [] }] })
  const { port } = await s3.run()
  s3Url = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  await s3?.close()
  fs.rmSync(root, { recursive: true, force: true })
})

async function* chunks(bytes: Uint8Array, size = 64 * 1024) {
  for (let start = 0; start < bytes.byteLength; start += size) yield bytes.subarray(start, start + size)
}

async function* failing(bytes: Uint8Array) {
  yield* chunks(bytes)
  throw new Error('the client went away')
}

async function read(storage: FileStorage, key: string) {
  const stored = await storage.get(key)
  if (!stored) return null
  return Buffer.from(await new Response(stored.body).arrayBuffer())
}

const drivers: Array<[string, () => FileStorage]> = [
  ['disk', () => diskStorage(path.join(root, 'disk'))],
  [
    's3',
    () =>
      s3Storage({
        bucket: 'freightdesk',
        region: 'us-east-1',
        endpoint: s3Url,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'tests',
      }),
  ],
]

describe.each(drivers)('the %s driver', (_name, make) => {
  it('stores, reads back byte for byte, and deletes (twice is fine); a missing key reads as nothing', async () => {
    const storage = make()
    const bytes = randomBytes(300 * 1024)
    expect(await storage.put('loads/org/load/small', chunks(bytes))).toBe(bytes.byteLength)
    expect((await storage.get('loads/org/load/small'))?.sizeBytes).toBe(bytes.byteLength)
    expect((await read(storage, 'loads/org/load/small'))?.equals(bytes)).toBe(true)
    await storage.delete('loads/org/load/small')
    await storage.delete('loads/org/load/small')
    expect(await storage.get('loads/org/load/small')).toBeNull()
    expect(await storage.put('loads/org/load/empty', chunks(new Uint8Array(0)))).toBe(0)
  })

  it('streams a file larger than one part (12 MB) and reads it back whole', async () => {
    const storage = make()
    const bytes = randomBytes(12 * 1024 * 1024)
    expect(bytes.byteLength).toBeGreaterThan(2 * S3_PART_BYTES)
    // To S3 it goes in parts of 5 MiB, never as one 12 MB request body.
    const sent: number[] = []
    const fetch = globalThis.fetch
    globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.searchParams.has('partNumber')) sent.push((input instanceof Request ? Number(input.headers.get('Content-Length')) : 0) || S3_PART_BYTES)
      return fetch(input, init)
    }
    try {
      expect(await storage.put('loads/org/load/large', chunks(bytes, 1024 * 1024))).toBe(bytes.byteLength)
    } finally {
      globalThis.fetch = fetch
    }
    expect(sent).toHaveLength(_name === 's3' ? 3 : 0)
    expect((await read(storage, 'loads/org/load/large'))?.equals(bytes)).toBe(true)
  })

  it('leaves nothing under the key when the body fails midway, small or large', async () => {
    const storage = make()
    await expect(storage.put('loads/org/load/broken-small', failing(randomBytes(1000)))).rejects.toThrow('the client went away')
    await expect(storage.put('loads/org/load/broken-large', failing(randomBytes(11 * 1024 * 1024)))).rejects.toThrow('the client went away')
    expect(await storage.get('loads/org/load/broken-small')).toBeNull()
    expect(await storage.get('loads/org/load/broken-large')).toBeNull()
  })

  it('refuses keys the app would never make', async () => {
    const storage = make()
    for (const key of ['../escape', 'loads/../../etc', '/absolute', 'loads/a.pdf', '']) {
      await expect(storage.put(key, chunks(new Uint8Array(1)))).rejects.toThrow('Invalid storage key')
    }
  })
})

describe('load documents with S3_* set', () => {
  it('go to the bucket, not the disk: upload, download and delete through the API', async () => {
    const { prisma } = await import('~/utils/db.server')
    const documents = await import('~/routes/api/loads/documents')
    const document = await import('~/routes/api/loads/document')
    const { createOrg, unique } = await import('../helpers')
    const { CLIENT_IP_HEADER } = await import('~/utils/client-ip')
    const disk = path.join(root, 'unused-disk')
    const settings = {
      S3_BUCKET: 'freightdesk',
      S3_ENDPOINT: s3Url,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      STORAGE_DIR: disk,
    }
    const previous = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]))
    Object.assign(process.env, settings)
    try {
      const org = await createOrg()
      const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
      const load = await prisma.load.create({
        data: {
          organizationId: org.organization.id,
          brokerId: broker.id,
          loadNumber: unique('S3'),
          stops: { create: [{ sequence: 1, type: 'pickup', city: 'Dallas' }] },
        },
      })
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024), Buffer.from('\n%%EOF\n')])
      const headers = { Authorization: `Bearer ${org.users.dispatcher.token}`, [CLIENT_IP_HEADER]: '198.51.100.9' }
      const form = new FormData()
      form.append('kind', 'pod')
      form.append('file', new File([new Uint8Array(pdf)], 'pod.pdf', { type: 'application/pdf' }))
      const uploaded = await documents.action({
        request: new Request(`http://localhost/api/loads/${load.id}/documents`, { method: 'POST', headers, body: form }),
        params: { id: load.id },
        context: {},
      } as never)
      expect(uploaded.status).toBe(201)
      const row = await prisma.loadDocument.findFirstOrThrow({ where: { loadId: load.id } })
      const bucket = s3Storage({
        bucket: 'freightdesk',
        region: 'us-east-1',
        endpoint: s3Url,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      })
      expect((await read(bucket, row.storageKey))?.equals(pdf)).toBe(true)
      expect(fs.existsSync(disk)).toBe(false)

      const call = (method: string) =>
        document[method === 'GET' ? 'loader' : 'action']({
          request: new Request(`http://localhost/api/loads/${load.id}/documents/${row.id}`, { method, headers }),
          params: { id: load.id, documentId: row.id },
          context: {},
        } as never)
      const downloaded = await call('GET')
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true)
      expect((await call('DELETE')).status).toBe(200)
      expect(await bucket.get(row.storageKey)).toBeNull()
    } finally {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })
})

describe('the S3 settings', () => {
  it('refuse to start half-configured rather than fall back to the disk', async () => {
    const { env } = await import('~/utils/env.server')
    const previous = process.env.S3_BUCKET
    process.env.S3_BUCKET = 'freightdesk'
    try {
      expect(() => env()).toThrow('S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY')
    } finally {
      if (previous === undefined) delete process.env.S3_BUCKET
      else process.env.S3_BUCKET = previous
    }
  })
})

describe('the disk driver leaves no empty folders behind', () => {
  it('takes the folders a refused upload made, and those a delete empties, never the root or a folder still in use', async () => {
    const base = path.join(root, 'tidy')
    const storage = diskStorage(base)
    await expect(storage.put('loads/org-a/load-1/refused', failing(randomBytes(1000)))).rejects.toThrow('the client went away')
    expect(fs.readdirSync(base)).toEqual([])
    // A sibling in the same folder keeps it; a delete of the last file takes the folders up to the root.
    await storage.put('loads/org-b/load-2/kept', chunks(new Uint8Array(10)))
    await expect(storage.put('loads/org-b/load-2/refused', failing(randomBytes(1000)))).rejects.toThrow('the client went away')
    expect(fs.readdirSync(path.join(base, 'loads', 'org-b', 'load-2'))).toEqual(['kept'])
    await storage.delete('loads/org-b/load-2/kept')
    expect(fs.readdirSync(base)).toEqual([])
    expect(fs.existsSync(base)).toBe(true)
  })
})

describe('files on disk are private to the app’s user', () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777

  it('stores uploads 0600 in folders 0700, and closes a folder made before the rule', async () => {
    const base = path.join(root, 'private')
    // A folder an older version made, open to everyone, with a file readable by all.
    fs.mkdirSync(path.join(base, 'loads'), { recursive: true, mode: 0o755 })
    fs.chmodSync(base, 0o755)
    const storage = diskStorage(base)
    await storage.put('loads/org/load/abc', chunks(new TextEncoder().encode('%PDF-1.4 private')))
    expect(modeOf(base)).toBe(0o700)
    expect(modeOf(path.join(base, 'loads', 'org'))).toBe(0o700)
    expect(modeOf(path.join(base, 'loads', 'org', 'load'))).toBe(0o700)
    expect(modeOf(path.join(base, 'loads', 'org', 'load', 'abc'))).toBe(0o600)
  })

  it('writes the outbox (password-reset links) 0600 in a folder 0700', async () => {
    const previous = process.env.OUTBOX_DIR
    const outbox = path.join(root, 'outbox-private')
    fs.mkdirSync(outbox, { mode: 0o755 })
    fs.chmodSync(outbox, 0o755)
    process.env.OUTBOX_DIR = outbox
    try {
      const { sendEmail } = await import('~/utils/mail.server')
      await sendEmail({ to: 'someone@example.test', subject: 'Reset your password', text: 'https://example.test/reset?token=secret' })
      const [file] = fs.readdirSync(outbox)
      expect(file).toMatch(/\.json$/)
      expect(modeOf(outbox)).toBe(0o700)
      expect(modeOf(path.join(outbox, file))).toBe(0o600)
    } finally {
      if (previous === undefined) delete process.env.OUTBOX_DIR
      else process.env.OUTBOX_DIR = previous
    }
  })
})
