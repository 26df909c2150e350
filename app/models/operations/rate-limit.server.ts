/**
 * Sliding-window limits on anonymous requests that send email or create accounts (password reset,
 * verification, registration): per address and per client IP, so neither one mailbox nor one
 * client can be flooded. Counted in PostgreSQL so every server process shares the counts.
 */
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * Records `cost` hits (one by default) on every key, unless one of them would go past its limit
 * (then records none). Advisory locks per key, taken in a fixed order, make count-and-record atomic
 * under parallel requests without deadlocks.
 */
export async function consumeRateLimit(limits: Array<{ key: string; max: number; cost?: number }>, windowMs: number): Promise<RateLimitResult> {
  const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key))
  const since = new Date(Date.now() - windowMs)
  return prisma.$transaction(
    async (tx) => {
      for (const { key } of sorted) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`rate:${key}`}, 0))`
      let retryAfterMs = 0
      for (const { key, max, cost = 1 } of sorted) {
        const hits = await tx.rateLimitHit.findMany({
          where: { key, createdAt: { gte: since } },
          orderBy: { createdAt: 'desc' },
          take: max,
          select: { createdAt: true },
        })
        // Full: once the hit `max - cost` places from the newest is out of the window, `cost` more fit (never, past max).
        if (hits.length + cost > max) {
          const freeing = hits[max - cost]
          retryAfterMs = Math.max(retryAfterMs, freeing ? freeing.createdAt.getTime() + windowMs - Date.now() : windowMs)
        }
      }
      if (retryAfterMs > 0) return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      // Housekeeping: hits that no longer count go as new ones arrive.
      await tx.rateLimitHit.deleteMany({ where: { key: { in: sorted.map((limit) => limit.key) }, createdAt: { lt: since } } })
      await tx.rateLimitHit.createMany({ data: sorted.flatMap(({ key, cost = 1 }) => Array.from({ length: cost }, () => ({ key }))) })
      return { ok: true as const }
    },
    { maxWait: 20_000, timeout: 20_000 },
  )
}

/**
 * One request that emails an address or registers it: counts against that address and the
 * client's IP, whatever the kind (reset, verification, registration), as all of them fill the
 * same mailbox.
 */
export function consumeAuthEmailLimit(email: string, ip: string) {
  const { AUTH_RATE_LIMIT_PER_ADDRESS, AUTH_RATE_LIMIT_PER_IP, AUTH_RATE_LIMIT_WINDOW_MINUTES } = env()
  return consumeRateLimit(
    [
      { key: `auth-address:${email.trim().toLowerCase()}`, max: AUTH_RATE_LIMIT_PER_ADDRESS },
      { key: `auth-ip:${ip}`, max: AUTH_RATE_LIMIT_PER_IP },
    ],
    AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
  )
}
