/**
 * One API request, one credential read (ADR 112): handleApi makes one ApiCall that reads the
 * `Authorization` header once and hashes the credential once; the rate limit, the key or token
 * check and the idempotency record all use that one hash.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createApiKey } from '~/models/users/api-key.server'
import * as trucks from '~/routes/api/trucks/collection'
import * as truck from '~/routes/api/trucks/item'
import { sha256 } from '~/utils/crypto.server'

import { actorOf, callApi, createOrg, unique, vin } from '../helpers'

vi.mock('~/utils/crypto.server', async (original) => {
  const actual = await original<typeof import('~/utils/crypto.server')>()
  return { ...actual, sha256: vi.fn(actual.sha256) }
})

const hashed = vi.mocked(sha256)

/** How often this credential was hashed during `run`. */
async function hashesOf(credential: string, run: () => Promise<unknown>) {
  hashed.mockClear()
  await run()
  return hashed.mock.calls.filter(([value]) => value === credential).length
}

let n = 0

describe('an API request reads its credential once', () => {
  afterEach(() => hashed.mockClear())

  it('hashes an API key once per request: rate limit, key lookup and idempotency share the hash', async () => {
    const org = await createOrg()
    const { secret } = await createApiKey({ ...actorOf(org), userId: org.users.admin.id }, { name: unique('key'), scope: 'read_write' })

    let listed: Awaited<ReturnType<typeof callApi>> | undefined
    expect(
      await hashesOf(secret, async () => {
        listed = await callApi(trucks, { path: '/api/trucks', token: secret })
      }),
    ).toBe(1)
    expect(listed?.status).toBe(200)
    expect(listed?.headers.get('RateLimit-Remaining')).toMatch(/^\d+$/)

    let created: Awaited<ReturnType<typeof callApi>> | undefined
    const body = { unitNumber: unique('T').slice(0, 20), vin: vin(++n + 910_000) }
    expect(
      await hashesOf(secret, async () => {
        created = await callApi(trucks, { method: 'POST', path: '/api/trucks', token: secret, body, headers: { 'Idempotency-Key': unique('k') } })
      }),
    ).toBe(1)
    expect(created?.status).toBe(201)
    // The request's own hash (for the replay check) is the only other one.
    expect(hashed).toHaveBeenCalledTimes(2)

    const id = (created?.body as { data: { id: string } }).data.id
    expect(await hashesOf(secret, () => callApi(truck, { path: `/api/trucks/${id}`, params: { id }, token: secret }))).toBe(1)
  })

  it('hashes a login token once per request, and an unknown key once before its 401', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    expect(await hashesOf(token, () => callApi(trucks, { path: '/api/trucks', token }))).toBe(1)
    expect(hashed).toHaveBeenCalledTimes(1)

    const forged = 'fdk_' + 'x'.repeat(43)
    let refused: Awaited<ReturnType<typeof callApi>> | undefined
    expect(
      await hashesOf(forged, async () => {
        refused = await callApi(trucks, { path: '/api/trucks', token: forged })
      }),
    ).toBe(1)
    expect(refused?.status).toBe(401)
  })
})
