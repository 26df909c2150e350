/**
 * Live chat across app servers (ADR 056). Each app process holds ONE PostgreSQL connection that
 * LISTENs on the chat channel (opened with the first event stream, kept while the process runs);
 * a notification names a conversation and a message, the process reads that message once and
 * hands it to every stream of this process open on that conversation. Messages are announced by
 * NOTIFY inside their insert's transaction (app/models/chat/chat.server.ts), so every server, whichever
 * one received the post, hears each committed message once.
 *
 * The same connection LISTENs on the access channel (ADR 084): triggers announce a session or API
 * key that is gone (the streams opened with it end at once), and a user or a conversation whose
 * readers may have changed (their streams are re-checked: a ban, a new role, a driver taken off
 * the load). Every RECHECK_MS all streams are re-checked too (an expired session, a notice lost
 * while the connection was down). Each server holds at most CHAT_STREAMS_PER_SERVER streams, and
 * CHAT_STREAMS_PER_USER of one person: past them a stream is refused (503, 429) before it costs memory.
 */
import { remember } from '@epic-web/remember'
import pg from 'pg'

import { getApiKeyUsersById } from '~/models/users/api-key.server'
import { getSessionUsers } from '~/models/users/auth.server'
import { WatchedClient } from '~/utils/db-pool.server'
import { env } from '~/utils/env.server'
import { DomainError, RETRY_AFTER_SECONDS } from '~/utils/errors.server'

import { CHAT_CHANNEL, type ChatMessageDto, type ChatUser, readableConversations, readMessage } from './chat.server'

/** Access notices (the triggers of prisma/migrations/…_chat_access_notices): `s:`, `k:`, `u:` or `c:` and an id. */
export const ACCESS_CHANNEL = 'freightdesk_access'

/**
 * An open stream as the hub knows it. `credential` is `s:<session id>` (a web session or a login
 * token) or `k:<API key id>`, as the access notices name them.
 */
export type ChatStream = {
  conversationId: string
  user: ChatUser
  credential: string
  message: (message: ChatMessageDto) => void
  /** A comment line, so proxies keep the connection. */
  keepAlive: () => void
  /** Access ended: the stream says so and closes (it leaves the hub as it closes). */
  revoke: () => void
  /** The server is stopping (a drain, ADR 088): the stream closes and the client reconnects elsewhere. */
  end: () => void
}

/** Between keep-alive comments: under the usual 60 s idle timeouts of proxies and load balancers. */
export const KEEP_ALIVE_MS = 25_000
/** Every open stream's access is re-checked this often, besides the notices. */
export const RECHECK_MS = 60_000
/** After a lost connection, the next try (doubling up to 30 s). */
const RETRY_MS = 500

function add(index: Map<string, Set<ChatStream>>, key: string, stream: ChatStream) {
  let set = index.get(key)
  if (!set) index.set(key, (set = new Set()))
  set.add(stream)
}

function remove(index: Map<string, Set<ChatStream>>, key: string, stream: ChatStream) {
  const set = index.get(key)
  if (!set?.delete(stream)) return false
  if (set.size === 0) index.delete(key)
  return true
}

class ChatHub {
  private readonly byConversation = new Map<string, Set<ChatStream>>()
  private readonly byUser = new Map<string, Set<ChatStream>>()
  private readonly byCredential = new Map<string, Set<ChatStream>>()
  private count = 0
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private retryMs = RETRY_MS
  /** The connection was lost since the last listen: notices may have been missed. */
  private missed = false
  private timers: Array<ReturnType<typeof setInterval>> = []
  /** Re-checks started by notices: a message announced after a notice waits for them. */
  private checking: Promise<unknown> = Promise.resolve()

  constructor(private readonly url: string) {}

  /** Open streams in this process (the bench and tests read it). */
  get size() {
    return this.count
  }

