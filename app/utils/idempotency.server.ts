/**
 * `Idempotency-Key` on API POSTs: a client that retries a create after a timeout or a dropped
 * connection gets the first answer again instead of a second record. The first request claims the
 * key (a unique row per credential and key, so two racing requests cannot both run); its 2xx answer
 * is stored for 24 hours and replayed with `Idempotent-Replayed: true`. The same key with another
 * method, path or body is 422 `idempotency_mismatch`; while the first is still running, 409. An
 * answer that is not a 2xx wrote nothing (every refusal answers before writing), so it is not kept
 * and a retry runs again. Requests without a credential are not tracked. The caller is
 * authenticated (`authenticate`) before any stored answer is looked up: a revoked credential
 * replays nothing. Its principal is the credential's sha256, which handleApi's call object has already
 * computed (one hash of the credential per request). The method, path and query string are all part of the request compared
 * (`?dryRun=true` and the real import are two requests).
 */
import { randomUUID } from 'node:crypto'

import { sha256 } from './crypto.server'
import { prisma } from './db.server'
import { DomainError } from './errors.server'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY = /^[\x21-\x7e]{1,255}$/

export function wantsIdempotency(request: Request) {
  return request.method === 'POST' && request.headers.has('Idempotency-Key')
}

export async function idempotent(
  request: Request,
  principal: string | null,
  run: () => Promise<Response>,
  authenticate: () => Promise<unknown>,
): Promise<Response> {
  const key = (request.headers.get('Idempotency-Key') ?? '').trim()
  if (!KEY.test(key)) throw new DomainError('validation_failed', 'api.idempotencyKeyInvalid')
  if (!principal) return run()
  await authenticate()
  const url = new URL(request.url)
  const path = `${url.pathname}${url.search}`
  // The edge has already received the whole body (at most 1 MB), so reading a copy is cheap.
  const requestHash = sha256(`${request.method} ${path}\n${await request.clone().text()}`)

  const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS)
  await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: expired } } })
  const claimed = await prisma.$executeRaw`
    INSERT INTO "IdempotencyKey" ("id", "principal", "key", "method", "path", "requestHash")
    VALUES (${randomUUID()}, ${principal}, ${key}, ${request.method}, ${path}, ${requestHash})
    ON CONFLICT ("principal", "key") DO NOTHING`
  const where = { principal_key: { principal, key } }
  if (claimed === 0) {
    const first = await prisma.idempotencyKey.findUnique({ where })
    if (first && first.requestHash !== requestHash) throw new DomainError('idempotency_mismatch', 'api.idempotencyMismatch')
    if (!first || first.status === null) throw new DomainError('conflict', 'api.idempotencyInProgress', { headers: { 'Retry-After': '1' } })
    const headers = new Headers({ 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' })
    if (first.location) headers.set('Location', first.location)
    return new Response(first.body, { status: first.status, headers })
  }

  let response: Response
  try {
    response = await run()
  } catch (error) {
    await prisma.idempotencyKey.deleteMany({ where: { principal, key, status: null } })
    throw error
  }
  if (response.status < 200 || response.status >= 300) {
    await prisma.idempotencyKey.deleteMany({ where: { principal, key, status: null } })
    return response
  }
  const body = await response.text()
  try {
    await prisma.idempotencyKey.update({
      where,
      data: { status: response.status, body, location: response.headers.get('Location'), completedAt: new Date() },
    })
  } catch (error) {
    // The record exists; a retry now gets 409 "in progress" until the key expires, never a second record.
    console.error('[freightdesk] could not store an idempotent answer', error)
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}
