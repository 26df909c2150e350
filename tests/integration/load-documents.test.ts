/**
 * Load documents (ADR 026): upload by content type and size, download headers, delete with its
 * stored file, tenant and driver rules; the size limit and the streamed edge path over a real server.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as documentRoute from '~/routes/api/loads/document'
import * as documentsRoute from '~/routes/api/loads/documents'
import * as loadItem from '~/routes/api/loads/item'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { createOrg, unique } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

type Org = Awaited<ReturnType<typeof createOrg>>

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-docs-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

/** A small but real PDF and a 1×1 PNG. */
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

async function makeLoad(org: Org, driverId?: string) {
  const organizationId = org.organization.id
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Docs Broker') } })
  return prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('DOC'),
      driverId: driverId ?? null,
      stops: {
        create: [
          { sequence: 1, type: 'pickup', city: 'Dallas' },
          { sequence: 2, type: 'delivery', city: 'Tulsa' },
        ],
      },
    },
  })
}

/** An upload as a client sends it, through the contract kit: a 201's document is checked against the OpenAPI document. */
async function upload(loadId: string, token: string, kind: string, bytes: Uint8Array, fileName: string, declaredType = 'application/pdf') {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', new File([new Uint8Array(bytes)], fileName, { type: declaredType }))
  const answer = await callApi(documentsRoute, {
    method: 'POST',
    path: `/api/loads/${loadId}/documents`,
    params: { id: loadId },
    token,
    form,
    headers: { [CLIENT_IP_HEADER]: '198.51.100.9' },
  })
  return { status: answer.status, body: answer.body as { data?: Record<string, unknown>; error?: { code: string; fields?: Record<string, string[]> } } }
}

