/**
 * A TCP proxy in front of this test file's PostgreSQL that a test can freeze: connections are
 * still accepted (as the kernel accepts them for a PostgreSQL stopped with SIGSTOP) and what is
 * sent either way is held, not lost, until the proxy thaws; then it flows on, as after SIGCONT.
 */
import net from 'node:net'

import { freePort } from './server-process'

export type FreezableProxy = {
  /** DATABASE_URL through the proxy. */
  url: string
  frozen: () => boolean
  freeze: () => void
  thaw: () => void
  close: () => Promise<void>
}

export async function freezableProxy(databaseUrl: string): Promise<FreezableProxy> {
  const target = new URL(databaseUrl)
  let frozen = false
  const held: Array<() => void> = []
  const sockets = new Set<net.Socket>()
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk))
      else to.write(chunk)
    })
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname)
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        sockets.delete(socket)
        other.destroy()
      })
      forward(socket, other)
    }
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.port = String(port)
  return {
    url: url.toString(),
    frozen: () => frozen,
    freeze: () => void (frozen = true),
    thaw: () => {
      frozen = false
      for (const send of held.splice(0)) send()
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
