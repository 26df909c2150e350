/**
 * The chat's live events (ADR 056): `GET /api/chat/{id}/events` on one app server gets a message
 * posted on ANOTHER app server on the same database (PostgreSQL LISTEN/NOTIFY), uncompressed and
 * as it happens; each server listens on one connection whatever its streams; `Last-Event-ID`
 * resends what was missed; outsiders get the 404 envelope; a stream that ends leaves nothing behind.
 * A sign-out, a ban or a driver taken off the load on one server ends the streams it concerns on
 * the other (`event: revoked`, ADR 084; tests/integration/chat-stream-access.test.ts has every case).
 * The servers run the production build: after changing app code, `npm run build` before this file.
 */
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startConversation } from '~/models/chat/chat.server'
import { chatHub } from '~/models/chat/chat-events.server'
import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'
import * as eventsRoute from '~/routes/api/chat/events'
import { CHAT_FILE_MAX_BYTES } from '~/schemas/chat-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { createOrg, LOAD_STOPS, PASSWORD } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

type Org = Awaited<ReturnType<typeof createOrg>>
type Message = { id: string; body: string; senderId: string; conversationId: string }

type Stream = {
  status: number
  headers: http.IncomingHttpHeaders
  /** Everything received so far, as text. */
  raw: () => string
  events: Message[]
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close: () => void
}

const servers: ServerProcess[] = []
let org: Org
let other: Org
let conversationId: string

/** Opens an event stream and reads it as it arrives (to its end only when the server ends it). */
function openStream(server: ServerProcess, id: string, token: string, headers: Record<string, string> = {}) {
  return streamAt(`${server.base}/api/chat/${id}/events`, { Authorization: `Bearer ${token}`, ...headers })
}

/** The page's stream, as EventSource opens it with the session cookie. */
function openPageStream(server: ServerProcess, id: string, cookie: string) {
  return streamAt(`${server.base}/dashboard/chat/${id}/events`, { Cookie: cookie })
}

function streamAt(url: string, headers: Record<string, string>) {
  return new Promise<Stream>((resolve, reject) => {
    const request = http.get(url, { headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br', ...headers } }, (response) => {
      let raw = ''
      let pending = ''
      const events: Message[] = []
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        raw += chunk
        pending += chunk
        let end: number
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end)
          pending = pending.slice(end + 2)
          const lines = block.split('\n')
          if (lines.includes('event: message')) events.push(JSON.parse(lines.find((line) => line.startsWith('data: '))!.slice(6)) as Message)
        }
      })
      response.on('error', () => {})
      const ended = new Promise<void>((done) => response.on('end', done))
      resolve({ status: response.statusCode!, headers: response.headers, raw: () => raw, events, ended, close: () => request.destroy() })
    })
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)))
  })
}

