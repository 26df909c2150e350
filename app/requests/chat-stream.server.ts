/**
 * The chat event stream (`text/event-stream`), shared by `GET /api/chat/{id}/events` (a bearer
 * credential) and the page's `/dashboard/chat/{id}/events` (the session cookie, which EventSource
 * sends): the permission is checked once, at the open; then an `event: message` with the message
 * as JSON for each new one, whichever app server received it (ADR 056), and a keep-alive comment
 * every KEEP_ALIVE_MS. A reconnecting EventSource sends `Last-Event-ID` (the page's first
 * connection `?after=`, its newest message): what it missed is sent first.
 *
 * `Cache-Control: no-transform` keeps the compression middleware (server.ts) from buffering the
 * stream; `X-Accel-Buffering: no` asks nginx-like proxies the same.
 */
import { assertConversationReader, type ChatMessageDto, type ChatUser, messagesAfter } from '~/models/chat.server'
import { chatHub } from '~/models/chat-events.server'

/** One message's event, encoded once however many streams of this server send it. */
const encodedEvents = new WeakMap<ChatMessageDto, Uint8Array>()
const encoder = new TextEncoder()
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n')

function encodedEvent(message: ChatMessageDto) {
  let bytes = encodedEvents.get(message)
  if (!bytes) encodedEvents.set(message, (bytes = encoder.encode(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`)))
  return bytes
}

export async function chatEventStream(request: Request, user: ChatUser, conversationId: string): Promise<Response> {
  const id = await assertConversationReader(user, conversationId)
  const after = request.headers.get('Last-Event-ID') || new URL(request.url).searchParams.get('after')
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null
  let closed = false
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
  const unsubscribe = await chatHub().subscribe(id, {
    message: (message) => (pending ? pending.push(message) : emit(message)),
    keepAlive: () => write(KEEP_ALIVE),
    end: () => close(),
  })
  function close() {
    if (closed) return
    closed = true
    unsubscribe()
    try {
      controller?.close()
    } catch {
      // Already closed by the other side.
    }
  }
  request.signal.addEventListener('abort', close, { once: true })
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
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
