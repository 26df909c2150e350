/**
 * Chat event streams never outlive access and never take a server down (ADR 084), in
 * this process: its hub LISTENs on this file's database, whose triggers announce every change of
 * access, whichever code made it. A person's streams past CHAT_STREAMS_PER_USER are refused with
 * 429, a server's past CHAT_STREAMS_PER_SERVER with 503, both with Retry-After (the API's JSON
 * envelope; the page's a short text), and the page's stream counts against the API's rate limits.
 * A stream ends (`event: revoked`) when its session ends (sign-out, a new password, a ban), its
 * API key is revoked or its user banned, its user no longer reads the conversation (a driver taken
 * off the load, a participant removed), or, found by the periodic re-check, its session expired.
 * tests/integration/chat-events.test.ts shows the same across two app servers.
 */
import { RouterContextProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { i18nextMiddleware } from '~/middleware/i18next'
import { CHAT_CHANNEL, postMessage, startConversation } from '~/models/chat/chat.server'
import { chatHub } from '~/models/chat/chat-events.server'
import { createApiKey, revokeApiKey } from '~/models/users/api-key.server'
import { createSession, deleteSession } from '~/models/users/auth.server'
import { getUser, serializeUser, updateUser } from '~/models/users/user.server'
import { changeOwnPassword } from '~/models/users/user-account.server'
import { commitSessionCookie } from '~/requests/session.server'
import * as apiEvents from '~/routes/api/chat/events'
import * as pageEvents from '~/routes/dashboard/chat/events'
import { UserUpdateSchema } from '~/schemas/user'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, fleet, newLoad, type Org, PASSWORD } from '../helpers'

/**
 * Pass-through unless a test sets them: `hold` keeps the re-checks waiting at their session
 * lookup, `read` hears each message the hub has read for its streams.
 */
const hooks = vi.hoisted(() => ({ hold: null as Promise<void> | null, read: null as ((messageId: string) => void) | null }))
vi.mock('~/models/users/auth.server', async (original) => {
  const actual = await original<typeof import('~/models/users/auth.server')>()
  return {
    ...actual,
    getSessionUsers: async (ids: readonly string[]) => {
      await hooks.hold
      return actual.getSessionUsers(ids)
    },
  }
})
vi.mock('~/models/chat/chat.server', async (original) => {
  const actual = await original<typeof import('~/models/chat/chat.server')>()
  return {
    ...actual,
    readMessage: async (conversationId: string, messageId: string) => {
      const message = await actual.readMessage(conversationId, messageId)
      hooks.read?.(messageId)
      return message
    },
  }
})

type Stream = { status: 200; text: () => string; ended: Promise<void>; close: () => void }
type Refused = { status: number; headers: Headers; body: string }

let org: Org
let conversationId: string
const open: Stream[] = []
let address = 0

/** A client address of its own per request, so the per-address rate limit never counts across tests. */
const nextIp = () => `198.51.100.${(address++ % 250) + 1}`

/** Reads a stream's body as it comes; `ended` resolves when the server closes it. */
function reading(response: Response, aborter: AbortController): Stream {
  let text = ''
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      text += decoder.decode(value, { stream: true })
    }
  })()
  const stream: Stream = { status: 200, text: () => text, ended, close: () => aborter.abort() }
  open.push(stream)
  return stream
}

/** GET /api/chat/{id}/events with a bearer credential (a login token or an API key). */
async function apiStream(token: string, id = conversationId): Promise<Stream | Refused> {
  const aborter = new AbortController()
  const request = new Request(`http://localhost/api/chat/${id}/events`, {
    headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: nextIp() },
    signal: aborter.signal,
  })
  const response = await apiEvents.loader({ request, params: { id }, context: {} } as never)
  if (response.status !== 200) return { status: response.status, headers: response.headers, body: await response.text() }
  return reading(response, aborter)
}

/** A signed-in browser's cookie for this session. */
async function cookieOf(sessionId: string) {
  return (await commitSessionCookie(sessionId)).split(';')[0]
}

/** The page's /dashboard/chat/{id}/events as EventSource requests it, with a session cookie. */
async function pageStream(cookie: string, id = conversationId, ip = nextIp()): Promise<Stream | Refused> {
  const aborter = new AbortController()
  const request = new Request(`http://localhost/dashboard/chat/${id}/events`, {
    headers: { Cookie: cookie, Accept: 'text/event-stream', [CLIENT_IP_HEADER]: ip },
    signal: aborter.signal,
  })
  const context = new RouterContextProvider()
  await i18nextMiddleware({ request, params: { id }, context, unstable_pattern: '' } as never, async () => new Response())
  try {
    const response = await pageEvents.loader({ request, params: { id }, context } as never)
    return reading(response, aborter)
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, body: await thrown.text() }
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return { status: init.status, headers: new Headers(), body: '' }
    throw thrown
  }
}

function opened(stream: Stream | Refused): Stream {
  expect(stream.status).toBe(200)
  return stream as Stream
}