async function postMessage(server: ServerProcess, id: string, token: string, body: string) {
  const response = await fetch(`${server.base}/api/chat/${id}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: Message }).data
}

/** The connections LISTENing on the chat channel, over every app server on this database. */
async function listeners() {
  const [row] = await prisma.$queryRaw<Array<{ count: bigint }>>`
    SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN freightdesk_chat%'`
  return Number(row.count)
}

beforeAll(async () => {
  const env = { JOB_WORKER: 'off', API_RATE_LIMIT_PER_MINUTE: '100000', API_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' }
  const [first, second, created, foreign] = await Promise.all([startServer(env), startServer(env), createOrg(), createOrg()])
  servers.push(first, second)
  org = created
  other = foreign
  const dispatcher = { id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher' as const }
  conversationId = (await startConversation(dispatcher, { participantIds: [org.users.driver.id], title: 'Live' })).conversation.id
}, 180_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

describe('chat events across app servers', () => {
  it('delivers a message posted on one server to a stream open on the other, uncompressed', async () => {
    const [first, second] = servers
    const stream = await openStream(first, conversationId, org.users.driver.token)
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/)
      // Compression would hold the events back in its buffer: the stream is never compressed.
      expect(stream.headers['content-encoding']).toBeUndefined()
      // Listening before this line reaches the client: nothing posted after it is missed.
      await expect.poll(() => stream.raw().includes(': connected'), { timeout: 15_000 }).toBe(true)
      const sent = await postMessage(second, conversationId, org.users.dispatcher.token, 'Posted on the second server')
      await expect.poll(() => stream.events.length, { timeout: 15_000 }).toBe(1)
      expect(stream.events[0]).toMatchObject({ id: sent.id, body: 'Posted on the second server', senderId: org.users.dispatcher.id, conversationId })
      expect(stream.raw()).toContain(`id: ${sent.id}\nevent: message\n`)
    } finally {
      stream.close()
    }
  }, 60_000)

  it('holds one listening connection per server, however many streams it has open', async () => {
    const [first, second] = servers
    const streams = await Promise.all([
      openStream(first, conversationId, org.users.driver.token),
      openStream(first, conversationId, org.users.dispatcher.token),
      openStream(second, conversationId, org.users.driver.token),
      openStream(second, conversationId, org.users.dispatcher.token),
    ])
    try {
      for (const stream of streams) await expect.poll(() => stream.raw().includes(': connected'), { timeout: 15_000 }).toBe(true)
      expect(await listeners()).toBe(2)
      const sent = await postMessage(first, conversationId, org.users.driver.token, 'To everyone')
      for (const stream of streams) await expect.poll(() => stream.events.map((event) => event.id), { timeout: 15_000 }).toEqual([sent.id])
    } finally {
      for (const stream of streams) stream.close()
    }
  }, 60_000)

  it('resends what was missed after Last-Event-ID, then goes on live', async () => {
    const [first, second] = servers
    const seen = await postMessage(first, conversationId, org.users.dispatcher.token, 'Seen')
    const missed = await postMessage(first, conversationId, org.users.dispatcher.token, 'Missed while away')
    const stream = await openStream(second, conversationId, org.users.driver.token, { 'Last-Event-ID': seen.id })
    try {
      await expect.poll(() => stream.events.map((event) => event.id), { timeout: 15_000 }).toEqual([missed.id])
      const next = await postMessage(first, conversationId, org.users.dispatcher.token, 'Back online')
      await expect.poll(() => stream.events.map((event) => event.id), { timeout: 15_000 }).toEqual([missed.id, next.id])
    } finally {
      stream.close()
    }
  }, 60_000)

  it('answers the 404 envelope to anyone not in the conversation, of this organization or another', async () => {
    for (const token of [org.users.accountant.token, other.users.admin.token]) {
      const response = await fetch(`${servers[0].base}/api/chat/${conversationId}/events`, { headers: { Authorization: `Bearer ${token}` } })
      expect(response.status).toBe(404)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
  })
})

/** Signs in through the form (no JavaScript) and returns the session cookie. */
async function signIn(server: ServerProcess, email: string) {
  const answer = await fetch(`${server.base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }),
  })
  expect(answer.status).toBe(302)
  return answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('fd_session='))!
    .split(';')[0]
}

async function connected(stream: Stream) {
  expect(stream.status).toBe(200)
  await expect.poll(() => stream.raw().includes(': connected'), { timeout: 15_000 }).toBe(true)
}

/** The stream got `event: revoked` and the server ended it. */
async function revoked(stream: Stream) {
  await expect.poll(() => stream.raw(), { timeout: 15_000 }).toContain('event: revoked\ndata: {}\n\n')
  await stream.ended
}

/** A read of the API with this credential, as a JSON body. */
async function getJson(server: ServerProcess, path: string, token: string) {
  const response = await fetch(`${server.base}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

async function putJson(server: ServerProcess, path: string, token: string, body: unknown) {
  const response = await fetch(`${server.base}${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}

describe('streams end with the access they were opened with, on every server (ADR 084)', () => {
  it('signing out on one server ends the streams of that session on the other: the page’s and a login token’s', async () => {
    const [first, second] = servers
    const cookie = await signIn(second, org.users.driver.email)
    const token = await createAccessToken({ id: org.users.driver.id }, (await createSession(org.users.driver.id, 'api')).id)
    const [page, bearer, kept] = await Promise.all([
      openPageStream(first, conversationId, cookie),
      openStream(first, conversationId, token),
      openStream(first, conversationId, org.users.driver.token),
    ])
    try {
      for (const stream of [page, bearer, kept]) await connected(stream)
      const out = await fetch(`${second.base}/auth/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      })
      expect(out.status).toBe(302)
      await revoked(page)
      const apiOut = await fetch(`${second.base}/api/account/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      expect(apiOut.status).toBeLessThan(300)
      await revoked(bearer)
      // The driver's other session is not signed out: its stream still gets what is posted.
      const sent = await postMessage(second, conversationId, org.users.dispatcher.token, 'After the sign-outs')
      await expect.poll(() => kept.events.map((event) => event.id), { timeout: 15_000 }).toContain(sent.id)
      expect(kept.raw()).not.toContain('event: revoked')
    } finally {
      for (const stream of [page, bearer, kept]) stream.close()
    }
  }, 60_000)

  it('a ban and a driver taken off the load, on one server, end the streams they concern on the other', async () => {
    const [first, second] = servers
    const fresh = await createOrg()
    const admin = fresh.users.admin.token
    const broker = await prisma.broker.create({ data: { organizationId: fresh.organization.id, name: 'Stream Broker' } })
    const created = await fetch(`${second.base}/api/loads`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ brokerId: broker.id, driverId: fresh.users.driver.id, dispatcherId: fresh.users.dispatcher.id, stops: LOAD_STOPS }),
    })
    expect(created.status).toBe(201)
    const loadId = ((await created.json()) as { data: { id: string } }).data.id
    const opened = await fetch(`${second.base}/api/chat`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fresh.users.dispatcher.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ loadId, participantIds: [] }),
    })
    const loadChat = ((await opened.json()) as { data: { id: string } }).data.id
    const group = (
      await startConversation(
        { id: fresh.users.dispatcher.id, organizationId: fresh.organization.id, role: 'dispatcher' },
        { participantIds: [fresh.users.accountant.id], title: 'Office' },
      )
    ).conversation.id
    const [driver, office, accountant] = await Promise.all([
      openStream(first, loadChat, fresh.users.driver.token),
      openStream(first, loadChat, fresh.users.dispatcher.token),
      openStream(first, group, fresh.users.accountant.token),
    ])
    try {
      for (const stream of [driver, office, accountant]) await connected(stream)
      // The driver taken off the load (the whole load PUT back without one).
      const load = await getJson(second, `/api/loads/${loadId}`, admin)
      await putJson(second, `/api/loads/${loadId}`, admin, { ...load, driverId: null })
      await revoked(driver)
      // The accountant banned.
      const person = await getJson(second, `/api/user/${fresh.users.accountant.id}`, admin)
      await putJson(second, `/api/user/${fresh.users.accountant.id}`, admin, { ...person, status: 'banned' })
      await revoked(accountant)
      const sent = await postMessage(second, loadChat, fresh.users.dispatcher.token, 'Who is driving?')
      await expect.poll(() => office.events.map((event) => event.id), { timeout: 15_000 }).toContain(sent.id)
      expect(driver.raw()).not.toContain(sent.id)
    } finally {
      for (const stream of [driver, office, accountant]) stream.close()
    }
  }, 60_000)
})

describe('photos through the request edge', () => {
  const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
  const photo = (size: number) => {
    const bytes = new Uint8Array(size)
    bytes.set(PNG_HEAD)
    const form = new FormData()
    form.append('file', new File([bytes], 'trailer.png', { type: 'image/png' }))
    return form
  }
  const send = (form: FormData) =>
    fetch(`${servers[0].base}/api/chat/${conversationId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${org.users.driver.token}` },
      body: form,
    })

  it('takes a photo over the 1 MB body limit (the route declares its own) and refuses one over 10 MB with 413', async () => {
    const taken = await send(photo(3 * 1024 * 1024))
    expect(taken.status).toBe(201)
    expect(((await taken.json()) as { data: { contentType: string } }).data.contentType).toBe('image')
    const refused = await send(photo(CHAT_FILE_MAX_BYTES + 128 * 1024))
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
  }, 60_000)
})

describe('a stream in this process', () => {
  it('leaves the hub when its client goes away', async () => {
    const hub = chatHub()
    const before = hub.size
    const aborter = new AbortController()
    const request = new Request(`http://localhost/api/chat/${conversationId}/events`, {
      headers: { Authorization: `Bearer ${org.users.driver.token}`, [CLIENT_IP_HEADER]: '198.51.100.20' },
      signal: aborter.signal,
    })
    const response = await eventsRoute.loader({ request, params: { id: conversationId }, context: {} } as never)
    expect(response.status).toBe(200)
    expect(hub.size).toBe(before + 1)
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected')
    aborter.abort()
    expect(hub.size).toBe(before)
    expect((await reader.read()).done).toBe(true)
    await hub.close()
  })
})
