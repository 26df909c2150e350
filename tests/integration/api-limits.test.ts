/**
 * Rate limits (app/utils/api-limits.server.ts) and Idempotency-Key (app/utils/idempotency.server.ts)
 * on the JSON API, against this file's database.
 */
import { afterEach, describe, expect, it } from 'vitest'

import * as loadImport from '~/routes/api/imports'
import * as trucks from '~/routes/api/trucks/collection'
import * as truckItem from '~/routes/api/trucks/item'
import { loadImportTemplate } from '~/schemas/load-import-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi, createOrg, unique } from '../helpers'

const saved = { ...process.env }
afterEach(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = saved.API_RATE_LIMIT_PER_MINUTE
  process.env.API_RATE_LIMIT_PER_IP_PER_MINUTE = saved.API_RATE_LIMIT_PER_IP_PER_MINUTE
})

function list(token: string, ip: string) {
  return callApi(trucks, { path: '/api/trucks', token, headers: { 'x-freightdesk-client-ip': ip } })
}

describe('rate limits', () => {
  it('counts each credential per minute, tells the client where it stands, and answers 429 past the limit', async () => {
    process.env.API_RATE_LIMIT_PER_MINUTE = '3'
    const org = await createOrg()
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`
    const remaining: string[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await list(org.users.admin.token, ip)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('RateLimit-Limit')).toBe('3')
      remaining.push(answer.headers.get('RateLimit-Remaining') ?? '')
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const refused = await list(org.users.admin.token, ip)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many requests\. Try again in \d+ s\.$/) })
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0')
    // Another credential from the same address has its own window.
    expect((await list(org.users.viewer.token, ip)).status).toBe(200)
    // The count lives in PostgreSQL, where every app server sees it.
    const rows = await prisma.$queryRaw<
      Array<{ points: number }>
    >`SELECT points FROM api_rate_limit WHERE key = ${`credential:session:${org.users.admin.sessionId}`}`
    expect(rows[0].points).toBeGreaterThanOrEqual(4)
  })

  it('counts every request from one address, whatever its credential, and refuses writes before they run', async () => {
    process.env.API_RATE_LIMIT_PER_IP_PER_MINUTE = '2'
    const org = await createOrg()
    const ip = `198.18.0.${Math.floor(Math.random() * 200) + 1}`
    expect((await list(org.users.admin.token, ip)).status).toBe(200)
    expect((await list(org.users.viewer.token, ip)).status).toBe(200)
    const post = await callApi(trucks, {
      method: 'POST',
      path: '/api/trucks',
      token: org.users.admin.token,
      body: { unitNumber: 'RL-1' },
      headers: { 'x-freightdesk-client-ip': ip },
    })
    expect(post.status).toBe(429)
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    // Without a credential too: the address is counted before the token is looked at.
    expect((await callApi(trucks, { path: '/api/trucks', headers: { 'x-freightdesk-client-ip': ip } })).status).toBe(429)
    expect((await list(org.users.admin.token, `${ip}9`)).status).toBe(200)
  })
})

describe('Idempotency-Key on POST', () => {
  function create(token: string, key: string, body: unknown) {
    return callApi(trucks, { method: 'POST', path: '/api/trucks', token, body, headers: { 'Idempotency-Key': key } })
  }

  it('replays the first answer to a retry and creates nothing twice', async () => {
    const org = await createOrg()
    const key = unique('retry')
    const body = { unitNumber: unique('I').slice(0, 20) }
    const first = await create(org.users.admin.token, key, body)
    expect(first.status).toBe(201)
    const again = await create(org.users.admin.token, key, body)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('lets only one of two simultaneous requests with the same key run', async () => {
    const org = await createOrg()
    const key = unique('race')
    const body = { unitNumber: unique('R').slice(0, 20) }
    const answers = await Promise.all([1, 2, 3].map(() => create(org.users.admin.token, key, body)))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1)
    for (const answer of answers) if (answer.status !== 201) expect(answer.body.error.code).toBe('conflict')
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('refuses the same key with another body (422) and keeps keys apart per credential', async () => {
    const org = await createOrg()
    const key = unique('reuse')
    expect((await create(org.users.admin.token, key, { unitNumber: 'K-1' })).status).toBe(201)
    const other = await create(org.users.admin.token, key, { unitNumber: 'K-2' })
    expect(other.status).toBe(422)
    expect(other.body.error).toEqual({ code: 'idempotency_mismatch', message: 'This Idempotency-Key was already used for a different request.' })
    // Another client's identical key is its own.
    expect((await create(org.users.dispatcher.token, key, { unitNumber: 'K-3' })).status).toBe(201)
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(2)
  })

  it('does not keep refusals, so a corrected retry runs; refuses malformed keys; forgets after 24 hours', async () => {
    const org = await createOrg()
    const key = unique('fix')
    const refused = await create(org.users.admin.token, key, { unitNumber: '' })
    expect(refused.status).toBe(400)
    // Same key, same (bad) body: runs again and is refused again, not replayed from a store.
    expect((await create(org.users.admin.token, key, { unitNumber: '' })).headers.get('Idempotent-Replayed')).toBeNull()
    expect((await create(org.users.admin.token, key, { unitNumber: 'FIX-1' })).status).toBe(201)

    const malformed = await create(org.users.admin.token, 'x'.repeat(256), { unitNumber: 'FIX-2' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters.')

    const old = unique('old')
    expect((await create(org.users.admin.token, old, { unitNumber: 'OLD-1' })).status).toBe(201)
    await prisma.idempotencyKey.updateMany({ where: { key: old }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } })
    expect((await create(org.users.admin.token, old, { unitNumber: 'OLD-2' })).status).toBe(201)
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(3)
  })

  it('authenticates before replaying: a revoked token with its old key gets 401, not the stored answer', async () => {
    const org = await createOrg()
    const key = unique('revoked')
    const body = { unitNumber: unique('V').slice(0, 20) }
    expect((await create(org.users.admin.token, key, body)).status).toBe(201)
    await prisma.session.delete({ where: { id: org.users.admin.sessionId } })
    const replay = await create(org.users.admin.token, key, body)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } })
    expect(replay.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('keeps the query string in the request: the real import after a dry run with the same key is not the dry run replayed', async () => {
    const org = await createOrg()
    await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Prairie Line Logistics' } })
    const key = unique('dry-run')
    const post = async (query: string) => {
      const request = new Request(`http://localhost/api/loads/import${query}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${org.users.dispatcher.token}`,
          'Content-Type': 'text/csv',
          'Idempotency-Key': key,
          [CLIENT_IP_HEADER]: '198.51.100.4',
        },
        body: loadImportTemplate(),
      })
      const response = await loadImport.action({ request, params: {}, context: {} } as never)
      return { status: response.status, replayed: response.headers.get('Idempotent-Replayed'), body: await response.json() }
    }
    expect(await post('?dryRun=true')).toMatchObject({ status: 200, replayed: null })
    const real = await post('')
    expect(real).toMatchObject({ status: 422, replayed: null, body: { error: { code: 'idempotency_mismatch' } } })
    expect(await post('?dryRun=true')).toMatchObject({ status: 200, replayed: 'true' })
  })

  it('applies to POST only: a PUT with a key runs as usual', async () => {
    const org = await createOrg()
    const created = await create(org.users.admin.token, unique('put'), { unitNumber: 'PUT-1' })
    const { id, version } = created.body.data
    const put = await callApi(truckItem, {
      method: 'PUT',
      path: `/api/trucks/${id}`,
      params: { id },
      token: org.users.admin.token,
      body: { unitNumber: 'PUT-2', version },
      headers: { 'Idempotency-Key': unique('put') },
    })
    expect(put.status).toBe(200)
    expect(await prisma.idempotencyKey.count({ where: { method: 'PUT' } })).toBe(0)
  })
})
