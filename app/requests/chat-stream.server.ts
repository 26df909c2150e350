/**
 * The chat event stream (`text/event-stream`), shared by `GET /api/chat/{id}/events` (a bearer
 * credential) and the page's `/dashboard/chat/{id}/events` (the session cookie, which EventSource
 * sends): the permission is checked at the open; then an `event: message` with the message as
 * JSON for each new one, whichever app server received it (ADR 056), and a keep-alive comment
 * every KEEP_ALIVE_MS. A reconnecting EventSource sends `Last-Event-ID` (the page's first
 * connection `?after=`, its newest message): what it missed is sent first.
 *
 * The stream lives only as long as the access it was opened with (ADR 084): when its session or
 * API key ends, its user is banned or loses the conversation (a driver taken off the load), it
 * gets `event: revoked` and closes, on whichever server it is open. Streams are capped per person
 * (429) and per server (503), both with Retry-After; the page route counts against the API's rate
 * limits too.
 *
 * `Cache-Control: no-transform` keeps the compression middleware (server.ts) from buffering the
 * stream; `X-Accel-Buffering: no` asks nginx-like proxies the same.
 */
import type { TFunction } from 'i18next'
import { data } from 'react-router'

import { assertConversationReader, type ChatMessageDto, type ChatUser, messagesAfter } from '~/models/chat/chat.server'
import { chatHub, type ChatStream } from '~/models/chat/chat-events.server'
import type { SessionUser } from '~/models/users/auth.server'
import { consumeApiLimits } from '~/utils/api-limits.server'
import { isDomainError } from '~/utils/errors.server'

import { getClientIp } from './session.server'

/** Who opens a stream: a user with the session (web or login token) or the API key it came with. */
export type StreamOwner = ChatUser & { sessionId: string; apiKey?: { id: string } }

/** One message's event, encoded once however many streams of this server send it. */
const encodedEvents = new WeakMap<ChatMessageDto, Uint8Array>()
const encoder = new TextEncoder()
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n')
/** The last event of a stream whose access ended: the page stops listening and asks the server again. */
const REVOKED = encoder.encode('event: revoked\ndata: {}\n\n')

function encodedEvent(message: ChatMessageDto) {
  let bytes = encodedEvents.get(message)
  if (!bytes) encodedEvents.set(message, (bytes = encoder.encode(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`)))
  return bytes
}

export async function chatEventStream(request: Request, owner: StreamOwner, conversationId: string): Promise<Response> {
  const hub = chatHub()
  // A full server or a person past their streams is refused before the database is asked.
  hub.assertRoom(owner.id)
  const id = await assertConversationReader(owner, conversationId)
  const after = request.headers.get('Last-Event-ID') || new URL(request.url).searchParams.get('after')
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null
  let unsubscribe: (() => void) | null = null
  let closed = false
  let revoked = false
  // Live messages wait here until the missed ones are sent, then each id is sent once.
  let pending: ChatMessageDto[] | null = []
  let sent: Set<string> | null = new Set()
  const write = (chunk: string | Uint8Array) => {
    if (closed || !controller) return
    try {
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
    } catch {
      close()
    }
  }
  const emit = (message: ChatMessageDto) => {
    if (sent?.has(message.id)) return
    sent?.add(message.id)
    write(encodedEvent(message))
  }
  const stream: ChatStream = {
    conversationId: id,
    user: { id: owner.id, organizationId: owner.organizationId, role: owner.role },
    credential: owner.apiKey ? `k:${owner.apiKey.id}` : `s:${owner.sessionId}`,
    message: (message) => (pending ? pending.push(message) : emit(message)),
    keepAlive: () => write(KEEP_ALIVE),
    revoke: () => {
      revoked = true
      write(REVOKED)
      close()
    },
    end: () => close(),
  }
  function close() {
    if (closed) return
    closed = true
    unsubscribe?.()
    try {
      controller?.close()
    } catch {
      // Already closed by the other side.
    }
  }
  unsubscribe = await hub.subscribe(stream)
  // Revoked while this server started listening: it leaves the hub now, and its body says so.
  if (closed) unsubscribe()
  request.signal.addEventListener('abort', close, { once: true })
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
      if (closed) {
        if (revoked) controller.enqueue(REVOKED)
        return controller.close()
      }
      // Listening already: a client that has read this line misses nothing posted after it.
      write(': connected\nretry: 3000\n\n')
    },
    cancel: close,
  })
  if (after) {
    try {
      for (const message of await messagesAfter(id, after)) emit(message)
    } catch (error) {
      close()
      throw error
    }
  }
  for (const message of pending) emit(message)
  pending = null
  sent = null
  if (request.signal.aborted) close()
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}

/**
 * The page's stream (the signed-in user's session): counted against the API's rate limits, per
 * client address and per session, as a bearer request is. EventSource reads only the status of a
 * refusal, so it is a short text with Retry-After (429, 503); anyone not in the conversation gets
 * the 404 page's status.
 */
export async function pageChatEventStream(request: Request, user: SessionUser, conversationId: string, t: TFunction) {
  try {
    await consumeApiLimits({}, getClientIp(request), `session:${user.sessionId}`)
    return await chatEventStream(request, user, conversationId)
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found') throw data(null, { status: 404 })
    if (error.code !== 'rate_limited' && error.code !== 'unavailable') throw error
    throw new Response(t(error.messageKey, error.options.params ?? {}), {
      status: error.status,
      headers: { ...error.options.headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
}
