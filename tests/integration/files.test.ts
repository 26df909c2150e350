/**
 * The files manager (ADR 067): the StoredFile index kept by triggers over every kind of stored
 * file, one paged query with totals and filters, never another organization's file nor another
 * person's mail or chat; share links (expiry, revoke, tamper, only the hash stored); the ZIP read
 * back with unzip; deleting by the record's own rule (an invoiced load's document is kept).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'

import { i18nextMiddleware } from '~/middleware/i18next'
import { createFileShare, revokeFileShare, sharedFile } from '~/models/files/file-share.server'
import { FILE_ZIP_PER_SERVER, FILE_ZIP_RETRY_AFTER_SECONDS, streamingZips, uniqueNames, zipFiles } from '~/models/files/file-zip.server'
import { deleteFile, type FileReader, listFiles } from '~/models/files/stored-file.server'
import { deleteLoadDocument } from '~/models/loads/load-document.server'
import * as filesApi from '~/routes/api/files/collection'
import * as fileApi from '~/routes/api/files/item'
import * as shareApi from '~/routes/api/files/share'
import * as shareItemApi from '~/routes/api/files/share-item'
import * as fileDashboardPage from '~/routes/dashboard/files/dashboard'
import * as filesPage from '~/routes/dashboard/files/list'
import * as fileView from '~/routes/dashboard/files/view'
import * as zipRoute from '~/routes/dashboard/files/zip'
import * as shareRoute from '~/routes/public/share'
import { FileListQuerySchema } from '~/schemas/stored-file'
import { sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, newLoad, type Org, refusal, unique } from '../helpers'
import { browserRequest, callPage, type Handler, postForm, refusalOf, shownOnceOf } from '../page-helpers'

const reader = (org: Org, role: Role = 'admin'): FileReader => ({ id: org.users[role].id, organizationId: org.organization.id, role })
/** A booked load of the organization (with a broker of its own). */
async function aLoad(org: Org) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
  return newLoad(org, { brokerId: broker.id })
}
const query = (fields: Record<string, unknown> = {}) => FileListQuerySchema.parse(fields)

async function store(bytes: string | Uint8Array) {
  const key = `test/${unique('f')}`
  await fileStorage().put(
    key,
    (async function* () {
      yield typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
    })(),
  )
  return key
}

/** A load document stored for real (its bytes in storage), as the upload writes it. */
async function loadDocument(org: Org, loadId: string, kind: 'bols' | 'rateConn' | 'pod', fileName: string, content = `%PDF-1.4 ${fileName}`) {
  const storageKey = await store(content)
  return prisma.loadDocument.create({
    data: {
      loadId,
      organizationId: org.organization.id,
      kind,
      fileName,
      contentType: 'application/pdf',
      sizeBytes: Buffer.byteLength(content),
      storageKey,
      uploadedById: org.users.dispatcher.id,
    },
  })
}

