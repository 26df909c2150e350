/**
 * Mail (ADR 053) against the real database: who reads which mailbox, folder moves and
 * trash, unread counts, sending to colleagues, the shared mailbox and outside addresses (the queued
 * job writes the outbox file), attachments (uploaded and load documents), bad input that writes
 * nothing, and the API's shapes.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

import { checkMailFiles, saveDraft, sendMail } from '~/models/mail/mail-compose.server'
import { folderCounts, unreadInboxCount } from '~/models/mail/mailbox.server'
import { navCounts } from '~/models/nav-badges.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import { mailEmailTask } from '~/models/tasks/mail-email.server'
import * as attachmentApi from '~/routes/api/mail/attachment'
import * as collection from '~/routes/api/mail/collection'
import * as item from '~/routes/api/mail/item'
import * as attachmentPage from '~/routes/dashboard/mail/attachment'
import * as compose from '~/routes/dashboard/mail/compose'
import * as folderPage from '~/routes/dashboard/mail/folder'
import { MailDraftSchema } from '~/schemas/mail'
import { MAIL_ATTACHMENT_MAX_BYTES } from '~/schemas/mail-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { inboundEmail } from '~/utils/inbound-address.server'
import { fileStorage } from '~/utils/storage.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-mail-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})
afterEach(() => fs.rmSync(process.env.OUTBOX_DIR!, { recursive: true, force: true }))

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)])

function storedFiles() {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name))
      else files.push(path.join(dir, entry.name))
    }
  }
  if (fs.existsSync(storageDir)) walk(storageDir)
  return files
}

/** An organization with an inbound address (what the shared mailbox is written to). */
async function mailOrg() {
  const org = await createOrg()
  const localPart = unique('ops').toLowerCase()
  await prisma.organization.update({ where: { id: org.organization.id }, data: { inboundLocalPart: localPart } })
  return { ...org, shared: inboundEmail(localPart) }
}

async function userOf(org: Org, role: keyof Org['users']) {
  return prisma.user.findUniqueOrThrow({ where: { id: org.users[role].id } })
}

/** A broker's message in the shared inbox, as the inbound receiver files it. */
function brokerMail(org: Org, fields: Record<string, unknown> = {}) {
  return prisma.mailMessage.create({
    data: {
      organizationId: org.organization.id,
      ownerId: null,
      folder: 'inbox',
      fromName: 'Ana Broker',
      fromEmail: 'ana@brokerage.example',
      to: [{ name: '', email: 'ops@example.test' }],
      subject: 'Rate confirmation 4411',
      text: 'Please sign and return.',
      snippet: 'Please sign and return.',
      messageId: `<${unique('m')}@brokerage.example>`,
      ...fields,
    },
  })
}

function multipart(token: string, form: FormData) {
  return new Request('http://localhost/api/mail', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
    body: form,
  })
}

