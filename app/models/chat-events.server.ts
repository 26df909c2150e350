/**
 * Live chat across app servers (ADR 056). Each app process holds ONE PostgreSQL connection that
 * LISTENs on the chat channel (opened with the first event stream, kept while the process runs);
 * a notification names a conversation and a message, the process reads that message once and
 * hands it to every stream of this process open on that conversation. Messages are announced by
 * NOTIFY inside their insert's transaction (app/models/chat.server.ts), so every server, whichever
 * one received the post, hears each committed message once.
 */
import { remember } from '@epic-web/remember'
import pg from 'pg'

import { WatchedClient } from '~/utils/db-pool.server'
import { env } from '~/utils/env.server'

import { CHAT_CHANNEL, type ChatMessageDto, readMessage } from './chat.server'

/**
 * What a stream gets: a message, a keep-alive tick (a comment line, so proxies keep the
 * connection), or the end (the server is stopping: the client reconnects).
 */
export type ChatListener = { message: (message: ChatMessageDto) => void; keepAlive: () => void; end: () => void }

/** Between keep-alive comments: under the usual 60 s idle timeouts of proxies and load balancers. */
export const KEEP_ALIVE_MS = 25_000
/** After a lost connection, the next try (doubling up to 30 s). */
const RETRY_MS = 500

class ChatHub {
  private readonly streams = new Map<string, Set<ChatListener>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private retryMs = RETRY_MS
  private keepAlive: ReturnType<typeof setInterval> | null = null

  constructor(private readonly url: string) {}

  /** Open streams in this process (the bench and tests read it). */
  get size() {
    let count = 0
    for (const set of this.streams.values()) count += set.size
    return count
  }

  /** Adds a stream; resolves once this process listens, so nothing committed after it is missed. */
  async subscribe(conversationId: string, listener: ChatListener) {
    let set = this.streams.get(conversationId)
    if (!set) this.streams.set(conversationId, (set = new Set()))
    set.add(listener)
    this.keepAlive ??= setInterval(() => this.tick(), KEEP_ALIVE_MS)
    this.keepAlive.unref?.()
    await this.listen()
    return () => this.unsubscribe(conversationId, listener)
  }

  private unsubscribe(conversationId: string, listener: ChatListener) {
    const set = this.streams.get(conversationId)
    if (!set) return
    set.delete(listener)
    if (set.size === 0) this.streams.delete(conversationId)
    if (this.streams.size === 0 && this.keepAlive) {
      clearInterval(this.keepAlive)
      this.keepAlive = null
    }
  }

  private tick() {
    for (const set of this.streams.values()) for (const listener of set) listener.keepAlive()
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
      if (note.channel === CHAT_CHANNEL && note.payload) void this.deliver(note.payload)
    })
    await client.connect()
    await client.query(`LISTEN ${CHAT_CHANNEL}`)
    this.client = client
    this.retryMs = RETRY_MS
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return
    this.client = null
    client.end().catch(() => {})
    if (error) console.warn(`[freightdesk] chat listener lost its connection (${error.message}); retrying`)
    this.retry()
  }

  private retry() {
    if (this.streams.size === 0) return
    const timer = setTimeout(() => void this.listen().catch(() => this.retry()), this.retryMs)
    timer.unref?.()
    this.retryMs = Math.min(this.retryMs * 2, 30_000)
  }

  private async deliver(payload: string) {
    const [conversationId, messageId] = payload.split(':')
    const set = this.streams.get(conversationId)
    if (!set?.size || !messageId) return
    try {
      const message = await readMessage(conversationId, messageId)
      if (!message) return
      for (const listener of set) listener.message(message)
    } catch (error) {
      console.warn('[freightdesk] a chat message could not be read for its streams', error)
    }
  }

  /** Ends every stream of this process (a stopping server drains: ADR 088). */
  endStreams() {
    for (const set of [...this.streams.values()]) for (const listener of [...set]) listener.end()
  }

  async close() {
    if (this.keepAlive) clearInterval(this.keepAlive)
    this.keepAlive = null
    this.streams.clear()
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