  /**
   * Throws the refusal one more stream of this user would meet: 503 when this server holds
   * CHAT_STREAMS_PER_SERVER, 429 when the user holds CHAT_STREAMS_PER_USER here. Asked before the
   * database is, and again (atomically) by subscribe.
   */
  assertRoom(userId: string) {
    const { CHAT_STREAMS_PER_SERVER, CHAT_STREAMS_PER_USER } = env()
    const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS) }
    if (this.count >= CHAT_STREAMS_PER_SERVER) throw new DomainError('unavailable', 'chat.errors.serverBusy', { headers })
    if ((this.byUser.get(userId)?.size ?? 0) >= CHAT_STREAMS_PER_USER) {
      throw new DomainError('rate_limited', 'chat.errors.tooManyStreams', { params: { max: CHAT_STREAMS_PER_USER }, headers })
    }
  }

  /** Adds a stream (or refuses it, as assertRoom); resolves once this process listens, so nothing committed after it is missed. */
  async subscribe(stream: ChatStream) {
    this.assertRoom(stream.user.id)
    add(this.byConversation, stream.conversationId, stream)
    add(this.byUser, stream.user.id, stream)
    add(this.byCredential, stream.credential, stream)
    this.count++
    if (this.timers.length === 0) {
      this.timers = [setInterval(() => this.tick(), KEEP_ALIVE_MS), setInterval(() => void this.recheckAll(), RECHECK_MS)]
      for (const timer of this.timers) timer.unref?.()
    }
    try {
      await this.listen()
    } catch (error) {
      this.unsubscribe(stream)
      throw error
    }
    return () => this.unsubscribe(stream)
  }

  private unsubscribe(stream: ChatStream) {
    if (!remove(this.byConversation, stream.conversationId, stream)) return
    remove(this.byUser, stream.user.id, stream)
    remove(this.byCredential, stream.credential, stream)
    this.count--
    if (this.count === 0) this.stopTimers()
  }

  private stopTimers() {
    for (const timer of this.timers) clearInterval(timer)
    this.timers = []
  }

  /** Every open stream asked again (the timer's safety net; after a lost connection). */
  recheckAll() {
    const streams: ChatStream[] = []
    for (const set of this.byConversation.values()) streams.push(...set)
    return this.recheck(streams)
  }

  private tick() {
    for (const set of this.byConversation.values()) for (const stream of set) stream.keepAlive()
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve()
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private async connect() {
    // Watched (app/utils/db-pool.server.ts): a database that does not answer fails the connect, and the listener tries again.
    const client = new WatchedClient({ connectionString: this.url, keepAlive: true })
    // A lost connection (the database restarted or stopped) is retried; streams stay open meanwhile.
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client))
    client.on('notification', (note) => {
      if (!note.payload) return
      if (note.channel === CHAT_CHANNEL) void this.deliver(note.payload)
      else if (note.channel === ACCESS_CHANNEL) this.access(note.payload)
    })
    await client.connect()
    await client.query(`LISTEN ${CHAT_CHANNEL}; LISTEN ${ACCESS_CHANNEL}`)
    this.client = client
    this.retryMs = RETRY_MS
    // Revocations committed while nobody listened were not heard: every stream is asked again.
    if (this.missed) {
      this.missed = false
      void this.recheckAll()
    }
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return
    this.client = null
    this.missed = true
    client.end().catch(() => {})
    if (error) console.warn(`[freightdesk] chat listener lost its connection (${error.message}); retrying`)
    this.retry()
  }

  private retry() {
    if (this.count === 0) return
    const timer = setTimeout(() => void this.listen().catch(() => this.retry()), this.retryMs)
    timer.unref?.()
    this.retryMs = Math.min(this.retryMs * 2, 30_000)
  }

  /** An access notice: a gone credential's streams end now; a user's or conversation's are re-checked. */
  private access(payload: string) {
    const kind = payload.slice(0, 2)
    const key = payload.slice(2)
    if (kind === 's:' || kind === 'k:') {
      for (const stream of [...(this.byCredential.get(payload) ?? [])]) stream.revoke()
      return
    }
    const streams = kind === 'u:' ? this.byUser.get(key) : kind === 'c:' ? this.byConversation.get(key) : undefined
    if (!streams?.size) return
    this.checking = Promise.all([this.checking, this.recheck([...streams])])
  }

  /**
   * Asks again, for each stream, whether its credential still works and its user (as they are
   * now) still reads its conversation; the others are revoked. Two or three queries, however
   * many streams. A database that does not answer leaves them for the next round.
   */
  private async recheck(streams: ChatStream[]) {
    if (streams.length === 0) return
    try {
      const sessionIds = new Set<string>()
      const keyIds = new Set<string>()
      for (const stream of streams) (stream.credential.startsWith('k:') ? keyIds : sessionIds).add(stream.credential.slice(2))
      const [sessions, keys] = await Promise.all([getSessionUsers([...sessionIds]), getApiKeyUsersById([...keyIds])])
      const now = (stream: ChatStream) => {
        const user = (stream.credential.startsWith('k:') ? keys : sessions).get(stream.credential.slice(2))
        return user?.id === stream.user.id ? user : undefined
      }
      const readers = streams.flatMap((stream) => {
        const user = now(stream)
        return user ? [{ user, conversationId: stream.conversationId }] : []
      })
      const readable = await readableConversations(readers)
      for (const stream of streams) if (!readable.has(`${stream.user.id}:${stream.conversationId}`) || !now(stream)) stream.revoke()
    } catch (error) {
      console.warn('[freightdesk] open chat streams could not be re-checked; trying again later', error)
    }
  }

  private async deliver(payload: string) {
    const [conversationId, messageId] = payload.split(':')
    if (!this.byConversation.get(conversationId)?.size || !messageId) return
    // Announced after an access notice, it is written only once that notice's re-check is done.
    const checked = this.checking
    try {
      const message = await readMessage(conversationId, messageId)
      await checked
      if (!message) return
      for (const stream of this.byConversation.get(conversationId) ?? []) stream.message(message)
    } catch (error) {
      console.warn('[freightdesk] a chat message could not be read for its streams', error)
    }
  }

  /** Ends every stream of this process (a stopping server drains: ADR 088). */
  endStreams() {
    for (const set of [...this.byConversation.values()]) for (const stream of [...set]) stream.end()
  }

  async close() {
    this.stopTimers()
    this.byConversation.clear()
    this.byUser.clear()
    this.byCredential.clear()
    this.count = 0
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }
}

/** This process's hub for the current database (the tests give each file its own database). */
export function chatHub(): ChatHub {
  const url = env().DATABASE_URL
  return remember(`chat-hub:${url}`, () => new ChatHub(url))
}

/** Ends this process's open event streams: server.ts calls it when it begins to stop. */
export function endEventStreams() {
  chatHub().endStreams()
}
