/**
 * A database that cannot be reached is a temporary outage (503 `unavailable` with Retry-After),
 * never a reason to tell a client its valid token is bad (401): clients discard tokens on 401.
 */
import net from 'node:net'

import { afterAll, describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { handleApi } from '~/requests/api.server'
import { commitSessionCookie } from '~/requests/session.server'
import * as myAccount from '~/routes/api/account/my-account'
import * as trucks from '~/routes/api/trucks/collection'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

import { callApi, createOrg, withUnreachableDatabase } from '../helpers'
import { freePort, type ServerProcess, startServer } from '../server-process'

describe('API during a database outage', () => {
  it('answers a valid token with 503 unavailable and Retry-After, not 401', async () => {
    const org = await createOrg()
    const answers = await withUnreachableDatabase(() =>
      Promise.all([
        callApi(myAccount, { path: '/api/account/my-account', token: org.users.admin.token }),
        callApi(trucks, { path: '/api/trucks', token: org.users.dispatcher.token }),
      ]),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } })
      expect(answer.headers.get('Retry-After')).toBe('30')
    }
    // The same token works again once the database is back.
    expect((await callApi(myAccount, { path: '/api/account/my-account', token: org.users.admin.token })).status).toBe(200)
  })

  it('still answers 401 to a token that is bad on its own', async () => {
    const answer = await withUnreachableDatabase(() => callApi(myAccount, { path: '/api/account/my-account', token: 'not-a-token' }))
    expect(answer.status).toBe(401)
    expect(answer.body.error.code).toBe('unauthorized')
  })
})

describe('an exhausted connection pool', () => {
  it('answers a write that cannot start its transaction in time with 503 and Retry-After, not 500', async () => {
    // Every connection of this process's pool (10) held by a transaction that waits.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let started = 0
    const holders = Array.from({ length: 10 }, () =>
      prisma.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT 1`
          started++
          await held
        },
        { timeout: 20_000, maxWait: 10_000 },
      ),
    )
    await expect.poll(() => started, { timeout: 10_000 }).toBe(10)
    // What a write met under 1,000 concurrent requests: no connection within the transaction's wait.
    const refused = await prisma.$transaction(async () => {}, { maxWait: 200 }).catch((error: unknown) => error)
    release()
    await Promise.all(holders)
    expect(refused).toMatchObject({ code: 'P2028' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    const request = new Request('http://localhost/api/trucks', { method: 'POST', headers: { [CLIENT_IP_HEADER]: '198.51.100.7' } })
    const answer = await handleApi(request, () => Promise.reject(refused))
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ error: { code: 'unavailable' } })
    expect(answer.headers.get('Retry-After')).toBe('30')
  })
})

describe('pages during a database outage', () => {
  let server: ServerProcess
  const sockets = new Set<net.Socket>()
  let proxy: net.Server
  afterAll(async () => {
    await server?.stop()
    proxy?.close()
  })

  it('answer 503 with Retry-After and the translated "try again in a moment" page, and recover', async () => {
    // The server reaches this file's database through a proxy the test can cut.
    const target = new URL(process.env.DATABASE_URL!)
    let open = true
    proxy = net.createServer((client) => {
      if (!open) return void client.destroy()
      const upstream = net.connect(Number(target.port), target.hostname)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
    })
    const port = await freePort()
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve))
    const url = new URL(target)
    url.port = String(port)
    server = await startServer({ DATABASE_URL: url.toString(), JOB_WORKER: 'off' })
    const org = await createOrg()
    const cookie = (await commitSessionCookie((await createSession(org.users.admin.id, 'web')).id)).split(';')[0]
    expect((await fetch(`${server.base}/dashboard/app`, { headers: { Cookie: cookie } })).status).toBe(200)

    open = false
    for (const socket of sockets) socket.destroy()
    const page = await fetch(`${server.base}/dashboard/app`, { headers: { Cookie: cookie, 'Accept-Language': 'fr' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('Retry-After')).toBe('30')
    const html = await page.text()
    expect(html).toContain('Momentanément indisponible')
    expect(html).toContain('Réessayez dans un instant.')
    const data = await fetch(`${server.base}/dashboard/app.data`, { headers: { Cookie: cookie } })
    expect(data.status).toBe(503)
    expect(server.output()).toContain('[freightdesk] database unavailable: ')

    open = true
    await expect.poll(async () => (await fetch(`${server.base}/dashboard/app`, { headers: { Cookie: cookie } })).status, { timeout: 15_000 }).toBe(200)
  }, 120_000)
})