/** One file of every kind in the organization; the mail in the admin's own mailbox, the chat between admin and accountant. */
async function everyKind(org: Org) {
  const organizationId = org.organization.id
  const load = await aLoad(org)
  const pod = await loadDocument(org, load.id, 'pod', 'pod-signed.pdf')
  const message = await prisma.mailMessage.create({
    data: { organizationId, ownerId: org.users.admin.id, folder: 'sent', fromEmail: 'a@example.test', subject: 'Rate sheet' },
  })
  const mail = await prisma.mailAttachment.create({
    data: {
      messageId: message.id,
      organizationId,
      fileName: 'rates.pdf',
      contentType: 'application/pdf',
      sizeBytes: 11,
      storageKey: await store('mail bytes!'),
    },
  })
  const conversation = await prisma.conversation.create({
    data: {
      organizationId,
      kind: 'group',
      title: 'Yard talk',
      participants: { create: [{ userId: org.users.admin.id }, { userId: org.users.accountant.id }] },
    },
  })
  const chatMessage = await prisma.chatMessage.create({
    data: { conversationId: conversation.id, organizationId, senderId: org.users.admin.id, contentType: 'file' },
  })
  const chat = await prisma.chatAttachment.create({
    data: { messageId: chatMessage.id, organizationId, fileName: 'yard.png', contentType: 'image/png', sizeBytes: 5, storageKey: await store('chat!') },
  })
  const product = await prisma.product.create({ data: { organizationId, name: 'Ratchet strap', sku: unique('SKU'), priceCents: 1999 } })
  const photo = await prisma.productPhoto.create({
    data: { productId: product.id, organizationId, fileName: 'strap.jpg', contentType: 'image/jpeg', sizeBytes: 6, storageKey: await store('photo!') },
  })
  const post = await prisma.post.create({
    data: {
      organizationId,
      title: 'Winter driving',
      body: 'x',
      bodyHtml: '<p>x</p>',
      status: 'published',
      publishedAt: new Date(),
      authorId: org.users.admin.id,
      coverStorageKey: await store('cover!!'),
      coverContentType: 'image/png',
      coverFileName: 'snow.png',
      coverSizeBytes: 7,
    },
  })
  await prisma.user.update({ where: { id: org.users.viewer.id }, data: { avatarKey: await store('face!!!!'), avatarSizeBytes: 8 } })
  return { load, pod, message, mail, conversation, chat, product, photo, post }
}

