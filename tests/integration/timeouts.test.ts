/**
 * Time limits: a client that sends its request too slowly gets 408 and loses the connection
 * (server.ts), and a statement that runs too long is cancelled and answered as 503 (db.server.ts).
 */
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { handleApi } from '~/requests/api.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

import { type ServerProcess, startServer } from '../server-process'

// Read when this file's database client is created (the first query below).
process.env.DB_STATEMENT_TIMEOUT_MS = '300'
const { prisma } = await import('~/utils/db.server')

let server: ServerProcess
beforeAll(async () => {
  server = await startServer({ REQUEST_TIMEOUT_SECONDS: '1' })
})
afterAll(async () => {
  await server?.stop()
})

describe('request timeout', () => {
  it('answers 408 and closes the connection when the body does not arrive in time', async () => {
    const socket = net.connect(server.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.on('data', (chunk) => (received += chunk))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    // Promises 100 bytes and sends 10: the server waits, then gives up.
    socket.write('POST /api/trucks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"unitNum')
    await closed
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('still serves requests that arrive in time', async () => {
    const response = await fetch(`${server.base}/api/openapi.json`)
    expect(response.status).toBe(200)
  })
})

describe('statement timeout', () => {
  it('cancels a query that runs too long; the API answers 503 with Retry-After, not 500', async () => {
    const error = await prisma.$queryRaw`SELECT pg_sleep(2)`.catch((caught: unknown) => caught)
    expect(isDatabaseUnavailable(error)).toBe(true)
    const warn = console.warn
    console.warn = () => {}
    try {
      const response = await handleApi(new Request('http://localhost/api/x'), async () => {
        await prisma.$queryRaw`SELECT pg_sleep(2)`
        return new Response('never')
      })
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('30')
      expect((await response.json()).error.code).toBe('unavailable')
    } finally {
      console.warn = warn
    }
  })
})