/** Resolves when the stream has ended with `event: revoked`; fails when it has not within the timeout. */
async function revoked(stream: Stream) {
  await expect.poll(() => stream.text(), { timeout: 10_000 }).toContain('event: revoked\ndata: {}\n\n')
  await stream.ended
}

/** A message posted now reaches a stream still open: proof it was not revoked (and is listening). */
async function stillOpen(stream: Stream, id = conversationId) {
  const message = await postMessage({ id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher' }, id, `ping ${Date.now()}`)
  await expect.poll(() => stream.text(), { timeout: 10_000 }).toContain(`id: ${message.id}\n`)
  expect(stream.text()).not.toContain('event: revoked')
}

beforeAll(async () => {
  org = await createOrg()
  const dispatcher = { id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher' as const }
  const others = [org.users.driver.id, org.users.admin.id, org.users.accountant.id]
  conversationId = (await startConversation(dispatcher, { participantIds: others, title: 'Access' })).conversation.id
})

afterAll(() => chatHub().close())

afterEach(async () => {
  for (const stream of open.splice(0)) stream.close()
  delete process.env.CHAT_STREAMS_PER_USER
  delete process.env.CHAT_STREAMS_PER_SERVER
  process.env.API_RATE_LIMIT_PER_MINUTE = '100000'
  // A closed or revoked stream leaves the hub when its cleanup runs, which a busy machine may delay.
  await expect.poll(() => chatHub().size, { timeout: 10_000 }).toBe(0)
})

describe('caps on open streams', () => {
  it('refuses a person past CHAT_STREAMS_PER_USER with 429 rate_limited and Retry-After, until one of theirs closes', async () => {
    process.env.CHAT_STREAMS_PER_USER = '2'
    const first = opened(await apiStream(org.users.driver.token))
    opened(await apiStream(org.users.driver.token))
    const refused = (await apiStream(org.users.driver.token)) as Refused
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'rate_limited', message: expect.stringContaining('2 live conversations') } })
    // Someone else is not held back by this person's streams.
    opened(await apiStream(org.users.dispatcher.token))
    first.close()
    await first.ended
    opened(await apiStream(org.users.driver.token))
  })

  it('refuses any stream past CHAT_STREAMS_PER_SERVER with 503 unavailable and Retry-After', async () => {
    process.env.CHAT_STREAMS_PER_SERVER = '3'
    opened(await apiStream(org.users.driver.token))
    opened(await apiStream(org.users.dispatcher.token))
    opened(await apiStream(org.users.admin.token))
    const refused = (await apiStream(org.users.accountant.token)) as Refused
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(JSON.parse(refused.body).error.code).toBe('unavailable')
    expect(chatHub().size).toBe(3)
  })

  it('answers the page’s refusals as short texts with Retry-After: 429 per person, 503 per server', async () => {
    const cookie = await cookieOf((await createSession(org.users.driver.id, 'web')).id)
    process.env.CHAT_STREAMS_PER_USER = '1'
    opened(await pageStream(cookie))
    const perUser = (await pageStream(cookie)) as Refused
    expect(perUser.status).toBe(429)
    expect(Number(perUser.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(perUser.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect(perUser.body).toContain('1 live conversations')
    process.env.CHAT_STREAMS_PER_SERVER = '1'
    const perServer = (await pageStream(await cookieOf((await createSession(org.users.admin.id, 'web')).id))) as Refused
    expect(perServer.status).toBe(503)
    expect(Number(perServer.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(perServer.body).toContain('busy')
  })

  it('counts the page’s streams against the API’s rate limit per session, as bearer requests are', async () => {
    process.env.API_RATE_LIMIT_PER_MINUTE = '3'
    const cookie = await cookieOf((await createSession(org.users.driver.id, 'web')).id)
    for (let i = 0; i < 3; i++) {
      const stream = opened(await pageStream(cookie))
      stream.close()
      await stream.ended
    }
    const refused = (await pageStream(cookie)) as Refused
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.body).toMatch(/^Too many requests/)
    // Another session of the same person has its own budget.
    opened(await pageStream(await cookieOf((await createSession(org.users.driver.id, 'web')).id)))
  })

  it('answers 404 to the page’s stream of a conversation one is not in, before counting it open', async () => {
    const cookie = await cookieOf((await createSession(org.users.viewer.id, 'web')).id)
    expect((await pageStream(cookie)).status).toBe(404)
    expect(chatHub().size).toBe(0)
  })
})

describe('streams end with the access they were opened with', () => {
  it('signing out ends the streams of that session only; a new password ends those of the other sessions', async () => {
    const [one, two] = await Promise.all([createSession(org.users.driver.id, 'web'), createSession(org.users.driver.id, 'web')])
    const signedOut = opened(await pageStream(await cookieOf(one.id)))
    const other = opened(await pageStream(await cookieOf(two.id)))
    const token = opened(await apiStream(org.users.driver.token))
    await deleteSession(one.id)
    await revoked(signedOut)
    await stillOpen(other)
    // A new password chosen in `two` signs out every other session: the login token's stream ends.
    await changeOwnPassword({ ...actorOf(org, 'driver') }, two.id, { currentPassword: PASSWORD, password: 'another horse battery' })
    await revoked(token)
    await stillOpen(other)
  })

  it('a ban ends every stream of the banned person: their sessions’ and their API key’s', async () => {
    const banned = await createOrg()
    const admin = { id: banned.users.admin.id, organizationId: banned.organization.id, role: 'admin' as const }
    const id = (await startConversation(admin, { participantIds: [banned.users.dispatcher.id], title: 'Ban' })).conversation.id
    // A second admin bans the first, who made the key (a key is not a session: the ban does not delete it).
    await prisma.user.update({ where: { id: banned.users.dispatcher.id }, data: { role: 'admin' } })
    const key = await createApiKey({ ...actorOf(banned), userId: banned.users.admin.id }, { name: 'Board', scope: 'read_only' })
    const byKey = opened(await apiStream(key.secret, id))
    const bySession = opened(await apiStream(banned.users.admin.token, id))
    const page = opened(await pageStream(await cookieOf((await createSession(banned.users.admin.id, 'web')).id), id))
    const dto = serializeUser(await getUser(banned.organization.id, banned.users.admin.id))
    const input = UserUpdateSchema.parse({ ...withoutNulls(dto), status: 'banned' })
    await updateUser({ ...actorOf(banned, 'dispatcher'), role: 'admin' }, banned.users.admin.id, input)
    await Promise.all([revoked(byKey), revoked(bySession), revoked(page)])
  })

  it('a revoked API key ends its streams', async () => {
    const key = await createApiKey({ ...actorOf(org), userId: org.users.admin.id }, { name: 'Board', scope: 'read_only' })
    const stream = opened(await apiStream(key.secret))
    const admin = opened(await apiStream(org.users.admin.token))
    await revokeApiKey(actorOf(org), key.id)
    await revoked(stream)
    await stillOpen(admin)
  })

  it('a driver taken off the load loses its conversation’s stream, and no message posted after it; the dispatcher keeps theirs', async () => {
    const loadOrg = await createOrg()
    const { broker, driverId } = await fleet(loadOrg)
    const load = await newLoad(loadOrg, { brokerId: broker.id, driverId, dispatcherId: loadOrg.users.dispatcher.id })
    const dispatcher = { id: loadOrg.users.dispatcher.id, organizationId: loadOrg.organization.id, role: 'dispatcher' as const }
    const id = (await startConversation(dispatcher, { participantIds: [], loadId: load.id })).conversation.id
    const driver = opened(await apiStream(loadOrg.users.driver.token, id))
    const office = opened(await apiStream(loadOrg.users.dispatcher.token, id))
    // Taken off the load, and a message committed right after, as close as can be: in one
    // transaction, its notice right behind the change's. The re-check the change started is held
    // up here: the message, read meanwhile, waits for it and reaches no stream before it is done.
    let release!: () => void
    hooks.hold = new Promise((resolve) => (release = resolve))
    const read = new Promise<string>((resolve) => (hooks.read = resolve))
    const after = await prisma.$transaction(async (tx) => {
      await tx.load.update({ where: { id: load.id }, data: { driverId: null } })
      const message = await tx.chatMessage.create({
        data: { conversationId: id, organizationId: loadOrg.organization.id, senderId: dispatcher.id, body: 'Reassigned: not for the old driver' },
      })
      await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${`${id}:${message.id}`})`
      return message
    })
    expect(await read).toBe(after.id)
    // What would follow that read without waiting (the writes, the reads of them here) has run.
    await new Promise((resolve) => setImmediate(resolve))
    expect(driver.text()).not.toContain(after.id)
    expect(office.text()).not.toContain(after.id)
    hooks.hold = null
    hooks.read = null
    release()
    await revoked(driver)
    await expect.poll(() => office.text(), { timeout: 10_000 }).toContain(`id: ${after.id}\n`)
    expect(driver.text()).not.toContain(after.id)
    // The driver cannot open it again either.
    expect((await apiStream(loadOrg.users.driver.token, id)).status).toBe(404)
  })

  it('a participant taken out of the conversation loses its stream', async () => {
    const stream = opened(await apiStream(org.users.accountant.token))
    await prisma.conversationParticipant.delete({ where: { conversationId_userId: { conversationId, userId: org.users.accountant.id } } })
    await revoked(stream)
    await prisma.conversationParticipant.create({ data: { conversationId, userId: org.users.accountant.id } })
  })

  it('the periodic re-check ends a stream whose session expired, and keeps the others', async () => {
    const session = await createSession(org.users.driver.id, 'web')
    const expiring = opened(await pageStream(await cookieOf(session.id)))
    const kept = opened(await apiStream(org.users.dispatcher.token))
    // Expiry is a time passing, not a change: no notice; the re-check (every RECHECK_MS) finds it.
    await prisma.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    await chatHub().recheckAll()
    await revoked(expiring)
    await stillOpen(kept)
  })
})

function withoutNulls(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null))
}
