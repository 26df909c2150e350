/**
 * SIGTERM drains the server (app/utils/drain.server.ts, ADR 088): no new connections, every
 * request in flight answered in full with `Connection: close`, chat event streams ended at once
 * (not waited for until the stop's time limit), then exit 0. The server used to close every
 * connection at once: 39 of 40 requests in flight were cut.
 */
import http from 'node:http'
import net from 'node:net'

import { afterAll, describe, expect, it } from 'vitest'

import { startConversation } from '~/models/chat/chat.server'
import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'

import { createOrg } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const started: ServerProcess[] = []
afterAll(async () => {
  for (const server of started) await server.stop()
})

/** The compiled server as `npm run serve` runs it; a long stop limit, so nothing passes by being cut at its end. */
async function start() {
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '60000', JOB_WORKER: 'off' }, { compiled: true })
  started.push(server)
  const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
  return { server, exit }
}

/** A connection the server has accepted and answered once (kept alive), with what it receives from now on. */
async function acceptedConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (received += chunk))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  // The whole answer (chunked: its last chunk) before the next request goes on the connection.
  await expect.poll(() => received, { timeout: 30_000 }).toMatch(/^HTTP\/1\.1 200 [^]*\{"status":"ok"\}\r\n0\r\n\r\n$/)
  received = ''
  return { socket, received: () => received, closed }
}

describe('SIGTERM', () => {
  it('answers every request in flight in full with Connection: close, takes no new connection, and exits 0', async () => {
    const { server, exit } = await start()
    const body = JSON.stringify({ unitNumber: 'DRAIN-1' })
    const connections = await Promise.all(Array.from({ length: 40 }, () => acceptedConnection(server.port)))
    // Forty requests under way: headers and half of each body sent, the rest after the signal.
    await Promise.all(
      connections.map(
        ({ socket }) =>
          new Promise((resolve) =>
            socket.write(
              `POST /api/trucks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
              resolve,
            ),
          ),
      ),
    )
    process.kill(server.child.pid!, 'SIGTERM')
    await expect.poll(() => server.output().includes('SIGTERM: shutting down'), { timeout: 30_000 }).toBe(true)
    // Our server no longer listens. A connection that opens anyway reached another test file's
    // server, handed the port the moment ours let go of it (free ports come from the OS): that one
    // answers without `Connection: close`, which ours sets on every answer while it drains.
    const refused = await new Promise<string>((resolve) => {
      const late = net.connect(server.port, '127.0.0.1')
      let answer = ''
      late.setEncoding('latin1')
      late.once('connect', () => late.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'))
      late.on('data', (chunk: string) => {
        answer += chunk
        if (!answer.includes('\r\n\r\n')) return
        late.destroy()
        resolve(/^connection: close/im.test(answer) ? 'answered while draining' : 'another server')
      })
      late.once('close', () => resolve(answer ? 'answered while draining' : 'closed unanswered'))
      late.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    expect(['ECONNREFUSED', 'another server']).toContain(refused)

    for (const { socket } of connections) socket.write(body.slice(10))
    await Promise.all(connections.map(({ closed }) => closed))
    for (const connection of connections) {
      const answer = connection.received()
      // No credential: the API's 401, whole (its JSON body), and the connection closed after it.
      expect(answer).toMatch(/^HTTP\/1\.1 401 /)
      expect(answer).toMatch(/\r\nConnection: close\r\n/i)
      expect(answer).toMatch(/"code":"unauthorized"/)
    }
    expect(await exit).toBe(0)
    expect(server.output()).not.toContain('were cut')
  }, 180_000)

  it('ends the chat event streams when it begins to stop, cleanly, instead of waiting for them', async () => {
    const org = await createOrg()
    const dispatcher = { id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher' as const }
    const conversationId = (await startConversation(dispatcher, { participantIds: [org.users.driver.id], title: 'Drain' })).conversation.id
    const token = await createAccessToken({ id: org.users.driver.id }, (await createSession(org.users.driver.id, 'api')).id)
    const { server, exit } = await start()
    let raw = ''
    const ended = new Promise<{ complete: boolean }>((resolve, reject) => {
      const request = http.get(`${server.base}/api/chat/${conversationId}/events`, { headers: { Authorization: `Bearer ${token}` } }, (response) => {
        expect(response.statusCode).toBe(200)
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (raw += chunk))
        response.on('end', () => resolve({ complete: response.complete }))
        response.on('error', reject)
      })
      request.on('error', reject)
    })
    await expect.poll(() => raw.includes(': connected'), { timeout: 30_000 }).toBe(true)
    process.kill(server.child.pid!, 'SIGTERM')
    // The whole stream, its last chunk included: ended by the server, not cut at the stop's limit (60 s).
    expect(await ended).toEqual({ complete: true })
    expect(await exit).toBe(0)
    expect(server.output()).not.toContain('were cut')
  }, 180_000)
})
