/**
 * A database that does not answer at all (PostgreSQL stopped with SIGSTOP: TCP connects, nothing
 * comes back) is found out and answered as 503 `unavailable` with Retry-After while it is still
 * frozen, never waited for until it thaws (app/utils/db-pool.server.ts, ADR 088). A transaction cut
 * that way writes nothing, even once its connection's bytes flow again.
 */
import { afterAll, describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'
import { commitSessionCookie } from '~/requests/session.server'
import { prisma } from '~/utils/db.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

import { type FreezableProxy, freezableProxy } from '../db-proxy'
import { createOrg, unique } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

// Read by the pools' watch at each check: quick, so the test does not wait for the defaults (2 s and 5 s).
const WATCH = { DB_PROBE_AFTER_MS: '500', DB_PROBE_TIMEOUT_MS: '1500' }
Object.assign(process.env, WATCH)

const proxies: FreezableProxy[] = []
let server: ServerProcess | undefined
afterAll(async () => {
  for (const proxy of proxies) proxy.thaw()
  await server?.stop()
  for (const proxy of proxies) await proxy.close()
})

async function proxy() {
  const made = await freezableProxy(process.env.DATABASE_URL!)
  proxies.push(made)
  return made
}

/** Runs `work` with this process's models on the database through `through` (the same database). */
async function via<T>(through: FreezableProxy, work: () => Promise<T>) {
  const direct = process.env.DATABASE_URL
  process.env.DATABASE_URL = through.url
  try {
    return await work()
  } finally {
    process.env.DATABASE_URL = direct
  }
}

describe('a frozen database, in the models', () => {
  it('fails a transaction waiting on it as unavailable before it thaws, and nothing of that transaction is ever written', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const frozen = await proxy()
    const unitNumber = unique('FROZEN')
    await via(frozen, async () => {
      // Warm: the pool holds connections that were fine when the freeze came.
      expect(await prisma.truck.count({ where: { organizationId } })).toBe(0)
      const failed = await prisma
        .$transaction(async (tx) => {
          await tx.truck.create({ data: { organizationId, unitNumber } })
          frozen.freeze()
          await tx.$executeRaw`SELECT 1`
        })
        .catch((error: unknown) => error)
      expect(frozen.frozen()).toBe(true)
      expect(isDatabaseUnavailable(failed)).toBe(true)
      // While it is down, a query fails at once (the session lookup of every page is one).
      const refused = await prisma.truck.count().catch((error: unknown) => error)
      expect(frozen.frozen()).toBe(true)
      expect(isDatabaseUnavailable(refused)).toBe(true)

      frozen.thaw()
      await expect.poll(() => prisma.truck.count({ where: { organizationId } }).then(String, () => 'down'), { timeout: 10_000 }).toBe('0')
      // Writes through every connection of the pool: none may carry the cut transaction with it.
      await Promise.all(
        Array.from({ length: 12 }, () => prisma.$transaction((tx) => tx.truck.create({ data: { organizationId, unitNumber: unique('AFTER') } }))),
      )
    })
    expect(await prisma.truck.count({ where: { organizationId } })).toBe(12)
    expect(await prisma.truck.count({ where: { unitNumber } })).toBe(0)
  })
})

describe('a frozen database, behind the server', () => {
  it('answers pages, API calls and /health with 503 and Retry-After while it is frozen, and serves again once it thaws', async () => {
    const org = await createOrg()
    const frozen = await proxy()
    server = await startServer({ DATABASE_URL: frozen.url, JOB_WORKER: 'off', ...WATCH })
    const cookie = (await commitSessionCookie((await createSession(org.users.admin.id, 'web')).id)).split(';')[0]
    const token = await createAccessToken({ id: org.users.admin.id }, (await createSession(org.users.admin.id, 'api')).id)
    const ask = () =>
      Promise.all([
        fetch(`${server!.base}/dashboard/app`, { headers: { Cookie: cookie } }),
        fetch(`${server!.base}/api/trucks`, { headers: { Authorization: `Bearer ${token}` } }),
        fetch(`${server!.base}/health`),
      ])
    expect((await ask()).map((response) => response.status)).toEqual([200, 200, 200])

    frozen.freeze()
    const answers = await ask()
    expect(frozen.frozen()).toBe(true)
    expect(answers.map((response) => response.status)).toEqual([503, 503, 503])
    for (const answer of answers) expect(answer.headers.get('Retry-After')).toBe('30')
    const [, api, health] = answers
    expect(await api.json()).toMatchObject({ error: { code: 'unavailable' } })
    expect(await health.json()).toEqual({ status: 'unavailable' })
    expect(server.output()).toContain('[freightdesk] the database did not answer within 1500 ms')

    frozen.thaw()
    await expect.poll(async () => (await ask()).map((response) => response.status), { timeout: 15_000 }).toEqual([200, 200, 200])
    expect(server.output()).toContain('[freightdesk] the database answers again')
  }, 120_000)
})
