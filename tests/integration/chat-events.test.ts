/**
 * The chat's live events (ADR 056): `GET /api/chat/{id}/events` on one app server gets a message
 * posted on ANOTHER app server on the same database (PostgreSQL LISTEN/NOTIFY), uncompressed and
 * as it happens; each server listens on one connection whatever its streams; `Last-Event-ID`
 * resends what was missed; outsiders get the 404 envelope; a stream that ends leaves nothing behind.
 * The servers run the production build: after changing app code, `npm run build` before this file.
 */
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startConversation } from '~/models/chat.server'
import { chatHub } from '~/models/chat-events.server'
import * as eventsRoute from '~/routes/api/chat/events'
import { CHAT_FILE_MAX_BYTES } from '~/schemas/chat-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { createOrg } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

type Org = Awaited<ReturnType<typeof createOrg>>
type Message = { id: string; body: string; senderId: string; conversationId: string }

type Stream = {
  status: number
  headers: http.IncomingHttpHeaders
  /** Everything received so far, as text. */
  raw: () => string
  events: Message[]
  close: () => void
}

const servers: ServerProcess[] = []
let org: Org
let other: Org
let conversationId: string

/** Opens an event stream and reads it as it arrives (never to its end: streams do not end). */
function openStream(server: ServerProcess, id: string, token: string, headers: Record<string, string> = {}) {
  return new Promise<Stream>((resolve, reject) => {
    const request = http.get(
      `${server.base}/api/chat/${id}/events`,
      { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br', ...headers } },
      (response) => {
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
        resolve({ status: response.statusCode!, headers: response.headers, raw: () => raw, events, close: () => request.destroy() })
      },
    )
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