async function body(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

describe('the files index', () => {
  let org: Org
  let other: Org
  let files: Awaited<ReturnType<typeof everyKind>>
  beforeAll(async () => {
    ;[org, other] = await Promise.all([createOrg(), createOrg()])
    files = await everyKind(org)
    await everyKind(other)
  })

  it('lists every kind of stored file of the organization from one table, with its record, and none of another organization', async () => {
    const result = await listFiles(reader(org), query())
    expect(result.items.map((file) => file.kind).sort()).toEqual(['avatar', 'chat_attachment', 'mail_attachment', 'pod', 'post_cover', 'product_photo'])
    expect(result.total).toBe(6)
    expect(result.totalBytes).toBe(files.pod.sizeBytes + 11 + 5 + 6 + 7 + 8)
    const byKind = Object.fromEntries(result.items.map((file) => [file.kind, file]))
    expect(byKind.pod.record).toMatchObject({ type: 'load', id: files.load.id, label: files.load.loadNumber, path: `/dashboard/loads/${files.load.id}` })
    expect(byKind.pod.uploadedBy).toEqual({ id: org.users.dispatcher.id, name: 'dispatcher Tester' })
    expect(byKind.mail_attachment.record).toMatchObject({ type: 'mail', label: 'Rate sheet', path: `/dashboard/mail/sent/${files.message.id}` })
    expect(byKind.chat_attachment.record).toMatchObject({ type: 'chat', id: files.conversation.id, label: 'Yard talk' })
    expect(byKind.product_photo.record).toMatchObject({ type: 'product', label: 'Ratchet strap' })
    expect(byKind.post_cover).toMatchObject({ fileName: 'snow.png', sizeBytes: 7, record: { type: 'post', label: 'Winter driving' } })
    expect(byKind.avatar).toMatchObject({ fileName: 'avatar.png', sizeBytes: 8, record: { type: 'user', id: org.users.viewer.id } })
    const ids = new Set(result.items.map((file) => file.id))
    const theirs = await listFiles(reader(other), query())
    expect(theirs.items.some((file) => ids.has(file.id))).toBe(false)
  })

  it('shows mail and chat only to those who read them', async () => {
    const kinds = async (role: Role) => (await listFiles(reader(org, role), query())).items.map((file) => file.kind).sort()
    // The dispatcher reads neither the admin's mailbox nor a conversation they are not in.
    expect(await kinds('dispatcher')).toEqual(['avatar', 'pod', 'post_cover', 'product_photo'])
    expect(await kinds('accountant')).toEqual(['avatar', 'chat_attachment', 'pod', 'post_cover', 'product_photo'])
  })

  it('follows every write: a new avatar replaces its row (and its links), a removed cover or a deleted load takes its files away', async () => {
    const local = await createOrg()
    const made = await everyKind(local)
    const avatarBefore = (await listFiles(reader(local), query({ kind: 'avatar' }))).items[0]
    const share = await createFileShare(reader(local), actorOf(local), avatarBefore.id, { expiresInDays: 7 })
    await prisma.user.update({ where: { id: local.users.viewer.id }, data: { avatarKey: `avatars/${local.organization.id}/x/abc-webp`, avatarSizeBytes: 99 } })
    const avatar = (await listFiles(reader(local), query({ kind: 'avatar' }))).items[0]
    expect(avatar).toMatchObject({ fileName: 'avatar.webp', contentType: 'image/webp', sizeBytes: 99 })
    expect(await prisma.fileShare.count({ where: { id: share.id } })).toBe(0)

    await prisma.post.update({
      where: { id: made.post.id },
      data: { coverStorageKey: null, coverFileName: null, coverContentType: null, coverSizeBytes: null },
    })
    await prisma.load.delete({ where: { id: made.load.id } })
    await prisma.product.delete({ where: { id: made.product.id } })
    const kinds = (await listFiles(reader(local), query())).items.map((file) => file.kind).sort()
    expect(kinds).toEqual(['avatar', 'chat_attachment', 'mail_attachment'])
  })

  it('pages, filters, searches and sorts in the database, with the totals of everything that matches', async () => {
    const local = await createOrg()
    const load = await aLoad(local)
    for (let n = 1; n <= 30; n++) await loadDocument(local, load.id, n % 3 === 0 ? 'pod' : 'bols', `scan-${String(n).padStart(2, '0')}.pdf`, 'x'.repeat(n))
    const first = await listFiles(reader(local), query({ pageSize: '25' }))
    const second = await listFiles(reader(local), query({ pageSize: '25', page: '2' }))
    expect([first.items.length, second.items.length, first.total, second.total]).toEqual([25, 5, 30, 30])
    expect(first.totalBytes).toBe((30 * 31) / 2)
    expect(new Set([...first.items, ...second.items].map((file) => file.id)).size).toBe(30)
    // Newest first by default.
    expect(first.items[0].fileName).toBe('scan-30.pdf')

    const pods = await listFiles(reader(local), query({ kind: 'pod' }))
    expect([pods.total, pods.totalBytes]).toEqual([10, [3, 6, 9, 12, 15, 18, 21, 24, 27, 30].reduce((a, b) => a + b)])
    expect(pods.items.every((file) => file.kind === 'pod')).toBe(true)
    const search = await listFiles(reader(local), query({ q: 'SCAN-1' }))
    expect(search.items.map((file) => file.fileName).sort()).toEqual([
      'scan-10.pdf',
      'scan-11.pdf',
      'scan-12.pdf',
      'scan-13.pdf',
      'scan-14.pdf',
      'scan-15.pdf',
      'scan-16.pdf',
      'scan-17.pdf',
      'scan-18.pdf',
      'scan-19.pdf',
    ])
    expect((await listFiles(reader(local), query({ q: '%' }))).total).toBe(0)
    const bySize = await listFiles(reader(local), query({ sort: 'sizeBytes', dir: 'asc', pageSize: '10' }))
    expect(bySize.items.map((file) => file.sizeBytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect((await listFiles(reader(local), query({ recordType: 'mail' }))).total).toBe(0)
  })

  it('answers GET /api/files with the contract’s shape and meta.totalBytes; a file of another organization is a 404', async () => {
    const answer = await callApi(filesApi, { path: '/api/files?kind=pod', token: org.users.accountant.token })
    expect(answer.status).toBe(200)
    expect(answer.body.meta).toMatchObject({ total: 1, totalBytes: files.pod.sizeBytes, page: 1 })
    expect(answer.body.data[0]).toEqual({
      id: files.pod.id,
      fileName: 'pod-signed.pdf',
      kind: 'pod',
      contentType: 'application/pdf',
      sizeBytes: files.pod.sizeBytes,
      record: { type: 'load', id: files.load.id, label: files.load.loadNumber },
      uploadedBy: { id: org.users.dispatcher.id, name: 'dispatcher Tester' },
      createdAt: files.pod.uploadedAt.toISOString(),
      url: `/api/files/${files.pod.id}`,
    })
    expect((await callApi(filesApi, { path: '/api/files', token: org.users.driver.token })).status).toBe(403)
    const download = await fileApi.loader({
      request: new Request(`http://localhost/api/files/${files.pod.id}`, { headers: { Authorization: `Bearer ${org.users.viewer.token}` } }),
      params: { id: files.pod.id },
      context: {},
    } as never)
    expect([download.status, await download.text()]).toEqual([200, '%PDF-1.4 pod-signed.pdf'])
    expect((await callApi(fileApi, { path: `/api/files/${files.pod.id}`, params: { id: files.pod.id }, token: other.users.admin.token })).status).toBe(404)
  })
})

describe('share links', () => {
  let org: Org
  let files: Awaited<ReturnType<typeof everyKind>>
  beforeAll(async () => {
    org = await createOrg()
    files = await everyKind(org)
  })
  const tokenOf = (url: string) => url.split('/share/')[1]

  it('downloads the file signed out until it expires or is revoked; a tampered token is a 404; only the hash is stored', async () => {
    const now = new Date()
    const share = await createFileShare(reader(org, 'accountant'), actorOf(org, 'accountant'), files.pod.id, { expiresInDays: 2 }, now)
    const token = tokenOf(share.url)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await prisma.fileShare.findUniqueOrThrow({ where: { id: share.id } })
    expect(stored.tokenHash).toBe(sha256(token))
    expect(JSON.stringify(stored)).not.toContain(token)

    const found = await sharedFile(token, now)
    expect(found && (await body(found.body)).toString()).toBe('%PDF-1.4 pod-signed.pdf')
    const page = await shareRoute.loader({ params: { token }, request: new Request(`http://localhost/share/${token}`), context: {} } as never)
    expect([page.status, page.headers.get('Cache-Control'), page.headers.get('X-Robots-Tag')]).toEqual([200, 'no-store', 'noindex'])
    expect(page.headers.get('Content-Disposition')).toContain('pod-signed.pdf')
    expect(await page.text()).toBe('%PDF-1.4 pod-signed.pdf')

    expect(await sharedFile(token, new Date(now.getTime() + 2 * 86_400_000 + 1))).toBeNull()
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(await sharedFile(tampered, now)).toBeNull()
    const missing = await shareRoute.loader({ params: { token: tampered }, request: new Request('http://localhost/'), context: {} } as never)
    expect(missing.status).toBe(404)

    await revokeFileShare(reader(org), actorOf(org), share.id)
    expect(await sharedFile(token, now)).toBeNull()
  })

  it('POST /api/files/{id}/share → 201 { id, url, expiresAt }; DELETE /api/files/shares/{id} revokes; viewers and other organizations refused', async () => {
    const made = await callApi(shareApi, {
      method: 'POST',
      path: `/api/files/${files.photo.id}/share`,
      params: { id: files.photo.id },
      token: org.users.dispatcher.token,
      body: { expiresInDays: 30 },
    })
    expect(made.status).toBe(201)
    expect(Object.keys(made.body.data).sort()).toEqual(['expiresAt', 'id', 'url'])
    for (const expiresInDays of [0, 31, 1.5, '7']) {
      const bad = await callApi(shareApi, {
        method: 'POST',
        path: `/api/files/${files.photo.id}/share`,
        params: { id: files.photo.id },
        token: org.users.admin.token,
        body: { expiresInDays },
      })
      expect(bad.status, String(expiresInDays)).toBe(400)
    }
    expect(
      (await callApi(shareApi, { method: 'POST', path: `/api/files/${files.photo.id}/share`, params: { id: files.photo.id }, token: org.users.viewer.token }))
        .status,
    ).toBe(403)
    const stranger = await createOrg()
    expect(
      (
        await callApi(shareApi, {
          method: 'POST',
          path: `/api/files/${files.photo.id}/share`,
          params: { id: files.photo.id },
          token: stranger.users.admin.token,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await callApi(shareItemApi, {
          method: 'DELETE',
          path: `/api/files/shares/${made.body.data.id}`,
          params: { shareId: made.body.data.id },
          token: stranger.users.admin.token,
        })
      ).status,
    ).toBe(404)
    const revoked = await callApi(shareItemApi, {
      method: 'DELETE',
      path: `/api/files/shares/${made.body.data.id}`,
      params: { shareId: made.body.data.id },
      token: org.users.accountant.token,
    })
    expect([revoked.status, revoked.body.data.revoked]).toEqual([200, true])
    expect(await sharedFile(tokenOf(made.body.data.url))).toBeNull()
  })

  it('a share of someone else’s private mail is refused as if it did not exist', async () => {
    const error = await refusal(createFileShare(reader(org, 'dispatcher'), actorOf(org, 'dispatcher'), files.mail.id, { expiresInDays: 1 }))
    expect(error.code).toBe('not_found')
  })
})

describe('the ZIP download', () => {
  it('streams the chosen files, names made unique, what the storage lost in MISSING.txt; another organization’s ids are left out', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const load = await aLoad(org)
    const a = await loadDocument(org, load.id, 'pod', 'pod.pdf', 'first pod')
    const b = await loadDocument(org, load.id, 'pod', 'POD.pdf', 'second pod')
    const c = await loadDocument(org, load.id, 'bols', 'bol.pdf', 'bill')
    const gone = await loadDocument(org, load.id, 'bols', 'lost.pdf', 'lost')
    await fileStorage().delete(gone.storageKey)
    const theirs = await loadDocument(other, (await aLoad(other)).id, 'pod', 'secret.pdf', 'secret')
    const zip = await zipFiles(reader(org), [a.id, b.id, c.id, gone.id, theirs.id])
    const dir = mkdtempSync(path.join(tmpdir(), 'files-zip-'))
    const file = path.join(dir, 'out.zip')
    writeFileSync(file, await body(zip.stream))
    const listing = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n').sort()
    expect(listing).toEqual(['MISSING.txt', 'POD (2).pdf', 'bol.pdf', 'pod.pdf'])
    expect(execFileSync('unzip', ['-p', file, 'pod.pdf']).toString()).toBe('first pod')
    expect(execFileSync('unzip', ['-p', file, 'POD (2).pdf']).toString()).toBe('second pod')
    expect(execFileSync('unzip', ['-p', file, 'MISSING.txt']).toString()).toBe('lost.pdf\n')
    await expect(zipFiles(reader(org), [theirs.id])).rejects.toMatchObject({ code: 'not_found' })
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b', 'b (2)'])
  })
})

describe('ZIPs streaming at once', () => {
  it('are one per person and two per server: past that 429 with Retry-After and a page that says when, before anything is read; a slot frees when its stream ends or is dropped', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const load = await aLoad(org)
    // Files larger than what the streams buffer, so an archive nobody reads stays open.
    const big = (fill: string) => `%PDF-1.4 ${fill.repeat(4 * 1024 * 1024)}`
    const doc = await loadDocument(org, load.id, 'pod', 'pod.pdf', big('a'))
    const theirDoc = await loadDocument(other, (await aLoad(other)).id, 'pod', 'pod.pdf', big('b'))
    const first = await zipFiles(reader(org, 'viewer'), [doc.id])
    expect(streamingZips()).toBe(1)
    // The same viewer again, while the first streams: refused, with the time to wait.
    const refused = await refusal(zipFiles(reader(org, 'viewer'), [doc.id]))
    expect([refused.code, refused.status, refused.options.headers?.['Retry-After']]).toEqual(['rate_limited', 429, String(FILE_ZIP_RETRY_AFTER_SECONDS)])
    // Someone else streams beside it; a third ZIP on this server waits, whoever asks.
    const second = await zipFiles(reader(other, 'admin'), [theirDoc.id])
    expect(streamingZips()).toBe(FILE_ZIP_PER_SERVER)
    expect((await refusal(zipFiles(reader(org, 'admin'), [doc.id]))).code).toBe('rate_limited')

    // The page's form post: 429, Retry-After, the page in the visitor's language with the way back.
    const form = postForm(
      new URLSearchParams([
        ['ids', doc.id],
        ['returnTo', '/dashboard/files-manager?kind=pod'],
      ]),
    )
    const request = await browserRequest('/dashboard/files-manager/zip', org.users.viewer.id, {
      ...form,
      headers: { ...(form.headers as Record<string, string>), 'Accept-Language': 'fr' },
    })
    const context = new RouterContextProvider()
    await i18nextMiddleware({ request, params: {}, context, unstable_pattern: '' } as never, async () => new Response())
    const page = (await zipRoute.action({ request, params: {}, context } as never)) as Response
    expect([page.status, page.headers.get('Retry-After'), page.headers.get('Content-Type')]).toEqual([429, '30', 'text/html; charset=utf-8'])
    const html = await page.text()
    expect(html).toContain('Réessayez dans 30 secondes')
    expect(html).toContain('href="/dashboard/files-manager?kind=pod"')

    // A stream read to its end frees its slot; one the client drops (cancelled) too.
    expect((await body(first.stream)).length).toBeGreaterThan(0)
    await second.stream.cancel()
    await expect.poll(() => streamingZips()).toBe(0)
    const again = await zipFiles(reader(org, 'viewer'), [doc.id])
    expect((await body(again.stream)).length).toBeGreaterThan(0)
    await expect.poll(() => streamingZips()).toBe(0)
    // A refusal before the archive (nothing of theirs) gives the slot back at once.
    expect((await refusal(zipFiles(reader(org, 'viewer'), [theirDoc.id]))).code).toBe('not_found')
    expect(streamingZips()).toBe(0)
  })
})

describe('file names', () => {
  it('a name stored before the rule downloads and zips under the detected type’s extension, without bidi controls', async () => {
    const org = await createOrg()
    const load = await aLoad(org)
    const polyglot = await loadDocument(org, load.id, 'pod', 'pod\u202Elmth.html', 'pod bytes')
    const download = await fileApi.loader({
      request: new Request(`http://localhost/api/files/${polyglot.id}`, { headers: { Authorization: `Bearer ${org.users.viewer.token}` } }),
      params: { id: polyglot.id },
      context: {},
    } as never)
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="podlmth.pdf"; filename*=UTF-8''podlmth.pdf`)
    const zip = await zipFiles(reader(org, 'viewer'), [polyglot.id])
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'files-zip-')), 'out.zip')
    writeFileSync(file, await body(zip.stream))
    expect(execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n')).toEqual(['podlmth.pdf'])
  })
})

describe('deleting a file', () => {
  it('asks the record’s rule: an invoiced load keeps its documents (on the page, the refusal says why), a delivered one may lose one', async () => {
    const org = await createOrg()
    const files = await everyKind(org)
    await prisma.load.update({ where: { id: files.load.id }, data: { status: 'invoiced' } })
    const error = await refusal(deleteFile(reader(org), actorOf(org), files.pod.id))
    expect([error.code, error.messageKey]).toEqual(['in_use', 'loads.documents.errors.invoiced'])
    // The load page's own delete asks the same rule.
    expect((await refusal(deleteLoadDocument(reader(org), actorOf(org), files.load.id, files.pod.id))).code).toBe('in_use')

    const answer = await callPage(
      fileView.action as Handler,
      `/dashboard/files-manager/${files.pod.id}`,
      org.users.admin.id,
      { id: files.pod.id },
      postForm({ intent: 'delete', fileId: files.pod.id }),
    )
    expect(answer.status).toBe(409)
    expect(refusalOf(answer)?.message).toContain('invoiced')
    expect(await prisma.loadDocument.count({ where: { id: files.pod.id } })).toBe(1)

    expect((await refusal(deleteFile(reader(org), actorOf(org), files.mail.id))).messageKey).toBe('files.refusals.mail')
    expect((await refusal(deleteFile(reader(org, 'viewer'), actorOf(org, 'viewer'), files.photo.id))).code).toBe('forbidden')

    await prisma.load.update({ where: { id: files.load.id }, data: { status: 'delivered' } })
    const deleted = await callPage(
      fileView.action as Handler,
      `/dashboard/files-manager/${files.pod.id}`,
      org.users.admin.id,
      { id: files.pod.id },
      postForm({ intent: 'delete', fileId: files.pod.id }),
    )
    expect([deleted.status, deleted.location]).toEqual([302, '/dashboard/files-manager'])
    expect(await prisma.storedFile.count({ where: { id: files.pod.id } })).toBe(0)
    await deleteFile(reader(org, 'dispatcher'), actorOf(org, 'dispatcher'), files.photo.id)
    expect(await prisma.productPhoto.count({ where: { id: files.photo.id } })).toBe(0)
  })
})

describe('the pages', () => {
  it('list, share, ZIP and the file dashboard for the roles that read files; drivers refused', async () => {
    const org = await createOrg()
    const files = await everyKind(org)
    await prisma.load.update({ where: { id: files.load.id }, data: { status: 'delivered' } })
    expect((await callPage(filesPage.loader as Handler, '/dashboard/files-manager', org.users.driver.id)).status).toBe(403)
    const list = await callPage(filesPage.loader as Handler, '/dashboard/files-manager?kind=pod', org.users.viewer.id)
    expect(list.status).toBe(200)
    expect((list.data as { rows: Array<{ id: string }> }).rows.map((row) => row.id)).toEqual([files.pod.id])
    // Past the last page: the last page.
    expect((await callPage(filesPage.loader as Handler, '/dashboard/files-manager?page=9', org.users.viewer.id)).location).toBe(
      '/dashboard/files-manager?page=1',
    )

    const shared = await callPage(
      fileView.action as Handler,
      '/x',
      org.users.accountant.id,
      { id: files.pod.id },
      postForm({ intent: 'share', expiresInDays: '3' }),
    )
    expect(shownOnceOf(shared)!.value).toMatch(/\/share\//)
    const badDays = await callPage(
      fileView.action as Handler,
      '/x',
      org.users.accountant.id,
      { id: files.pod.id },
      postForm({ intent: 'share', expiresInDays: '99' }),
    )
    expect([badDays.status, Object.keys(refusalOf(badDays)?.fields ?? {})]).toEqual([400, ['expiresInDays']])
    expect((await callPage(fileView.action as Handler, '/x', org.users.viewer.id, { id: files.pod.id }, postForm({ intent: 'share' }))).status).toBe(403)

    const none = await callPage(
      zipRoute.action as Handler,
      '/dashboard/files-manager/zip',
      org.users.viewer.id,
      {},
      postForm({ returnTo: '/dashboard/files-manager?kind=pod' }),
    )
    expect([none.status, none.location, none.toast?.title]).toEqual([302, '/dashboard/files-manager?kind=pod', 'Check the files to download first.'])

    const board = await callPage(fileDashboardPage.loader as Handler, '/dashboard/file', org.users.viewer.id)
    const data = board.data as { missing: { count: number; loads: Array<{ id: string; missingPod: boolean; missingBol: boolean }> }; totalFiles: number }
    expect(data.missing.loads).toEqual([expect.objectContaining({ id: files.load.id, missingPod: false, missingBol: true })])
    // The viewer reads neither the admin's mail nor the admin's conversation.
    expect(data.totalFiles).toBe(4)
  })
})
