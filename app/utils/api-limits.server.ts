/**
 * Rate limits for the JSON API: a fixed one-minute window per client IP (every request) and per
 * credential (login token or API key), counted by rate-limiter-flexible in PostgreSQL so the limit
 * holds across several app servers. Over either limit: 429 `rate_limited` with Retry-After. Every
 * API answer carries the RateLimit-* headers of the tighter of the two windows.
 */
import { remember } from '@epic-web/remember'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

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
    const created = new pg.Pool({ connectionString: url, max: 4, options: '-c synchronous_commit=off' })
    created.on('error', () => {})
    return created
  })
}

function limiter(kind: 'ip' | 'credential', points: number) {
  const url = env().DATABASE_URL
  return remember(`rate-limiter:${kind}:${points}:${url}`, () => {
    return new RateLimiterPostgres({
      storeClient: pool(url),
      storeType: 'pool',
      tableName: 'api_rate_limit',
      // The table comes with the migrations (prisma/schema.prisma, ApiRateLimit).
      tableCreated: true,
      keyPrefix: kind,
      points,
      duration: WINDOW_SECONDS,
      // While PostgreSQL is unreachable, count in this process's memory instead of failing open.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: kind, points, duration: WINDOW_SECONDS }),
    })
  })
}

type Window = { limit: number; remaining: number; resetSeconds: number }

/** The tightest window a request has been counted in, for its RateLimit-* headers. */
const windows = new WeakMap<Request, Window>()

function record(request: Request, limit: number, result: RateLimiterRes) {
  const window = { limit, remaining: result.remainingPoints, resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) }
  const current = windows.get(request)
  if (!current || window.remaining < current.remaining) windows.set(request, window)
}

async function consume(request: Request, kind: 'ip' | 'credential', key: string, points: number) {
  try {
    record(request, points, await limiter(kind, points).consume(key))
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    record(request, points, error)
    const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000))
    throw new DomainError('rate_limited', 'api.rateLimited', { params: { seconds: retryAfter }, headers: { 'Retry-After': String(retryAfter) } })
  }
}

/** Counts one request from this client address; over the limit it throws a 429. */
export function consumeIpLimit(request: Request, ip: string) {
  return consume(request, 'ip', ip, env().API_RATE_LIMIT_PER_IP_PER_MINUTE)
}

/** Counts one request made with this credential (a hash or id naming it, never the secret itself). */
export function consumeCredentialLimit(request: Request, credentialId: string) {
  return consume(request, 'credential', credentialId, env().API_RATE_LIMIT_PER_MINUTE)
}

/** The RateLimit-* headers (IETF draft, the form most clients read) for this request's answer. */
export function rateLimitHeaders(request: Request): Record<string, string> {
  const window = windows.get(request)
  if (!window) return {}
  return {
    'RateLimit-Limit': String(window.limit),
    'RateLimit-Remaining': String(window.remaining),
    'RateLimit-Reset': String(window.resetSeconds),
  }
}