async function apiAnswer(response: Response) {
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

async function loadDocument(org: Org) {
  const organizationId = org.organization.id
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Broker') } })
  const load = await prisma.load.create({ data: { organizationId, loadNumber: unique('L'), brokerId: broker.id } })
  const key = `loads/${organizationId}/${load.id}/${unique('doc')}`
  await fileStorage().put(
    key,
    (async function* () {
      yield PDF
    })(),
  )
  return prisma.loadDocument.create({
    data: {
      organizationId,
      loadId: load.id,
      kind: 'rateConn',
      fileName: 'rate-con.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
      storageKey: key,
    },
  })
}

describe('mailboxes: who reads what', () => {
  it('lets the office read the shared mailbox, never a driver; viewers read only; another organization sees nothing', async () => {
    const [org, other] = await Promise.all([mailOrg(), mailOrg()])
    const message = await brokerMail(org)
    for (const role of ['admin', 'dispatcher', 'accountant', 'viewer'] as const) {
      const list = await callApi(collection, { path: '/api/mail?box=shared', token: org.users[role].token })
      expect(list.status, role).toBe(200)
      expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([message.id])
    }
    // A driver has no shared mailbox: listing it and reading its message are 404.
    expect((await callApi(collection, { path: '/api/mail?box=shared', token: org.users.driver.token })).status).toBe(404)
    expect((await callApi(item, { path: `/api/mail/${message.id}`, params: { id: message.id }, token: org.users.driver.token })).status).toBe(404)
    // A driver's default mailbox is their own.
    const own = await callApi(collection, { path: '/api/mail', token: org.users.driver.token })
    expect(own.body.meta.box).toBe('own')
    // A viewer reads but changes nothing.
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/mail/${message.id}`,
      params: { id: message.id },
      token: org.users.viewer.token,
      body: { isStarred: true },
    })
    expect(put.status).toBe(403)
    // Another organization: 404 on read, change and delete.
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await callApi(item, {
        method,
        path: `/api/mail/${message.id}`,
        params: { id: message.id },
        token: other.users.admin.token,
        body: method === 'PUT' ? { isRead: true } : undefined,
      })
      expect(answer.status, method).toBe(404)
    }
    expect(await prisma.mailMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ isStarred: false, folder: 'inbox', version: 1 })
  })

  it("keeps one's own mail private: a colleague's copy is not found", async () => {
    const org = await mailOrg()
    const sent = await sendMail(
      await userOf(org, 'admin'),
      MailDraftSchema.parse({ to: [org.users.dispatcher.email], subject: 'Private', text: 'Just for you' }),
    )
    const copy = await prisma.mailMessage.findFirstOrThrow({ where: { ownerId: org.users.dispatcher.id } })
    expect((await callApi(item, { path: `/api/mail/${copy.id}`, params: { id: copy.id }, token: org.users.accountant.token })).status).toBe(404)
    expect((await callApi(item, { path: `/api/mail/${sent.id}`, params: { id: sent.id }, token: org.users.dispatcher.token })).status).toBe(404)
    expect((await callApi(item, { path: `/api/mail/${copy.id}`, params: { id: copy.id }, token: org.users.dispatcher.token })).status).toBe(200)
  })

  it('shows the page without the shared mailbox to a driver, and 404 when the driver asks for it', async () => {
    const org = await mailOrg()
    await brokerMail(org)
    const page = await callPage(folderPage.loader, '/dashboard/mail', org.users.driver.id)
    expect(page.status).toBe(200)
    expect((page.data!.boxes as Array<{ box: string }>).map((summary) => summary.box)).toEqual(['own'])
    expect((await callPage(folderPage.loader, '/dashboard/mail/inbox?box=shared', org.users.driver.id, { folder: 'inbox' })).status).toBe(404)
    expect((await callPage(folderPage.loader, '/dashboard/mail/nonsense', org.users.admin.id, { folder: 'nonsense' })).status).toBe(404)
    const office = await callPage(folderPage.loader, '/dashboard/mail', org.users.dispatcher.id)
    expect(office.data).toMatchObject({ box: 'shared', view: 'inbox', total: 1 })
  })
})

describe('reading HTML mail', () => {
  it('shows sanitized HTML in a sandboxed frame with remote images held back until the reader asks, and lists every folder but trash on /all', async () => {
    const org = await mailOrg()
    const { sanitizeMailHtml } = await import('~/utils/mail-html.server')
    const html = sanitizeMailHtml('<p onclick="x()">Rate <b>$1,850</b></p><img src="https://tracker.example/p.gif"><script>alert(1)</script>').html
    const message = await brokerMail(org, { html })
    await brokerMail(org, { subject: 'Gone', folder: 'trash', trashedFrom: 'inbox' })
    const params = { folder: 'inbox', id: message.id }
    const page = await callPage(folderPage.loader, `/dashboard/mail/inbox/${message.id}?box=shared`, org.users.dispatcher.id, params)
    const shown = page.data!.message as { frame: string; remoteImages: boolean; showImages: boolean }
    expect(shown).toMatchObject({ remoteImages: true, showImages: false })
    expect(shown.frame).toContain('img-src data:;')
    expect(shown.frame).not.toMatch(/[^-]src="https:\/\/tracker/)
    expect(shown.frame).not.toContain('<script')
    expect(shown.frame).not.toContain('onclick')
    const asked = await callPage(folderPage.loader, `/dashboard/mail/inbox/${message.id}?box=shared&images=1`, org.users.dispatcher.id, params)
    expect((asked.data!.message as { frame: string }).frame).toMatch(/[^-]src="https:\/\/tracker\.example\/p\.gif"/)
    const all = await callPage(folderPage.loader, '/dashboard/mail/all?box=shared', org.users.dispatcher.id, { folder: 'all' })
    expect((all.data!.rows as Array<{ subject: string }>).map((row) => row.subject)).toEqual(['Rate confirmation 4411'])
  })
})

describe('folders, trash and unread counts', () => {
  it('moves to trash and back to where it was, deletes for good only from trash, and refuses other moves', async () => {
    const org = await mailOrg()
    const message = await brokerMail(org)
    const token = org.users.dispatcher.token
    const at = `/api/mail/${message.id}`
    const wrong = await callApi(item, { method: 'PUT', path: at, params: { id: message.id }, token, body: { folder: 'sent' } })
    expect(wrong.status).toBe(409)
    expect(wrong.body.error.code).toBe('invalid_transition')
    const trashed = await callApi(item, { method: 'DELETE', path: at, params: { id: message.id }, token })
    expect(trashed.body.data).toEqual({ id: message.id, deleted: false, folder: 'trash' })
    expect(await prisma.mailMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ folder: 'trash', trashedFrom: 'inbox' })
    const restored = await callApi(item, { method: 'PUT', path: at, params: { id: message.id }, token, body: { folder: 'inbox' } })
    expect(restored.body.data).toMatchObject({ folder: 'inbox' })
    // A stale version changes nothing.
    const stale = await callApi(item, { method: 'PUT', path: at, params: { id: message.id }, token, body: { isStarred: true, version: 1 } })
    expect(stale.status).toBe(409)
    await callApi(item, { method: 'DELETE', path: at, params: { id: message.id }, token })
    const gone = await callApi(item, { method: 'DELETE', path: at, params: { id: message.id }, token })
    expect(gone.body.data).toEqual({ id: message.id, deleted: true })
    expect(await prisma.mailMessage.count({ where: { id: message.id } })).toBe(0)
  })

  it('pages act through intentAction: star, a stale version as a conflict, trash, restore and delete for good', async () => {
    const org = await mailOrg()
    const message = await brokerMail(org)
    const at = `/dashboard/mail/inbox/${message.id}?box=shared`
    const params = { folder: 'inbox', id: message.id }
    const star = await callPage(folderPage.action, at, org.users.dispatcher.id, params, postForm({ intent: 'star', id: message.id, version: '1', on: 'true' }))
    expect(star.status).toBe(302)
    const stale = await callPage(
      folderPage.action,
      at,
      org.users.dispatcher.id,
      params,
      postForm({ intent: 'important', id: message.id, version: '1', on: 'true' }),
    )
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.conflict).toBe(true)
    const restoreInbox = await callPage(folderPage.action, at, org.users.dispatcher.id, params, postForm({ intent: 'restore', id: message.id, version: '2' }))
    expect(restoreInbox.status).toBe(409)
    expect(refusalOf(restoreInbox)?.message).toBe('Only messages in the trash can be restored or deleted for good.')
    const trash = await callPage(folderPage.action, at, org.users.dispatcher.id, params, postForm({ intent: 'trash', id: message.id, version: '2' }))
    expect(trash).toMatchObject({ status: 302, location: '/dashboard/mail/inbox?box=shared' })
    const restore = await callPage(folderPage.action, at, org.users.dispatcher.id, params, postForm({ intent: 'restore', id: message.id, version: '3' }))
    expect(restore.status).toBe(302)
    expect(await prisma.mailMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ folder: 'inbox', isStarred: true, trashedFrom: null })
    // Viewers only read: the page's action is the 403 page.
    expect(
      (await callPage(folderPage.action, at, org.users.viewer.id, params, postForm({ intent: 'star', id: message.id, version: '4', on: 'true' }))).status,
    ).toBe(403)
  })

  it('counts unread per folder and in the navigation: own inbox, plus the shared one for roles that read it', async () => {
    const org = await mailOrg()
    await brokerMail(org)
    await brokerMail(org, { isRead: true })
    await sendMail(
      await userOf(org, 'admin'),
      MailDraftSchema.parse({ to: [org.users.dispatcher.email, org.users.driver.email], subject: 'Shift', text: 'See you' }),
    )
    const dispatcher = await userOf(org, 'dispatcher')
    expect((await folderCounts(dispatcher, 'shared')).inbox).toEqual({ unread: 1, total: 2 })
    expect(await unreadInboxCount(dispatcher)).toBe(2)
    expect((await navCounts({ ...dispatcher, sessionId: '', emailVerified: true, avatarUrl: null, timeZone: 'UTC' })).mail).toBe(2)
    // The driver: own inbox only.
    expect(await unreadInboxCount(await userOf(org, 'driver'))).toBe(1)
    // Opening a message on its page reads it.
    const copy = await prisma.mailMessage.findFirstOrThrow({ where: { ownerId: org.users.dispatcher.id } })
    await callPage(folderPage.loader, `/dashboard/mail/inbox/${copy.id}?box=own`, dispatcher.id, { folder: 'inbox', id: copy.id })
    expect(await unreadInboxCount(dispatcher)).toBe(1)
  })
})

describe('sending', () => {
  it('gives colleagues and the shared inbox a copy at once and emails outside addresses through the queue', async () => {
    const org = await mailOrg()
    const admin = await userOf(org, 'admin')
    const documentRow = await loadDocument(org)
    const form = new FormData()
    form.append('to', `${org.users.dispatcher.email.toUpperCase()}, ${org.shared}`)
    form.append('cc', 'carrier.desk@outside.example')
    form.append('subject', 'Load 4411 papers')
    form.append('text', 'Attached.')
    form.append('documentIds', documentRow.id)
    form.append('files', new File([PDF], 'invoice.pdf', { type: 'application/octet-stream' }))
    const answer = await apiAnswer(await collection.action({ request: multipart(org.users.admin.token, form), params: {}, context: {} } as never))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const sent = answer.body.data
    expect(sent).toMatchObject({ mailbox: 'own', folder: 'sent', isRead: true, delivery: 'queued', from: { email: admin.email } })
    expect(sent.attachments.map((file: { fileName: string }) => file.fileName).sort()).toEqual(['invoice.pdf', 'rate-con.pdf'])
    const copies = await prisma.mailMessage.findMany({ where: { organizationId: org.organization.id }, include: { attachments: true } })
    expect(copies.map((copy) => [copy.ownerId, copy.folder]).sort()).toEqual(
      [
        [org.users.admin.id, 'sent'],
        [org.users.dispatcher.id, 'inbox'],
        [null, 'inbox'],
      ].sort(),
    )
    // Every copy names the same stored files; the load document's file is shared, not copied.
    const keys = new Set(copies.flatMap((copy) => copy.attachments.map((file) => file.storageKey)))
    expect(keys.size).toBe(2)
    expect(keys.has(documentRow.storageKey)).toBe(true)

    await runDueJobs()
    const outbox = fs.readdirSync(process.env.OUTBOX_DIR!).filter((file) => file.endsWith('.json'))
    expect(outbox).toHaveLength(1)
    const email = JSON.parse(fs.readFileSync(path.join(process.env.OUTBOX_DIR!, outbox[0]), 'utf8'))
    expect(email.to).toBe('carrier.desk@outside.example')
    expect(email.subject).toBe('Load 4411 papers')
    expect(email.attachments).toHaveLength(2)
    expect((await prisma.mailMessage.findUniqueOrThrow({ where: { id: sent.id } })).delivery).toBe('sent')

    // The dispatcher downloads the attachment; the driver (no shared mailbox, not a recipient) cannot.
    const inboxCopy = copies.find((copy) => copy.ownerId === org.users.dispatcher.id)!
    const file = inboxCopy.attachments.find((attachment) => attachment.fileName === 'invoice.pdf')!
    const download = await callPage(attachmentPage.loader, `/dashboard/mail/attachments/${file.id}`, org.users.dispatcher.id, { attachmentId: file.id })
    expect(download.status).toBe(200)
    expect(download.headers?.get('Content-Type')).toBe('application/pdf')
    expect((await callPage(attachmentPage.loader, `/dashboard/mail/attachments/${file.id}`, org.users.driver.id, { attachmentId: file.id })).status).toBe(404)
    const viaApi = await attachmentApi.loader({
      request: new Request(`http://localhost/api/mail/${inboxCopy.id}/attachments/${file.id}`, {
        headers: { Authorization: `Bearer ${org.users.dispatcher.token}` },
      }),
      params: { id: inboxCopy.id, attachmentId: file.id },
      context: {},
    } as never)
    expect(viaApi.status).toBe(200)

    // The list shows each message's attachments as the message itself does (ADR 075), also when one goes.
    const listed = async () => {
      const list = await callApi(collection, { path: '/api/mail?box=own&folder=inbox', token: org.users.dispatcher.token })
      return (list.body.data as Array<{ id: string; attachments: unknown[] }>).find((message) => message.id === inboxCopy.id)!.attachments
    }
    const opened = await callApi(item, { path: `/api/mail/${inboxCopy.id}`, params: { id: inboxCopy.id }, token: org.users.dispatcher.token })
    expect(opened.body.data.attachments).toHaveLength(2)
    expect(await listed()).toEqual(opened.body.data.attachments)
    await prisma.mailAttachment.delete({ where: { id: file.id } })
    expect((await listed()).map((attachment) => (attachment as { fileName: string }).fileName)).toEqual(['rate-con.pdf'])
  })

  it('answers a shared-mailbox message from the organization’s address, its copy in the shared sent folder', async () => {
    const org = await mailOrg()
    const broker = await brokerMail(org)
    const page = await callPage(compose.loader, `/dashboard/mail/new?reply=${broker.id}`, org.users.dispatcher.id)
    expect(page.data!.values).toMatchObject({ to: 'ana@brokerage.example', subject: 'Re: Rate confirmation 4411', from: 'shared', answers: broker.id })
    const values = page.data!.values as Record<string, string>
    const answer = await callPage(
      compose.action,
      `/dashboard/mail/new?reply=${broker.id}`,
      org.users.dispatcher.id,
      {},
      postForm({ ...values, text: 'Signed, thanks.', intent: 'send' }),
    )
    expect(answer.status).toBe(302)
    const reply = await prisma.mailMessage.findFirstOrThrow({ where: { organizationId: org.organization.id, folder: 'sent' } })
    expect(reply).toMatchObject({ ownerId: null, fromEmail: org.shared, inReplyTo: broker.messageId, delivery: 'queued' })
    await runDueJobs()
    const [file] = fs.readdirSync(process.env.OUTBOX_DIR!).filter((name) => name.endsWith('.json'))
    expect(JSON.parse(fs.readFileSync(path.join(process.env.OUTBOX_DIR!, file), 'utf8')).from.address ?? '').toBe(org.shared)
  })

  it('prefills reply all without one’s own addresses, forwards with the files, and lets nobody write from a mailbox they only read', async () => {
    const org = await mailOrg()
    const broker = await brokerMail(org, {
      cc: [
        { name: '', email: org.users.dispatcher.email },
        { name: '', email: 'ops2@brokerage.example' },
      ],
      to: [{ name: '', email: org.shared }],
    })
    const key = `mail/${org.organization.id}/${unique('file')}`
    await fileStorage().put(
      key,
      (async function* () {
        yield PDF
      })(),
    )
    await prisma.mailAttachment.create({
      data: {
        messageId: broker.id,
        organizationId: org.organization.id,
        fileName: 'rc.pdf',
        contentType: 'application/pdf',
        sizeBytes: PDF.byteLength,
        storageKey: key,
      },
    })
    const replyAll = await callPage(compose.loader, `/dashboard/mail/new?replyAll=${broker.id}`, org.users.dispatcher.id)
    expect(replyAll.data!.values).toMatchObject({ to: 'ana@brokerage.example', cc: 'ops2@brokerage.example', from: 'shared' })
    const forward = await callPage(compose.loader, `/dashboard/mail/new?forward=${broker.id}`, org.users.dispatcher.id)
    expect(forward.data!.values).toMatchObject({ subject: 'Fwd: Rate confirmation 4411', forward: 'true', answers: broker.id })
    expect((forward.data!.carried as Array<{ fileName: string }>).map((file) => file.fileName)).toEqual(['rc.pdf'])
    const sent = await callPage(
      compose.action,
      '/dashboard/mail/new',
      org.users.dispatcher.id,
      {},
      postForm({ ...(forward.data!.values as Record<string, string>), to: org.users.accountant.email, intent: 'send' }),
    )
    expect(sent.status).toBe(302)
    const copy = await prisma.mailMessage.findFirstOrThrow({ where: { ownerId: org.users.accountant.id }, include: { attachments: true } })
    expect(copy.attachments.map((file) => file.storageKey)).toEqual([key])

    // A driver has no shared mailbox to write from; a viewer writes nothing; answering a draft is refused.
    const driver = await callApi(collection, {
      method: 'POST',
      path: '/api/mail',
      token: org.users.driver.token,
      body: { to: [org.users.admin.email], subject: 'x', from: 'shared' },
    })
    expect(driver.status).toBe(403)
    expect(
      (await callApi(collection, { method: 'POST', path: '/api/mail', token: org.users.viewer.token, body: { to: [org.users.admin.email], subject: 'x' } }))
        .status,
    ).toBe(403)
    expect((await callPage(compose.loader, '/dashboard/mail/new', org.users.viewer.id)).status).toBe(403)
    expect((await callPage(compose.loader, `/dashboard/mail/new?reply=${broker.id}`, org.users.driver.id)).status).toBe(404)
    const draft = await brokerMail(org, { folder: 'drafts' })
    const answerDraft = await callApi(collection, {
      method: 'POST',
      path: '/api/mail',
      token: org.users.admin.token,
      body: { to: [org.users.admin.email], subject: 'x', answers: draft.id },
    })
    expect(answerDraft.status).toBe(409)
    expect(answerDraft.body.error.code).toBe('invalid_transition')
  })

  it('keeps the email queued with its error through an SMTP outage, and failed after the last attempt', async () => {
    const org = await mailOrg()
    const sent = await sendMail(await userOf(org, 'admin'), MailDraftSchema.parse({ to: ['desk@outside.example'], subject: 'Outage', text: 'x' }))
    // Nothing listens on port 1: the mail server is down.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    try {
      await runDueJobs()
      const queued = await prisma.mailMessage.findUniqueOrThrow({ where: { id: sent.id } })
      expect(queued.delivery).toBe('queued')
      expect(queued.deliveryError).toMatch(/ECONNREFUSED|connect/i)
      // The last attempt: failed, for good.
      await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now(), max_attempts = 2`
      await runDueJobs()
      expect((await prisma.mailMessage.findUniqueOrThrow({ where: { id: sent.id } })).delivery).toBe('failed')
    } finally {
      delete process.env.SMTP_URL
      await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
    }
  })

  it('shows a refused file at the files field of the compose page (415), writing nothing', async () => {
    const org = await mailOrg()
    const form = new FormData()
    for (const [key, value] of Object.entries({ intent: 'send', to: org.users.dispatcher.email, subject: 'Files' })) form.append(key, value)
    form.append('files', new File([ZIP], 'rates.pdf'))
    const answer = await callPage(compose.action, '/dashboard/mail/new', org.users.admin.id, {}, { method: 'POST', body: form })
    expect(answer.status).toBe(415)
    expect(refusalOf(answer)!.fields.files).toEqual(['rates.pdf is not a file type mail accepts (PDF, images, Word, Excel or text).'])
    expect(await prisma.mailMessage.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('saves a draft, then sends it: the draft is gone and the sent copy has its files', async () => {
    const org = await mailOrg()
    const documentRow = await loadDocument(org)
    const saved = await callPage(
      compose.action,
      '/dashboard/mail/new',
      org.users.dispatcher.id,
      {},
      postForm({ intent: 'save', to: '', subject: 'Draft', documentIds: documentRow.id }),
    )
    expect(saved.status).toBe(302)
    const draft = await prisma.mailMessage.findFirstOrThrow({ where: { folder: 'drafts', ownerId: org.users.dispatcher.id }, include: { attachments: true } })
    expect(draft.attachments).toHaveLength(1)
    const sent = await callPage(
      compose.action,
      `/dashboard/mail/new?draft=${draft.id}`,
      org.users.dispatcher.id,
      {},
      postForm({
        intent: 'send',
        to: org.users.admin.email,
        subject: 'Draft',
        text: 'Done',
        draftId: draft.id,
        version: String(draft.version),
        from: 'own',
        documentIds: documentRow.id,
      }),
    )
    expect(sent.status).toBe(302)
    expect(await prisma.mailMessage.count({ where: { id: draft.id } })).toBe(0)
    const inbox = await prisma.mailMessage.findFirstOrThrow({ where: { ownerId: org.users.admin.id, folder: 'inbox' }, include: { attachments: true } })
    expect(inbox.attachments.map((file) => file.storageKey)).toEqual([documentRow.storageKey])
    // The load document goes; the file mail attached stays, and the colleague still downloads it.
    const { deleteLoadDocument } = await import('~/models/loads/load-document.server')
    const admin = await userOf(org, 'admin')
    await deleteLoadDocument(admin, actorOf(org), documentRow.loadId, documentRow.id)
    const attachmentId = inbox.attachments[0].id
    expect((await callPage(attachmentPage.loader, `/dashboard/mail/attachments/${attachmentId}`, org.users.admin.id, { attachmentId })).status).toBe(200)
  })
})

describe('bad input writes nothing', () => {
  it('lets a driver write to colleagues only (403 at to, on the page too), and caps each user’s outside addresses an hour (429 rate_limited), writing nothing', async () => {
    const org = await mailOrg()
    const count = () => prisma.mailMessage.count({ where: { organizationId: org.organization.id } })
    const outside = { to: [org.users.dispatcher.email, 'broker@outside.example'], subject: 'Out', text: 'x' }
    const driver = await callApi(collection, { method: 'POST', path: '/api/mail', token: org.users.driver.token, body: outside })
    expect(driver.status).toBe(403)
    expect(driver.body.error).toMatchObject({ code: 'forbidden', fields: { to: [expect.stringContaining('broker@outside.example')] } })
    const page = await callPage(
      compose.action,
      '/dashboard/mail/new',
      org.users.driver.id,
      {},
      postForm({ intent: 'send', to: 'broker@outside.example', subject: 'x' }),
    )
    expect(page.status).toBe(403)
    expect(await count()).toBe(0)
    // Colleagues and the shared mailbox stay open to a driver.
    expect(
      (
        await callApi(collection, {
          method: 'POST',
          path: '/api/mail',
          token: org.users.driver.token,
          body: { to: [org.users.dispatcher.email, org.shared], subject: 'In' },
        })
      ).status,
    ).toBe(201)

    const previous = process.env.MAIL_OUTSIDE_PER_HOUR
    process.env.MAIL_OUTSIDE_PER_HOUR = '3'
    try {
      const to = (n: number) => Array.from({ length: n }, (_, i) => `broker${i}@outside.example`)
      const send = (addresses: string[]) =>
        callApi(collection, { method: 'POST', path: '/api/mail', token: org.users.dispatcher.token, body: { to: addresses, subject: 'Rates', text: 'x' } })
      expect((await send(to(2))).status).toBe(201)
      const before = await count()
      const over = await send(to(2))
      expect(over.status).toBe(429)
      expect(over.body.error.code).toBe('rate_limited')
      expect(over.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect(await count()).toBe(before)
      // What is left of the hour still goes; another user has a budget of their own.
      expect((await send(to(1))).status).toBe(201)
      expect((await callApi(collection, { method: 'POST', path: '/api/mail', token: org.users.admin.token, body: { to: to(3), subject: 'x' } })).status).toBe(
        201,
      )
      const refused = await callPage(
        compose.action,
        '/dashboard/mail/new',
        org.users.dispatcher.id,
        {},
        postForm({ intent: 'send', to: 'one@outside.example', subject: 'x' }),
      )
      expect(refused.status).toBe(429)
    } finally {
      if (previous === undefined) delete process.env.MAIL_OUTSIDE_PER_HOUR
      else process.env.MAIL_OUTSIDE_PER_HOUR = previous
    }
  })

  it('stores a subject on one line: CR, LF and other breaks become spaces, from the page, the API and a draft', async () => {
    const org = await mailOrg()
    const answer = await callApi(collection, {
      method: 'POST',
      path: '/api/mail',
      token: org.users.admin.token,
      body: { to: [org.users.dispatcher.email], subject: 'Rate 4411\r\nBcc: everyone@example.net\u2028x', text: 'Hi' },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.data.subject).toBe('Rate 4411 Bcc: everyone@example.net x')
    const page = await callPage(
      compose.action,
      '/dashboard/mail/new',
      org.users.admin.id,
      {},
      postForm({ intent: 'save', to: org.users.dispatcher.email, subject: 'Draft\nsecond line\r' }),
    )
    expect(page.status).toBe(302)
    const subjects = await prisma.mailMessage.findMany({ where: { organizationId: org.organization.id }, select: { subject: true } })
    expect(subjects.map((row) => row.subject).sort()).toEqual([
      'Draft second line',
      'Rate 4411 Bcc: everyone@example.net x',
      'Rate 4411 Bcc: everyone@example.net x',
    ])
  })

  it('refuses unknown and invalid recipients, an empty message, refused and oversize files: 400/413/415 in the API, field errors on the page', async () => {
    const org = await mailOrg()
    const count = () => prisma.mailMessage.count({ where: { organizationId: org.organization.id } })
    const token = org.users.admin.token
    const cases: Array<[unknown, string]> = [
      [{ to: ['nobody@inbound.freightdesk.test'], subject: 'x' }, 'to'],
      [{ to: ['not an address'], subject: 'x' }, 'to'],
      [{ to: [], subject: 'x' }, 'to'],
      [{ to: [org.users.dispatcher.email], subject: '', text: '  ' }, 'subject'],
      [{ to: [org.users.dispatcher.email], subject: 'x', documentIds: ['c'.repeat(25)] }, 'documentIds'],
    ]
    for (const [body, field] of cases) {
      const answer = await callApi(collection, { method: 'POST', path: '/api/mail', token, body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
      expect(answer.body.error.fields[field], JSON.stringify(answer.body.error)).toEqual([expect.any(String)])
    }
    const before = storedFiles().length
    const files: Array<[File, number, string]> = [
      [new File([ZIP], 'archive.pdf'), 415, 'unsupported_media_type'],
      [new File([new Uint8Array(MAIL_ATTACHMENT_MAX_BYTES + 1)], 'big.pdf'), 413, 'payload_too_large'],
    ]
    for (const [file, status, code] of files) {
      const form = new FormData()
      form.append('to', org.users.dispatcher.email)
      form.append('subject', 'Files')
      form.append('files', file)
      const answer = await apiAnswer(await collection.action({ request: multipart(token, form), params: {}, context: {} } as never))
      expect(answer.status).toBe(status)
      expect(answer.body.error.code).toBe(code)
    }
    // A valid file with an unknown recipient: refused after the file was checked, and nothing stays stored.
    const form = new FormData()
    form.append('to', `${org.users.dispatcher.email}, ghost@inbound.freightdesk.test`)
    form.append('subject', 'Files')
    form.append('files', new File([PDF], 'ok.pdf'))
    expect((await apiAnswer(await collection.action({ request: multipart(token, form), params: {}, context: {} } as never))).status).toBe(400)
    expect(storedFiles().length).toBe(before)
    expect(await count()).toBe(0)

    const page = await callPage(compose.action, '/dashboard/mail/new', org.users.admin.id, {}, postForm({ intent: 'send', to: 'a@b', subject: '' }))
    expect(page.status).toBe(400)
    expect(Object.keys(refusalOf(page)!.fields).sort()).toEqual(['subject', 'to'])
    expect(await count()).toBe(0)
  })

  it('removes the stored files when the transaction fails after they were stored', async () => {
    const org = await mailOrg()
    const admin = await userOf(org, 'admin')
    const before = storedFiles().length
    // The job cannot be queued (the last write of the transaction): everything before it is rolled back, the files removed.
    const queue = vi.spyOn(mailEmailTask, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'))
    const files = await checkMailFiles([new File([PDF], 'late.pdf')])
    await expect(
      sendMail(admin, MailDraftSchema.parse({ to: ['broker@outside.example', org.users.dispatcher.email], subject: 'late' }), files),
    ).rejects.toThrow('queue unavailable')
    expect(queue).toHaveBeenCalledOnce()
    expect(storedFiles().length).toBe(before)
    expect(await prisma.mailMessage.count({ where: { organizationId: org.organization.id } })).toBe(0)
    // A stale draft is refused before anything is stored.
    const dispatcher = await userOf(org, 'dispatcher')
    const draft = await saveDraft(dispatcher, MailDraftSchema.parse({ subject: 'v1' }))
    await saveDraft(dispatcher, MailDraftSchema.parse({ subject: 'v2', draftId: draft.id, version: draft.version }))
    const form = new FormData()
    for (const [key, value] of Object.entries({
      intent: 'send',
      to: org.users.admin.email,
      subject: 'late',
      draftId: draft.id,
      version: String(draft.version),
    }))
      form.append(key, value)
    form.append('files', new File([PDF], 'late.pdf'))
    const answer = await callPage(compose.action, '/dashboard/mail/new', dispatcher.id, {}, { method: 'POST', body: form })
    expect(answer.status).toBe(409)
    expect(refusalOf(answer)?.conflict).toBe(true)
    expect(storedFiles().length).toBe(before)
  })
})

describe('the API’s shapes', () => {
  it('lists with meta, filters by folder, label, starred and q, and answers the contract’s message shape', async () => {
    const org = await mailOrg()
    const token = org.users.dispatcher.token
    const first = await brokerMail(org, { subject: 'Reefer load Dallas', labels: ['reefer'] })
    await brokerMail(org, { subject: 'Question about pallets', isStarred: true })
    await brokerMail(org, { subject: 'Old', folder: 'trash', trashedFrom: 'inbox' })
    const list = async (query: string) => (await callApi(collection, { path: `/api/mail?box=shared&${query}`, token })).body
    expect((await list('')).meta).toEqual({ total: 2, page: 1, pageSize: 25, box: 'shared' })
    expect((await list('folder=all')).meta.total).toBe(2)
    expect((await list('folder=trash')).meta.total).toBe(1)
    expect((await list('label=reefer')).data.map((row: { id: string }) => row.id)).toEqual([first.id])
    expect((await list('starred=true')).data[0].subject).toBe('Question about pallets')
    expect((await list('q=DALLAS')).data[0].id).toBe(first.id)
    expect((await list('folder=nonsense&page=abc')).meta.total).toBe(2)
    const read = await callApi(item, { path: `/api/mail/${first.id}`, params: { id: first.id }, token })
    expect(Object.keys(read.body.data).sort()).toEqual(
      [
        'attachments',
        'cc',
        'createdAt',
        'delivery',
        'envelopeFrom',
        'folder',
        'from',
        'fromVerified',
        'html',
        'id',
        'inReplyTo',
        'isImportant',
        'isRead',
        'isStarred',
        'labels',
        'mailbox',
        'sentAt',
        'snippet',
        'subject',
        'text',
        'textUrl',
        'to',
        'updatedAt',
        'version',
      ].sort(),
    )
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/mail/${first.id}`,
      params: { id: first.id },
      token,
      body: { isRead: true, labels: ['reefer', 'urgent'], version: 1 },
    })
    expect(put.body.data).toMatchObject({ isRead: true, labels: ['reefer', 'urgent'], version: 2 })
    const bad = await callApi(item, {
      method: 'PUT',
      path: `/api/mail/${first.id}`,
      params: { id: first.id },
      token,
      body: { isRead: 'maybe', labels: ['x'.repeat(31)] },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['isRead', 'labels'])
  })
})
