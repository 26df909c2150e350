/**
 * A busy database is waited for, within bounds; a bound reached is 503 `unavailable` with
 * Retry-After, never 500 (ADR 088). On a loaded machine parallel writes met Prisma's default 2 s
 * wait to start a transaction, and its 5 s transaction time answered 500.
 */
import { describe, expect, it } from 'vitest'

import { handleApi } from '~/requests/api.server'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { watchedPool } from '~/utils/db-pool.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

async function answerTo(error: unknown) {
  const request = new Request('http://localhost/api/trucks', { method: 'POST', headers: { [CLIENT_IP_HEADER]: '198.51.100.8' } })
  const answer = await handleApi(request, () => Promise.reject(error))
  return { status: answer.status, retryAfter: answer.headers.get('Retry-After'), body: (await answer.json()) as { error: { code: string } } }
}

describe('a busy database', () => {
  it('lets a transaction wait for a connection while every one is busy for longer than Prisma’s default 2 s', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let started = 0
    // Every connection of this process's pool (10), each in a transaction that waits.
    const holders = Array.from({ length: 10 }, () =>
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT 1`
        started++
        await held
      }),
    )
    await expect.poll(() => started, { timeout: 10_000 }).toBe(10)
    const waiting = prisma.$transaction((tx) => tx.$queryRaw<Array<{ n: number }>>`SELECT 1::int AS n`)
    // Past Prisma's default wait, the transaction still waits for its connection.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    release()
    await Promise.all(holders)
    expect(await waiting).toEqual([{ n: 1 }])
  })

  it('answers a transaction that ran past its time with 503 and Retry-After (it was rolled back), not 500', async () => {
    const expired = await prisma
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_sleep(0.5)`
          await tx.$executeRaw`SELECT 1`
        },
        { timeout: 100 },
      )
      .catch((error: unknown) => error)
    expect(expired).toMatchObject({ code: 'P2028' })
    expect(isDatabaseUnavailable(expired)).toBe(true)
    expect(await answerTo(expired)).toEqual({ status: 503, retryAfter: '30', body: { error: expect.objectContaining({ code: 'unavailable' }) } })
  })

  it('answers a read that got no connection within the pool’s wait with 503 and Retry-After, not 500', async () => {
    const pool = watchedPool(process.env.DATABASE_URL!, { max: 1, connectionTimeoutMillis: 100 })
    const busy = await pool.connect()
    try {
      const refused = await pool.query('SELECT 1').catch((error: unknown) => error)
      expect(isDatabaseUnavailable(refused)).toBe(true)
      expect((await answerTo(refused)).status).toBe(503)
    } finally {
      busy.release()
      await pool.end()
    }
  })
})
