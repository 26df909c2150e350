import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

/** The first wait before connecting again after a stream failed or was refused; it doubles up to RECONNECT_MAX_MS. */
export const RECONNECT_FIRST_MS = 3_000
export const RECONNECT_MAX_MS = 2 * 60_000

/**
 * The wait before the `attempt`-th reconnection in a row (1, 2, …): doubling from
 * RECONNECT_FIRST_MS up to RECONNECT_MAX_MS, each between half and all of that (`random` in
 * [0, 1)), so the tabs a restarted or full server dropped do not come back at one instant.
 */
export function reconnectDelay(attempt: number, random: number) {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling * (0.5 + random / 2))
}

/**
 * The conversation's new messages as they arrive (the page's EventSource on
 * /dashboard/chat/{id}/events, `?after=` the newest message the page showed, or the last one the
 * stream brought, so nothing posted in between is lost). Without JavaScript there is no stream:
 * the page is a plain list and a form, and a reload shows what is new.
 *
 * The server refuses a stream with 429 (this person has too many open) or 503 (the server is
 * full), and EventSource reads neither the status nor Retry-After: any failure closes it, and the
 * hook connects again after reconnectDelay, longer each time until a stream opens (ADR 084).
 * `event: revoked` (signed out, banned, no longer in the conversation) ends it for good, and the
 * page's data is asked for again, so the page shows what the server now says (sign-in, not found).
 */
export function useChatEvents<Message extends { id: string }>(url: string, afterId: string | null, onMessage?: (message: Message) => void) {
  const [live, setLive] = useState<{ url: string; messages: Message[] }>({ url, messages: [] })
  const handler = useRef(onMessage)
  // Read when the stream opens only: a page revalidated after a post keeps its stream.
  const after = useRef(afterId)
  const { revalidate } = useRevalidator()
  const revalidator = useRef(revalidate)
  useEffect(() => {
    handler.current = onMessage
    after.current = afterId
    revalidator.current = revalidate
  })
  useEffect(() => {
    let last = after.current
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let stopped = false
    const receive = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as Message
      last = message.id
      setLive((state) => {
        const messages = state.url === url ? state.messages : []
        return { url, messages: messages.some((known) => known.id === message.id) ? messages : [...messages, message] }
      })
      handler.current?.(message)
    }
    const stop = () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
      source = null
    }
    const connect = () => {
      source = new EventSource(last ? `${url}?after=${encodeURIComponent(last)}` : url)
      source.addEventListener('message', receive)
      source.addEventListener('open', () => {
        failures = 0
      })
      source.addEventListener('revoked', () => {
        stop()
        void revalidator.current()
      })
      // Dropped, refused or unreachable: this hook decides when to try again, not the browser.
      source.addEventListener('error', () => {
        source?.close()
        source = null
        if (stopped) return
        failures++
        timer = setTimeout(connect, reconnectDelay(failures, Math.random()))
      })
    }
    connect()
    return stop
  }, [url])
  return live.url === url ? live.messages : []
}
