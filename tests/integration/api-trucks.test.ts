import { describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/trucks/collection'
import * as item from '~/routes/api/trucks/item'
import { prisma } from '~/utils/db.server'

import { callApi, createOrg, unique, vin } from '../helpers'

async function post(token: string, body: unknown) {
  return callApi(collection, { method: 'POST', path: '/api/trucks', token, body })
}

describe('/api/trucks authentication and roles', () => {
  it('answers 401 JSON without a token, with a bad token, and with a revoked session', async () => {
    const org = await createOrg()
    for (const token of [undefined, 'not-a-jwt', `${org.users.admin.token}x`]) {
      const response = await callApi(collection, { path: '/api/trucks', token })
      expect(response.status).toBe(401)
      expect(response.body).toEqual({ error: { code: 'unauthorized', message: 'Missing or invalid access token.' } })
    }
    await prisma.session.delete({ where: { id: org.users.admin.sessionId } })
    expect((await callApi(collection, { path: '/api/trucks', token: org.users.admin.token })).status).toBe(401)
  })

  it('lets each role do only what it may (403 otherwise, nothing written)', async () => {
    const org = await createOrg()
    for (const role of ['accountant', 'driver'] as const) {
      expect((await callApi(collection, { path: '/api/trucks', token: org.users[role].token })).status).toBe(403)
    }
    expect((await callApi(collection, { path: '/api/trucks', token: org.users.viewer.token })).status).toBe(200)
    for (const role of ['viewer', 'accountant', 'driver'] as const) {
      const response = await post(org.users[role].token, { unitNumber: unique('T') })
      expect(response.status).toBe(403)
      expect(response.body.error.code).toBe('forbidden')
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect((await post(org.users.dispatcher.token, { unitNumber: unique('T') })).status).toBe(201)
  })
})

describe('/api/trucks contract', () => {
  it('creates (201 with the body and its status), reads, lists with meta', async () => {
    const org = await createOrg()
    const created = await post(org.users.admin.token, { unitNumber: 'API-1', vin: vin(7), status: 'maintenance', year: 2021, companyId: org.company.id })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ unitNumber: 'API-1', status: 'maintenance', year: 2021, version: 1, company: { id: org.company.id } })

    const read = await callApi(item, { path: `/api/trucks/${created.body.data.id}`, params: { id: created.body.data.id }, token: org.users.viewer.token })
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual(created.body.data)

    await post(org.users.admin.token, { unitNumber: 'API-2' })
    const list = await callApi(collection, { path: '/api/trucks?sort=unitNumber&dir=desc&pageSize=10', token: org.users.admin.token })
    expect(list.body.meta).toEqual({ total: 2, page: 1, pageSize: 10 })
    expect(list.body.data.map((truck: { unitNumber: string }) => truck.unitNumber)).toEqual(['API-2', 'API-1'])
  })

  it('accepts a GET-modify-PUT round trip, ignoring read-only fields', async () => {
    const org = await createOrg()
    const created = await post(org.users.admin.token, { unitNumber: 'RT-1', make: 'Volvo', registrationExpiry: '2027-01-31' })
    const { data: truck } = (
      await callApi(item, { path: `/api/trucks/${created.body.data.id}`, params: { id: created.body.data.id }, token: org.users.admin.token })
    ).body
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/trucks/${truck.id}`,
      params: { id: truck.id },
      token: org.users.admin.token,
      body: { ...truck, make: 'Mack', id: 'forged', organizationId: 'forged', createdAt: '2000-01-01T00:00:00Z' },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({
      id: truck.id,
      organizationId: org.organization.id,
      make: 'Mack',
      registrationExpiry: '2027-01-31',
      version: 2,
      createdAt: truck.createdAt,
    })
  })

  it('answers a stale version with 409 and keeps the other edit', async () => {
    const org = await createOrg()
    const { data: truck } = (await post(org.users.admin.token, { unitNumber: 'C-1', make: 'Volvo' })).body
    const first = await callApi(item, {
      method: 'PUT',
      path: `/api/trucks/${truck.id}`,
      params: { id: truck.id },
      token: org.users.admin.token,
      body: { ...truck, make: 'Mack' },
    })
    expect(first.status).toBe(200)
    const second = await callApi(item, {
      method: 'PUT',
      path: `/api/trucks/${truck.id}`,
      params: { id: truck.id },
      token: org.users.dispatcher.token,
      body: { ...truck, make: 'Kenworth' },
    })
    expect(second.status).toBe(409)
    expect(second.body.error.code).toBe('conflict')
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).make).toBe('Mack')
  })

  it('answers bad input with 400 validation_failed and per-field messages, writing nothing', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await post(org.users.admin.token, { unitNumber: 'DUP-1' })
    const cases: Array<[unknown, string]> = [
      [{ unitNumber: '' }, 'unitNumber'],
      [{ unitNumber: 'V-1', vin: '1FUJGLDR6CLBP8834' }, 'vin'],
      [{ unitNumber: 'dup-1' }, 'unitNumber'],
      [{ unitNumber: 'C-1', companyId: other.company.id }, 'companyId'],
      [{ unitNumber: 'S-1', status: 'flying' }, 'status'],
      [{ unitNumber: 'Y-1', year: 'nineteen' }, 'year'],
      [{ unitNumber: 'D-1', inspectionDue: '2026-02-30' }, 'inspectionDue'],
      [{ unitNumber: 'D-2', registrationExpiry: '0000-01-01' }, 'registrationExpiry'],
    ]
    for (const [body, field] of cases) {
      const response = await post(org.users.admin.token, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.code).toBe('validation_failed')
      expect(Object.keys(response.body.error.fields)).toContain(field)
      expect(response.body.error.fields[field][0]).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/) // translated, not a key
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('answers malformed JSON with 400 and unsupported methods with 405', async () => {
    const org = await createOrg()
    const broken = await callApi(collection, { method: 'POST', path: '/api/trucks', token: org.users.admin.token, rawBody: '{"unitNumber":' })
    expect(broken.status).toBe(400)
    expect(broken.body.error.code).toBe('validation_failed')
    const array = await callApi(collection, { method: 'POST', path: '/api/trucks', token: org.users.admin.token, rawBody: '[]' })
    expect(array.status).toBe(400)
    expect((await callApi(collection, { method: 'PATCH', path: '/api/trucks', token: org.users.admin.token, body: {} })).status).toBe(405)
  })

  it("hides another organization's trucks behind 404 for read, update and delete", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const { data: truck } = (await post(org.users.admin.token, { unitNumber: 'MINE-1', make: 'Volvo' })).body
    const token = other.users.admin.token
    const read = await callApi(item, { path: `/api/trucks/${truck.id}`, params: { id: truck.id }, token })
    expect(read.status).toBe(404)
    expect(JSON.stringify(read.body)).not.toContain('MINE-1')
    expect(
      (await callApi(item, { method: 'PUT', path: `/api/trucks/${truck.id}`, params: { id: truck.id }, token, body: { ...truck, make: 'X' } })).status,
    ).toBe(404)
    expect((await callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}`, params: { id: truck.id }, token })).status).toBe(404)
    const list = await callApi(collection, { path: '/api/trucks', token })
    expect(list.body.meta.total).toBe(0)
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).make).toBe('Volvo')
  })

  it('deletes, with an optional version check', async () => {
    const org = await createOrg()
    const { data: truck } = (await post(org.users.admin.token, { unitNumber: 'DEL-1' })).body
    const stale = await callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}?version=9`, params: { id: truck.id }, token: org.users.admin.token })
    expect(stale.status).toBe(409)
    const bad = await callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}?version=abc`, params: { id: truck.id }, token: org.users.admin.token })
    expect(bad.status).toBe(400)
    const done = await callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}?version=1`, params: { id: truck.id }, token: org.users.admin.token })
    expect(done).toMatchObject({ status: 200, body: { data: { id: truck.id, deleted: true } } })
    expect((await callApi(item, { path: `/api/trucks/${truck.id}`, params: { id: truck.id }, token: org.users.admin.token })).status).toBe(404)
  })

  it('translates error messages from Accept-Language', async () => {
    const response = await callApi(collection, { path: '/api/trucks', headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } })
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('unauthorized')
    expect(response.body.error.message).toBe('Jeton d’accès manquant ou invalide.')
  })
})

describe('request bodies are JSON', () => {
  const post = (token: string, contentType: string | null, body: string) => {
    const headers = new Headers({ Authorization: `Bearer ${token}` })
    if (contentType !== null) headers.set('Content-Type', contentType)
    const request = new Request('http://localhost/api/trucks', { method: 'POST', headers, body })
    return collection.action({ request, params: {}, context: {} } as never)
  }

  it('refuses another Content-Type (or none) with 415 unsupported_media_type, creating nothing', async () => {
    const org = await createOrg()
    const body = JSON.stringify({ unitNumber: unique('CT') })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const response = await post(org.users.admin.token, type, body)
      expect(response.status, String(type)).toBe(415)
      expect(await response.json()).toEqual({
        error: { code: 'unsupported_media_type', message: 'Send the body as JSON, with Content-Type: application/json.' },
      })
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('accepts application/json with a charset, and +json types', async () => {
    const org = await createOrg()
    for (const type of ['application/json; charset=utf-8', 'application/vnd.freightdesk+json']) {
      const response = await post(org.users.admin.token, type, JSON.stringify({ unitNumber: unique('CT') }))
      expect(response.status, type).toBe(201)
    }
  })
})
