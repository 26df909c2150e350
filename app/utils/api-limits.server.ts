/**
 * Rate limits for the JSON API: a fixed one-minute window per client IP (every request) and per
 * credential (login token or API key), counted in PostgreSQL so the limit holds across several app
 * servers: both counters of a request in one statement. Over either limit: 429 `rate_limited` with Retry-After. Every
 * API answer carries the RateLimit-* headers of the tighter of the two windows.
 */
import { remember } from '@epic-web/remember'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

import { watchedPool } from './db-pool.server'
import { env } from './env.server'
import { DomainError } from './errors.server'

const WINDOW_SECONDS = 60

/**
 * A small pool of its own: the counters must not wait behind the app's queries for a connection.
 * Its commits do not wait for the disk (`synchronous_commit=off`): each API request writes two
 * counters, and a crash losing the last fraction of a second of counts is harmless, while an fsync
 * per request doubled an API read's time in PostgreSQL (measured by the bench).
 */
function pool(url: string) {
  return remember(`rate-limit-pool:${url}`, () => {
    // Watched (app/utils/db-pool.server.ts): a database that does not answer fails the count at once, and it is counted in memory.
    return watchedPool(url, { max: 4, options: '-c synchronous_commit=off' })
  })
}

type Kind = 'ip' | 'credential'

/** While PostgreSQL is unreachable, each kind counts in this process's memory instead of failing open. */
function insurance(kind: Kind, points: number) {
  return remember(`rate-limiter-insurance:${kind}:${points}`, () => new RateLimiterMemory({ keyPrefix: kind, points, duration: WINDOW_SECONDS }))
}

/**
 * Counts one point on each key in ONE statement (an API request's address and credential: a
 * statement fewer per request than one per counter). A fixed window: the first point opens it for
 * WINDOW_SECONDS, a point after it ends opens the next. Keys are locked in order, so two requests
 * counting the same pair never deadlock. The table keeps rate-limiter-flexible's shape (ADR 024, ADR 074).
 */
export const COUNT_SQL = `INSERT INTO api_rate_limit AS l (key, points, expire)
  SELECT key, 1, $2::bigint FROM unnest($1::text[]) AS key ORDER BY key
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN l.expire > $3::bigint THEN l.points + 1 ELSE 1 END,
    expire = CASE WHEN l.expire > $3::bigint THEN l.expire ELSE EXCLUDED.expire END
  RETURNING key, points, expire`

type Counter = { kind: Kind; key: string; points: number }
type Count = { consumed: number; msBeforeNext: number }

/** Windows ended an hour ago are deleted now and then (each server, at most every five minutes). */
let lastSweep = 0
function sweep(store: pg.Pool, now: number) {
  if (now - lastSweep < 5 * 60_000) return
  lastSweep = now
  store.query('DELETE FROM api_rate_limit WHERE expire < $1', [now - 3600_000]).catch(() => {})
}

async function count(databaseUrl: string, counters: Counter[]): Promise<Count[]> {
  const now = Date.now()
  const keys = counters.map((counter) => `${counter.kind}:${counter.key}`)
  try {
    const store = pool(databaseUrl)
    const { rows } = await store.query<{ key: string; points: number; expire: string }>(COUNT_SQL, [keys, now + WINDOW_SECONDS * 1000, now])
    sweep(store, now)
    const byKey = new Map(rows.map((row) => [row.key, row]))
    return keys.map((key) => {
      const row = byKey.get(key)!
      return { consumed: row.points, msBeforeNext: Math.max(0, Number(row.expire) - now) }
    })
  } catch {
    return Promise.all(
      counters.map(async ({ kind, key, points }) => {
        const result = await insurance(kind, points)
          .consume(key)
          .catch((refused: unknown) => {
            if (refused instanceof RateLimiterRes) return refused
            throw refused
          })
        return { consumed: result.consumedPoints, msBeforeNext: result.msBeforeNext }
      }),
    )
  }
}

export type RateWindow = { limit: number; remaining: number; resetSeconds: number }

/** What was counted: the tightest window it was counted in, for its RateLimit-* headers (the API's call object). */
export type Counted = { window?: RateWindow }

async function consume(counted: Counted, databaseUrl: string, counters: Counter[]) {
  const counts = await count(databaseUrl, counters)
  let refusal: number | undefined
  counters.forEach(({ points }, i) => {
    const { consumed, msBeforeNext } = counts[i]
    const resetSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
    const window = { limit: points, remaining: Math.max(0, points - consumed), resetSeconds }
    if (!counted.window || window.remaining < counted.window.remaining) counted.window = window
    if (consumed > points) refusal = Math.max(refusal ?? 0, resetSeconds)
  })
  if (refusal !== undefined) {
    throw new DomainError('rate_limited', 'api.rateLimited', { params: { seconds: refusal }, headers: { 'Retry-After': String(refusal) } })
  }
}

/**
 * Counts one request from this client address and, when the request names a well-formed
 * credential (a hash or id naming it, never the secret itself), one for the credential; over
 * either limit it throws a 429. The tightest window is kept on `counted` (the request's call
 * object) for its headers, refused or not.
 */
export function consumeApiLimits(counted: Counted, ip: string, credentialId?: string) {
  const { API_RATE_LIMIT_PER_IP_PER_MINUTE, API_RATE_LIMIT_PER_MINUTE, DATABASE_URL } = env()
  const counters: Counter[] = [{ kind: 'ip', key: ip, points: API_RATE_LIMIT_PER_IP_PER_MINUTE }]
  if (credentialId) counters.push({ kind: 'credential', key: credentialId, points: API_RATE_LIMIT_PER_MINUTE })
  return consume(counted, DATABASE_URL, counters)
}

/** The RateLimit-* headers (IETF draft, the form most clients read) for a counted window. */
export function rateLimitHeaders(window: RateWindow | undefined): Record<string, string> {
  if (!window) return {}
  return {
    'RateLimit-Limit': String(window.limit),
    'RateLimit-Remaining': String(window.remaining),
    'RateLimit-Reset': String(window.resetSeconds),
  }
}
