/**
 * Stopping the HTTP server without cutting a request (ADR 088). On SIGTERM server.ts drains:
 * - no new connections (the listening socket closes: a proxy sends the next request elsewhere);
 * - every request in flight finishes, within the stop's time limit;
 * - answers from now on say `Connection: close`, so a kept-alive client or proxy opens its next
 *   connection elsewhere instead of meeting a closed one; a connection idle at the start is closed
 *   once the bytes already on their way have been read (a request that arrived is answered);
 * - long-lived answers that never finish by themselves (chat event streams) are ended by the
 *   caller at the start; the browser's EventSource reconnects, to another server or this one
 *   once it is back.
 * Loaded by server.ts next to Express; imports no app code.
 */
import type { Server, ServerResponse } from 'node:http'
import net from 'node:net'

/** After the drain begins, idle connections get this long for a request already on its way to be read. */
const IDLE_GRACE_MS = 250
/** How often connections whose answer has ended meanwhile are closed. */
const SWEEP_MS = 100

export function drainable(server: Server) {
  const inFlight = new Set<ServerResponse>()
  let draining = false
  let connections = 0
  server.on('connection', (socket) => {
    connections++
    socket.once('close', () => connections--)
  })
  // Before the app's own listener, which may answer at once (the edge's refusals).
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close')
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
  })

  /**
   * Drains the server: resolves with the number of requests cut when `timeoutMs` passed first
   * (0 when every request finished), once no connection is left.
   */
  async function drain(timeoutMs: number): Promise<number> {
    draining = true
    // Answers not begun yet close their connection after them; those already sending, once done.
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader('Connection', 'close')
      else res.once('finish', () => res.socket?.destroySoon())
    }
    const closed = new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: that one also closes every idle connection at once,
      // and a request a client (or a proxy, on its kept-alive connection) has just sent is lost.
      net.Server.prototype.close.call(server, () => resolve())
    })
    // A timer runs before the event loop reads the sockets: the sweep runs after that read
    // (setImmediate), so a request whose bytes have arrived is parsed first and counts as active.
    const sweep = () => setImmediate(() => server.closeIdleConnections())
    let sweeper: NodeJS.Timeout | undefined
    const started = setTimeout(() => {
      sweep()
      sweeper = setInterval(sweep, SWEEP_MS)
    }, IDLE_GRACE_MS)
    let timer: NodeJS.Timeout | undefined
    const outcome = await Promise.race([
      closed.then(() => 'closed' as const),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
    ])
    clearTimeout(started)
    clearInterval(sweeper)
    clearTimeout(timer)
    if (outcome === 'closed') return 0
    const cut = inFlight.size
    server.closeAllConnections()
    return cut
  }

  return { drain, inFlight: () => inFlight.size, connections: () => connections }
}
