/**
 * Chat against the real database: who reads and writes which conversation (participants
 * only, viewers read only, another organization 404, a driver only their own loads'), the pair's one
 * conversation, a load's conversation, unread counts and read marks (the API, the page, the
 * navigation badge), paging back, photos and files checked by content and size, and the pages'
 * posts with and without a refusal.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { deleteLoad } from '~/models/loads/load.server'
import { navCounts } from '~/models/nav-badges.server'
import * as attachmentRoute from '~/routes/api/chat/attachment'
import * as collection from '~/routes/api/chat/collection'
import * as item from '~/routes/api/chat/item'
import * as messagesRoute from '~/routes/api/chat/messages'
import * as readRoute from '~/routes/api/chat/read'
import * as indexPage from '~/routes/dashboard/chat/index'
import * as newPage from '~/routes/dashboard/chat/new'
import * as viewPage from '~/routes/dashboard/chat/view'
import { CHAT_FILE_MAX_BYTES, CHAT_PAGE_SIZE } from '~/schemas/chat-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-chat-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

let org: Org
let other: Org

beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

const start = (token: string, body: unknown) => callApi(collection, { method: 'POST', path: '/api/chat', token, body })
const read = (token: string, id: string, query = '') => callApi(item, { path: `/api/chat/${id}${query}`, params: { id }, token })
const post = (token: string, id: string, body: unknown) =>
  callApi(messagesRoute, { method: 'POST', path: `/api/chat/${id}/messages`, params: { id }, token, body })
const markRead = (token: string, id: string) => callApi(readRoute, { method: 'POST', path: `/api/chat/${id}/read`, params: { id }, token })
const list = (token: string) => callApi(collection, { path: '/api/chat', token })

async function sendFile(token: string, id: string, bytes: Uint8Array, fileName: string, body?: string) {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }))
  if (body) form.append('body', body)
  const request = new Request(`http://localhost/api/chat/${id}/messages`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
  })
  const response = await messagesRoute.action({ request, params: { id }, context: {} } as never)
  return { status: response.status, body: await response.json() }
}

async function makeLoad(target: Org, fields: { driverId?: string | null; dispatcherId?: string | null } = {}) {
  const organizationId = target.organization.id
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Chat Broker') } })
  return prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('CH'),
      driverId: fields.driverId ?? null,
      dispatcherId: fields.dispatcherId ?? null,
      stops: {
        create: [
          { sequence: 1, type: 'pickup', city: 'Dallas' },
          { sequence: 2, type: 'delivery', city: 'Tulsa' },
        ],
      },
    },
  })
}

const sessionUser = (target: Org, role: keyof Org['users']) =>
  ({ id: target.users[role].id, organizationId: target.organization.id, role }) as unknown as Parameters<typeof navCounts>[0]

describe('conversations', () => {
  it('keeps one conversation per pair: the second start opens it (200) and posts in it', async () => {
    const first = await start(org.users.dispatcher.token, { participantIds: [org.users.driver.id], body: 'Where are you?' })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ kind: 'direct', unreadCount: 0, lastMessage: { body: 'Where are you?', contentType: 'text' } })
    const again = await start(org.users.driver.token, { participantIds: [org.users.dispatcher.id], body: 'Near Joplin' })
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)
    // The dispatcher has not read the driver's answer.
    const mine = (await list(org.users.dispatcher.token)).body.data.find((row: { id: string }) => row.id === first.body.data.id)
    expect(mine).toMatchObject({ unreadCount: 1, lastMessage: { body: 'Near Joplin', senderId: org.users.driver.id } })
  })

  it('makes a group from several people or a title, of active people of the organization only', async () => {
    const group = await start(org.users.admin.token, { participantIds: [org.users.dispatcher.id, org.users.accountant.id], title: 'Office' })
    expect(group.status).toBe(201)
    expect(group.body.data).toMatchObject({ kind: 'group', title: 'Office' })
    expect(group.body.data.participants.map((person: { id: string }) => person.id).sort()).toEqual(
      [org.users.admin.id, org.users.dispatcher.id, org.users.accountant.id].sort(),
    )
    const foreign = await start(org.users.admin.token, { participantIds: [other.users.dispatcher.id] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error.fields.participantIds).toBeDefined()
    const none = await start(org.users.admin.token, {})
    expect(none.status).toBe(400)
    expect(none.body.error.fields.participantIds).toBeDefined()
    const self = await start(org.users.admin.token, { participantIds: [org.users.admin.id] })
    expect(self.status).toBe(400)
  })
})

describe('who reads and writes', () => {
  let id: string
  beforeAll(async () => {
    id = (await start(org.users.admin.token, { participantIds: [org.users.dispatcher.id, org.users.viewer.id], title: 'Readers', body: 'Hello' })).body.data.id
  })

  it('lets participants read and write', async () => {
    expect((await read(org.users.dispatcher.token, id)).status).toBe(200)
    expect((await post(org.users.dispatcher.token, id, { body: 'On it' })).status).toBe(201)
  })

  it('answers 404 to anyone not in it, the same as to another organization', async () => {
    for (const token of [org.users.accountant.token, other.users.admin.token]) {
      expect((await read(token, id)).status).toBe(404)
      expect((await post(token, id, { body: 'Let me in' })).status).toBe(404)
      expect((await markRead(token, id)).status).toBe(404)
    }
    const before = await prisma.chatMessage.count({ where: { conversationId: id } })
    await post(other.users.admin.token, id, { body: 'x' })
    expect(await prisma.chatMessage.count({ where: { conversationId: id } })).toBe(before)
  })

  it('lets a viewer read (and mark read) but not write or start', async () => {
    expect((await read(org.users.viewer.token, id)).status).toBe(200)
    expect((await markRead(org.users.viewer.token, id)).status).toBe(200)
    const refused = await post(org.users.viewer.token, id, { body: 'Can I?' })
    expect(refused.status).toBe(403)
    expect((await start(org.users.viewer.token, { participantIds: [org.users.admin.id] })).status).toBe(403)
    // The model refuses too, whatever the route: the page's post is refused with 403.
    const page = await callPage(viewPage.action, `/dashboard/chat/${id}`, org.users.viewer.id, { id }, postForm({ intent: 'send', body: 'Can I?' }))
    expect(page.status).toBe(403)
    expect(refusalOf(page)?.message).toMatch(/read/i)
  })

  it('refuses an empty message with a field error and writes nothing', async () => {
    const before = await prisma.chatMessage.count({ where: { conversationId: id } })
    const empty = await post(org.users.admin.token, id, { body: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.error.fields.body).toBeDefined()
    const page = await callPage(viewPage.action, `/dashboard/chat/${id}`, org.users.admin.id, { id }, postForm({ intent: 'send', body: '' }))
    expect(page.status).toBe(400)
    expect(refusalOf(page)?.fields.body).toBeDefined()
    expect(await prisma.chatMessage.count({ where: { conversationId: id } })).toBe(before)
  })

  it('returns message text as it was written (the page shows it as text)', async () => {
    const text = '<img src=x onerror=alert(1)> & <b>bold</b>'
    const sent = await post(org.users.admin.token, id, { body: text })
    expect(sent.body.data.body).toBe(text)
  })
})

describe('the pages’ posts', () => {
  it('refuses a post without an intent, or with one the page does not have, on the page (400), never an error page', async () => {
    const { id } = (await start(org.users.admin.token, { participantIds: [org.users.dispatcher.id], title: unique('Posts') })).body.data
    for (const fields of [{ body: 'no intent' }, { intent: 'delete', body: 'x' }] as Array<Record<string, string>>) {
      const view = await callPage(viewPage.action, `/dashboard/chat/${id}`, org.users.admin.id, { id }, postForm(fields))
      expect(view.status).toBe(400)
      expect(refusalOf(view)?.message).toBeTruthy()
      const started = await callPage(newPage.action, '/dashboard/chat/new', org.users.admin.id, {}, postForm(fields))
      expect(started.status).toBe(400)
    }
    const none = await callPage(newPage.action, '/dashboard/chat/new', org.users.admin.id, {}, postForm({ intent: 'start' }))
    expect(none.status).toBe(400)
    expect(refusalOf(none)?.fields.participantIds).toBeDefined()
    // Another organization's conversation, posted to from the page: the 404 page.
    const foreign = await callPage(viewPage.action, `/dashboard/chat/${id}`, other.users.admin.id, { id }, postForm({ intent: 'send', body: 'x' }))
    expect(foreign.status).toBe(404)
    expect((await callPage(viewPage.loader, `/dashboard/chat/${id}`, other.users.admin.id, { id })).status).toBe(404)
  })
})

describe("a load's conversation", () => {
  it('is its dispatcher and driver; a driver opens only their own loads’, the office joins any', async () => {
    const load = await makeLoad(org, { driverId: org.users.driver.id, dispatcherId: org.users.dispatcher.id })
    const opened = await start(org.users.driver.token, { loadId: load.id })
    expect(opened.status).toBe(201)
    expect(opened.body.data).toMatchObject({ kind: 'load', loadId: load.id, loadNumber: load.loadNumber })
    expect(opened.body.data.participants.map((person: { id: string }) => person.id).sort()).toEqual([org.users.driver.id, org.users.dispatcher.id].sort())
    // The second open is the same conversation; an admin opening it joins it.
    const admin = await start(org.users.admin.token, { loadId: load.id })
    expect(admin.status).toBe(200)
    expect(admin.body.data.id).toBe(opened.body.data.id)
    expect(admin.body.data.participants).toHaveLength(3)

    const notHis = await makeLoad(org, { dispatcherId: org.users.dispatcher.id })
    expect((await start(org.users.driver.token, { loadId: notHis.id })).status).toBe(404)
    expect((await start(org.users.viewer.token, { loadId: load.id })).status).toBe(403)
    const foreign = await makeLoad(other)
    expect((await start(org.users.admin.token, { loadId: foreign.id })).status).toBe(404)
    expect(await prisma.conversation.count({ where: { loadId: { in: [notHis.id, foreign.id] } } })).toBe(0)
  })

  it('is no longer the driver’s once they are taken off the load: not listed, not read, not counted', async () => {
    const load = await makeLoad(org, { driverId: org.users.driver.id, dispatcherId: org.users.dispatcher.id })
    const { id } = (await start(org.users.driver.token, { loadId: load.id })).body.data
    await post(org.users.dispatcher.token, id, { body: 'Call me when loaded' })
    const driver = sessionUser(org, 'driver')
    const before = (await navCounts(driver)).chat
    expect((await callPage(viewPage.loader, `/dashboard/chat/${id}`, org.users.driver.id, { id })).status).toBe(200)
    await post(org.users.dispatcher.token, id, { body: 'Still there?' })

    await prisma.load.update({ where: { id: load.id }, data: { driverId: null } })
    expect((await callPage(viewPage.loader, `/dashboard/chat/${id}`, org.users.driver.id, { id })).status).toBe(404)
    expect((await post(org.users.driver.token, id, { body: 'Hello?' })).status).toBe(404)
    expect((await navCounts(driver)).chat).toBe(before - 1)
    // The office still reads it.
    expect((await callPage(viewPage.loader, `/dashboard/chat/${id}`, org.users.dispatcher.id, { id })).status).toBe(200)
  })

  it('goes with its load, and so do the photos posted in it', async () => {
    const load = await makeLoad(org, { driverId: org.users.driver.id, dispatcherId: org.users.dispatcher.id })
    const { id } = (await start(org.users.driver.token, { loadId: load.id })).body.data
    expect((await sendFile(org.users.driver.token, id, PNG, 'seal.png', 'Sealed')).status).toBe(201)
    const { storageKey } = await prisma.chatAttachment.findFirstOrThrow({ where: { message: { conversationId: id } } })
    expect(fs.existsSync(path.join(storageDir, storageKey))).toBe(true)
    await deleteLoad(actorOf(org, 'dispatcher'), load.id)
    expect(await prisma.conversation.count({ where: { id } })).toBe(0)
    expect(fs.existsSync(path.join(storageDir, storageKey))).toBe(false)
  })

  it('opens from the load page’s Chat button (a post), straight into the conversation', async () => {
    const load = await makeLoad(org, { driverId: org.users.driver.id })
    const answer = await callPage(newPage.action, '/dashboard/chat/new', org.users.driver.id, {}, postForm({ intent: 'start', loadId: load.id }))
    expect(answer.status).toBe(302)
    const conversation = await prisma.conversation.findUniqueOrThrow({ where: { loadId: load.id } })
    expect(answer.location).toBe(`/dashboard/chat/${conversation.id}#latest`)
  })
})

describe('unread counts and read marks', () => {
  it('grows the others’ counts, keeps the sender’s at 0, and reading sets it to 0 (API, page, badge)', async () => {
    const { id } = (await start(org.users.admin.token, { participantIds: [org.users.dispatcher.id, org.users.accountant.id], title: unique('Counts') })).body
      .data
    const badge = async (role: 'dispatcher' | 'accountant') => (await navCounts(sessionUser(org, role))).chat
    const dispatcherBefore = await badge('dispatcher')
    const accountantBefore = await badge('accountant')
    await post(org.users.admin.token, id, { body: 'One' })
    await post(org.users.admin.token, id, { body: 'Two' })
    const counts = await prisma.conversationParticipant.findMany({ where: { conversationId: id } })
    expect(Object.fromEntries(counts.map((row) => [row.userId, row.unreadCount]))).toEqual({
      [org.users.admin.id]: 0,
      [org.users.dispatcher.id]: 2,
      [org.users.accountant.id]: 2,
    })
    expect(await badge('dispatcher')).toBe(dispatcherBefore + 2)

    const marked = await markRead(org.users.dispatcher.token, id)
    expect(marked.body.data).toEqual({ id, unreadCount: 0 })
    expect(await badge('dispatcher')).toBe(dispatcherBefore)
    // Opening the conversation's page reads it.
    const page = await callPage(viewPage.loader, `/dashboard/chat/${id}`, org.users.accountant.id, { id })
    expect(page.status).toBe(200)
    expect(await badge('accountant')).toBe(accountantBefore)
    // Reading through GET /api/chat/{id} does not (a client marks read when its user has seen it).
    await post(org.users.admin.token, id, { body: 'Three' })
    await read(org.users.accountant.token, id)
    expect((await list(org.users.accountant.token)).body.data.find((row: { id: string }) => row.id === id).unreadCount).toBe(1)
  })
})

describe('paging back through the history', () => {
  it('answers the newest page oldest first, then `?before=` pages back to the start', async () => {
    const { id } = (await start(org.users.admin.token, { participantIds: [org.users.dispatcher.id], title: unique('History') })).body.data
    const total = CHAT_PAGE_SIZE * 2 + 7
    const base = Date.parse('2026-11-01T00:00:00Z')
    await prisma.chatMessage.createMany({
      data: Array.from({ length: total }, (_, n) => ({
        conversationId: id,
        organizationId: org.organization.id,
        senderId: org.users.admin.id,
        body: `m${n}`,
        // Two messages per second: equal times are ordered by id.
        createdAt: new Date(base + Math.floor(n / 2) * 1000),
      })),
    })
    const seen: string[] = []
    let query = ''
    for (;;) {
      const page = await read(org.users.dispatcher.token, id, query)
      expect(page.status).toBe(200)
      seen.unshift(...page.body.data.messages.map((message: { body: string }) => message.body))
      if (!page.body.meta.hasMore) break
      query = `?before=${page.body.meta.before}`
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    const times = (await prisma.chatMessage.findMany({ where: { conversationId: id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map((row) => row.body)
    expect(seen).toEqual(times)
    expect((await read(org.users.dispatcher.token, id, '?before=cl0000000000000000000000')).status).toBe(400)
    expect((await read(org.users.dispatcher.token, id, '?before=%3Cscript%3E')).status).toBe(400)
  })
})

describe('photos and files', () => {
  let id: string
  beforeAll(async () => {
    id = (await start(org.users.dispatcher.token, { participantIds: [org.users.driver.id] })).body.data.id
  })

  it('stores a photo (by its bytes) as an image message, served inline to participants only', async () => {
    const sent = await sendFile(org.users.driver.token, id, PNG, 'dock.png', 'Sealed')
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({
      contentType: 'image',
      body: 'Sealed',
      attachments: [{ fileName: 'dock.png', contentType: 'image/png', sizeBytes: PNG.length }],
    })
    const attachmentId = sent.body.data.attachments[0].id
    const request = (token: string) =>
      attachmentRoute.loader({
        request: new Request(`http://localhost/api/chat/${id}/attachments/${attachmentId}`, {
          headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
        }),
        params: { id, attachmentId },
        context: {},
      } as never)
    const file = await request(org.users.dispatcher.token)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('image/png')
    expect(file.headers.get('Content-Disposition')).toMatch(/^inline/)
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG)
    expect((await request(org.users.accountant.token)).status).toBe(404)
    expect((await request(other.users.admin.token)).status).toBe(404)
  })

  it('takes a PDF as a file message', async () => {
    const sent = await sendFile(org.users.driver.token, id, PDF, 'bol.pdf')
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ contentType: 'file', attachments: [{ contentType: 'application/pdf' }] })
  })

  it('refuses what is not a photo or PDF by content (415) and what is too big (413), storing nothing', async () => {
    const before = await prisma.chatMessage.count({ where: { conversationId: id } })
    const files = fs.readdirSync(storageDir, { recursive: true }).length
    const script = await sendFile(org.users.driver.token, id, new TextEncoder().encode('<script>alert(1)</script>'), 'photo.png')
    expect(script.status).toBe(415)
    expect(script.body.error).toMatchObject({ code: 'unsupported_media_type' })
    const big = new Uint8Array(CHAT_FILE_MAX_BYTES + 1)
    big.set(PNG)
    const tooBig = await sendFile(org.users.driver.token, id, big, 'huge.png')
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.error).toMatchObject({ code: 'payload_too_large' })
    expect(await prisma.chatMessage.count({ where: { conversationId: id } })).toBe(before)
    expect(fs.readdirSync(storageDir, { recursive: true }).length).toBe(files)
  })

  it('sends a photo from the page (multipart post) and redirects back to the newest messages', async () => {
    const form = new FormData()
    form.append('intent', 'photo')
    form.append('file', new File([new Uint8Array(PNG)], 'cab.png', { type: 'image/png' }))
    const answer = await callPage(viewPage.action, `/dashboard/chat/${id}`, org.users.driver.id, { id }, { method: 'POST', body: form })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/dashboard/chat/${id}#latest`)
    const none = new FormData()
    none.append('intent', 'photo')
    const refused = await callPage(viewPage.action, `/dashboard/chat/${id}`, org.users.driver.id, { id }, { method: 'POST', body: none })
    expect(refused.status).toBe(400)
    expect(refusalOf(refused)?.fields.file).toBeDefined()
  })
})

describe('the conversation list', () => {
  it('pages past the first 100 conversations, on the page (?page=) and in the API (meta)', async () => {
    const org = await createOrg()
    const me = org.users.dispatcher.id
    const start = Date.now() - 1_000_000
    const ids = Array.from({ length: 101 }, (_, index) => `c${unique('pg').toLowerCase()}${index}`)
    // The oldest last message is the 101st.
    await prisma.conversation.createMany({
      data: ids.map((id, index) => ({
        id,
        organizationId: org.organization.id,
        kind: 'group',
        title: `Group ${index}`,
        lastMessageAt: new Date(start - index * 1000),
      })),
    })
    await prisma.conversationParticipant.createMany({ data: ids.map((conversationId) => ({ conversationId, userId: me })) })

    const first = await callPage(indexPage.loader as never, '/dashboard/chat', me)
    const firstList = first.data!.conversations as { items: { id: string }[]; total: number; page: number }
    expect(firstList.items).toHaveLength(100)
    expect(firstList).toMatchObject({ total: 101, page: 1 })
    const second = await callPage(indexPage.loader as never, '/dashboard/chat?page=2', me)
    expect((second.data!.conversations as { items: { id: string }[] }).items.map((row) => row.id)).toEqual([ids[100]])

    const api = await callApi(collection, { path: '/api/chat?page=2', token: org.users.dispatcher.token })
    expect(api.status).toBe(200)
    expect(api.body.data.map((row: { id: string }) => row.id)).toEqual([ids[100]])
    expect(api.body.meta).toEqual({ total: 101, page: 2, pageSize: 100 })
  })
})
