import { useEffect, useRef, useState } from 'react'

/**
 * The conversation's new messages as they arrive (the page's EventSource on
 * /dashboard/chat/{id}/events, `?after=` the newest message the page showed when it connected,
 * so nothing posted in between is lost; a reconnection sends `Last-Event-ID` by itself). Without
 * JavaScript there is no stream: the page is a plain list and a form.
 */
export function useChatEvents<Message extends { id: string }>(url: string, afterId: string | null, onMessage?: (message: Message) => void) {
  const [live, setLive] = useState<{ url: string; messages: Message[] }>({ url, messages: [] })
  const handler = useRef(onMessage)
  // Read when the stream opens only: a page revalidated after a post keeps its stream.
  const after = useRef(afterId)
  useEffect(() => {
    handler.current = onMessage
    after.current = afterId
  })
  useEffect(() => {
    const first = after.current
    const source = new EventSource(first ? `${url}?after=${encodeURIComponent(first)}` : url)
    const receive = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as Message
      setLive((state) => {
        const messages = state.url === url ? state.messages : []
        return { url, messages: messages.some((known) => known.id === message.id) ? messages : [...messages, message] }
      })
      handler.current?.(message)
    }
    source.addEventListener('message', receive)
    return () => {
      source.removeEventListener('message', receive)
      source.close()
    }
  }, [url])
  return live.url === url ? live.messages : []
}