function download(loadId: string, documentId: string, token: string) {
  const request = new Request(`http://localhost/api/loads/${loadId}/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
  })
  return documentRoute.loader({ request, params: { id: loadId, documentId }, context: {} } as never)
}

function storedFiles(org: Org) {
  const dir = path.join(storageDir, 'loads', org.organization.id)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

let org: Org
let other: Org
beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

describe('load documents through the API', () => {
  it('stores a PDF, lists it on the load, downloads it with safe headers, and deletes it with its file', async () => {
    const load = await makeLoad(org)
    const created = await upload(load.id, org.users.dispatcher.token, 'bols', PDF, 'BOL 4471 "signed".pdf', 'text/plain')
    expect(created.status).toBe(201)
    const document = created.body.data!
    expect(document).toMatchObject({
      kind: 'bols',
      fileName: 'BOL 4471 signed.pdf',
      name: 'BOL 4471 signed.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
    })
    expect(document.url).toBe(`/api/loads/${load.id}/documents/${document.id}`)

    const row = await prisma.loadDocument.findUniqueOrThrow({ where: { id: document.id as string } })
    // The key is opaque: organization, load and a random id, never the client's name.
    expect(row.storageKey).toMatch(new RegExp(`^loads/${org.organization.id}/${load.id}/[A-Za-z0-9_-]{20,}$`))
    expect(fs.readFileSync(path.join(storageDir, row.storageKey))).toEqual(Buffer.from(PDF))

    const read = await callApi(loadItem, { path: `/api/loads/${load.id}`, params: { id: load.id }, token: org.users.viewer.token })
    expect(read.body.data.bols).toEqual([
      {
        id: document.id,
        fileName: document.fileName,
        name: document.fileName,
        contentType: 'application/pdf',
        sizeBytes: PDF.byteLength,
        uploadedAt: document.uploadedAt,
        url: document.url,
      },
    ])
    expect(read.body.data.rateConn).toEqual([])
    expect(read.body.data.pod).toEqual([])

    // Readers download.
    const file = await download(load.id, document.id as string, org.users.viewer.token)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('application/pdf')
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="BOL 4471 signed.pdf"; filename*=UTF-8''BOL%204471%20signed.pdf`)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)

    // Readers do not delete; the office does, and the stored file goes with the row.
    const refused = await callApi(documentRoute, {
      method: 'DELETE',
      path: `/api/loads/${load.id}/documents/${document.id}`,
      params: { id: load.id, documentId: document.id as string },
      token: org.users.viewer.token,
    })
    expect(refused.status).toBe(403)
    const deleted = await callApi(documentRoute, {
      method: 'DELETE',
      path: `/api/loads/${load.id}/documents/${document.id}`,
      params: { id: load.id, documentId: document.id as string },
      token: org.users.admin.token,
    })
    expect(deleted).toMatchObject({ status: 200, body: { data: { id: document.id, deleted: true } } })
    expect(await prisma.loadDocument.count({ where: { id: document.id as string } })).toBe(0)
    expect(fs.existsSync(path.join(storageDir, row.storageKey))).toBe(false)
    expect((await download(load.id, document.id as string, org.users.admin.token)).status).toBe(404)

    const events = await prisma.auditEvent.findMany({ where: { entity: 'load', entityId: load.id }, orderBy: { at: 'asc' } })
    expect(events.map((event) => event.action)).toEqual(['update', 'update'])
    expect(JSON.stringify(events[0].changes)).toContain('BOL 4471 signed.pdf')
  })

  it('detects the type from the bytes: a PNG is a PNG whatever it is called, a text file named x.pdf is refused with 415', async () => {
    const load = await makeLoad(org)
    const png = await upload(load.id, org.users.admin.token, 'pod', PNG, 'scan.pdf', 'application/pdf')
    expect(png.status).toBe(201)
    expect(png.body.data).toMatchObject({ contentType: 'image/png', kind: 'pod' })

    const before = storedFiles(org).length
    const text = await upload(load.id, org.users.admin.token, 'bols', new TextEncoder().encode('just some text, not a PDF at all\n'.repeat(300)), 'x.pdf')
    expect(text.status).toBe(415)
    expect(text.body.error?.code).toBe('unsupported_media_type')
    const exe = await upload(
      load.id,
      org.users.admin.token,
      'bols',
      new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04, 0, 0, 0, 0xff, 0xff]),
      'invoice.pdf',
    )
    expect(exe.status).toBe(415)
    expect(storedFiles(org).length).toBe(before)
    expect(await prisma.loadDocument.count({ where: { loadId: load.id } })).toBe(1)
  })

  it('names the file by its detected type without bidi controls, at upload and at the download of a name stored before', async () => {
    const load = await makeLoad(org)
    // A PNG that is also a page: saved as invoice.html it would open in the browser.
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.domain)</script></html>')])
    const png = await upload(load.id, org.users.admin.token, 'pod', polyglot, 'invoice.html', 'text/html')
    expect(png.status).toBe(201)
    expect(png.body.data).toMatchObject({ contentType: 'image/png', fileName: 'invoice.png' })
    // U+202E shows "podgnp.exe" as "podexe.png".
    const pdf = await upload(load.id, org.users.admin.token, 'pod', PDF, 'pod\u202Egnp.exe')
    expect(pdf.body.data).toMatchObject({ contentType: 'application/pdf', fileName: 'podgnp.pdf' })
    const file = await download(load.id, pdf.body.data!.id as string, org.users.viewer.token)
    expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="podgnp.pdf"; filename*=UTF-8''podgnp.pdf`)

    // A name stored before the rule is cleaned on the way out.
    await prisma.loadDocument.update({ where: { id: png.body.data!.id as string }, data: { fileName: 'old\u202Elmth.html' } })
    const old = await download(load.id, png.body.data!.id as string, org.users.viewer.token)
    expect(old.headers.get('Content-Disposition')).toBe(`attachment; filename="oldlmth.png"; filename*=UTF-8''oldlmth.png`)
    expect(old.headers.get('Content-Type')).toBe('image/png')
  })

  it('refuses a missing kind, a missing file, an empty file and a JSON body, storing nothing', async () => {
    const load = await makeLoad(org)
    const before = storedFiles(org).length
    expect((await upload(load.id, org.users.admin.token, 'invoice', PDF, 'a.pdf')).body.error).toMatchObject({
      code: 'validation_failed',
      fields: { kind: [expect.any(String)] },
    })
    expect((await upload(load.id, org.users.admin.token, 'bols', new Uint8Array(), 'a.pdf')).status).toBe(400)
    const json = await callApi(documentsRoute, {
      method: 'POST',
      path: `/api/loads/${load.id}/documents`,
      params: { id: load.id },
      token: org.users.admin.token,
      body: { kind: 'bols', file: 'JVBERi0=' },
    })
    expect(json).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } })
    expect(storedFiles(org).length).toBe(before)
    expect(await prisma.loadDocument.count({ where: { loadId: load.id } })).toBe(0)
  })

  it('refuses two or five file parts before writing any of them, storing nothing', async () => {
    const load = await makeLoad(org)
    const before = storedFiles(org).length
    for (const count of [2, 5]) {
      const form = new FormData()
      form.append('kind', 'bols')
      for (let index = 0; index < count; index++) form.append('file', new File([PDF], `part-${index}.pdf`, { type: 'application/pdf' }))
      const request = new Request(`http://localhost/api/loads/${load.id}/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${org.users.admin.token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
        body: form,
      })
      const response = await documentsRoute.action({ request, params: { id: load.id }, context: {} } as never)
      expect(response.status, `${count} parts`).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { file: [expect.any(String)] } } })
      expect(storedFiles(org).length, `${count} parts`).toBe(before)
    }
    expect(await prisma.loadDocument.count({ where: { loadId: load.id } })).toBe(0)
  })

  it('removes the partial file of a client that disconnects mid-upload', async () => {
    const load = await makeLoad(org)
    const before = storedFiles(org).length
    const boundary = 'cut-off-boundary'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nbols\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    )
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true
          // Past the bytes held to sniff the type, so some of the file reaches the disk.
          controller.enqueue(Buffer.concat([head, PDF, new Uint8Array(64 * 1024)]))
          return
        }
        await expect.poll(() => storedFiles(org).length).toBe(before + 1)
        controller.error(new Error('the client went away'))
      },
    })
    const request = new Request(`http://localhost/api/loads/${load.id}/documents`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${org.users.admin.token}`,
        [CLIENT_IP_HEADER]: '198.51.100.9',
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit)
    const response = await documentsRoute.action({ request, params: { id: load.id }, context: {} } as never)
    expect(response.status).toBe(400)
    expect(storedFiles(org).length).toBe(before)
    expect(await prisma.loadDocument.count({ where: { loadId: load.id } })).toBe(0)
  })

  it("answers 404 for another organization's load or document", async () => {
    const load = await makeLoad(org)
    const created = await upload(load.id, org.users.admin.token, 'rateConn', PDF, 'rate.pdf')
    const documentId = created.body.data!.id as string
    expect((await upload(load.id, other.users.admin.token, 'bols', PDF, 'x.pdf')).status).toBe(404)
    expect((await download(load.id, documentId, other.users.admin.token)).status).toBe(404)
    const otherLoad = await makeLoad(other)
    // The document is looked up under its own load only.
    expect((await download(otherLoad.id, documentId, other.users.admin.token)).status).toBe(404)
    const deleted = await callApi(documentRoute, {
      method: 'DELETE',
      path: `/api/loads/${load.id}/documents/${documentId}`,
      params: { id: load.id, documentId },
      token: other.users.admin.token,
    })
    expect(deleted.status).toBe(404)
    expect(await prisma.loadDocument.count({ where: { id: documentId } })).toBe(1)
  })

  it('lets a driver upload BOLs and PODs and read them on their own loads only; readers only download', async () => {
    const own = await makeLoad(org, org.users.driver.id)
    const notOwn = await makeLoad(org)
    const pod = await upload(own.id, org.users.driver.token, 'pod', PNG, 'pod.png', 'image/png')
    expect(pod.status).toBe(201)
    expect((await download(own.id, pod.body.data!.id as string, org.users.driver.token)).status).toBe(200)
    expect((await upload(own.id, org.users.driver.token, 'rateConn', PDF, 'rate.pdf')).status).toBe(403)
    expect((await upload(notOwn.id, org.users.driver.token, 'bols', PDF, 'bol.pdf')).status).toBe(404)
    const office = await upload(notOwn.id, org.users.admin.token, 'bols', PDF, 'bol.pdf')
    expect((await download(notOwn.id, office.body.data!.id as string, org.users.driver.token)).status).toBe(404)
    const driverDelete = await callApi(documentRoute, {
      method: 'DELETE',
      path: `/api/loads/${own.id}/documents/${pod.body.data!.id}`,
      params: { id: own.id, documentId: pod.body.data!.id as string },
      token: org.users.driver.token,
    })
    expect(driverDelete.status).toBe(403)
    expect((await upload(own.id, org.users.viewer.token, 'bols', PDF, 'bol.pdf')).status).toBe(403)
    expect((await upload(own.id, org.users.accountant.token, 'bols', PDF, 'bol.pdf')).status).toBe(403)
    expect(await prisma.loadDocument.count({ where: { loadId: own.id } })).toBe(1)
  })
})

describe('load documents over a real server (the edge streams the upload)', () => {
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({ STORAGE_DIR: storageDir })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  function post(loadId: string, token: string, file: Blob, fileName: string) {
    const form = new FormData()
    form.append('kind', 'bols')
    form.append('file', file, fileName)
    return fetch(`${server.base}/api/loads/${loadId}/documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  }

  it('accepts a 2 MB PDF past the 1 MB body limit, and refuses 15 MB + 1 byte with 413 payload_too_large, storing nothing', async () => {
    const load = await makeLoad(org)
    const twoMb = new Blob([PDF, new Uint8Array(2 * 1024 * 1024)])
    const ok = await post(load.id, org.users.admin.token, twoMb, 'big.pdf')
    expect(ok.status).toBe(201)
    expect(((await ok.json()) as { data: { sizeBytes: number } }).data.sizeBytes).toBe(twoMb.size)

    const before = storedFiles(org).length
    const tooBig = new Blob([PDF, new Uint8Array(LOAD_DOCUMENT_MAX_BYTES + 1 - PDF.byteLength)])
    expect(tooBig.size).toBe(LOAD_DOCUMENT_MAX_BYTES + 1)
    const refused = await post(load.id, org.users.admin.token, tooBig, 'huge.pdf')
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
    expect(storedFiles(org).length).toBe(before)
    expect(await prisma.loadDocument.count({ where: { loadId: load.id } })).toBe(1)
  })
})
