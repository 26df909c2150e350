/**
 * The specification's call table (section 7), replayed over HTTP as its client makes the calls:
 * a configured base URL, `Authorization: Bearer <accessToken>` from register, and `data.data` read
 * from every answer (axios' `data` is our body, whose `data` is the record or list). Creates return
 * the response body; updates send the record back as read (read-only fields included); the
 * custom-field query goes to `/api/customfield/` with its trailing slash. The invoice calls join
 * this table with invoices (ADR 031).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ServerProcess, startServer } from '../server-process'

let server: ServerProcess
let token: string

/** What the client's HTTP helper does: JSON in, `{ status, data }` out, where data is the body. */
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, data: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '100000', API_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' })
  const response = await fetch(`${server.base}/api/account/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `spec-${Date.now()}@example.test`, password: 'correct horse battery', firstName: 'Spec', lastName: 'Client' }),
  })
  expect(response.status).toBe(201)
  const registered = await response.json()
  // "reads accessToken, user"
  expect(registered.data.user).toMatchObject({ firstName: 'Spec', lastName: 'Client' })
  token = registered.data.accessToken
  expect(token).toEqual(expect.any(String))
})
afterAll(async () => {
  await server?.stop()
})

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase()

/** The five calls the specification makes for brokers, and "the same five" for the others. */
const RESOURCES: Array<{ path: string; body: () => Record<string, unknown>; change: Record<string, unknown> }> = [
  { path: '/api/brokers', body: () => ({ name: `Spec Freight ${suffix()}` }), change: { notes: 'Calls first' } },
  { path: '/api/company', body: () => ({ name: `Spec Carriers ${suffix()}` }), change: { city: 'Tulsa' } },
  { path: '/api/trailers', body: () => ({ unitNumber: `ST-${suffix()}`, type: 'reefer' }), change: { notes: 'Washout due' } },
  { path: '/api/trucks', body: () => ({ unitNumber: `SP-${suffix()}` }), change: { make: 'Volvo' } },
]

describe('the specification’s calls, as its client makes them', () => {
  for (const resource of RESOURCES) {
    it(`GET, GET {id}, POST, PUT and DELETE ${resource.path} (create, then list shows it)`, async () => {
      const created = await call('POST', resource.path, resource.body())
      expect(created.status).toBe(201)
      // "returns response body": the new record in data.data (the truck create keeps it as truckStatus).
      const record = created.data.data
      expect(record).toMatchObject({ id: expect.any(String), version: 1 })

      const list = await call('GET', resource.path)
      expect(list.status).toBe(200)
      expect(list.data.data.map((row: { id: string }) => row.id)).toContain(record.id)

      const read = await call('GET', `${resource.path}/${record.id}`)
      expect(read.data.data).toEqual(record)

      const updated = await call('PUT', `${resource.path}/${record.id}`, { ...read.data.data, ...resource.change })
      expect(updated.status).toBe(200)
      expect(updated.data.data).toMatchObject({ ...resource.change, version: 2 })

      const removed = await call('DELETE', `${resource.path}/${record.id}`)
      expect(removed.status).toBe(200)
      expect(removed.data.data).toEqual({ id: record.id, deleted: true })
      expect((await call('GET', `${resource.path}/${record.id}`)).status).toBe(404)
    })
  }

  it('custom fields: GET, GET /api/customfield/?by=list&listName=…, POST and DELETE; no update call', async () => {
    const created = await call('POST', '/api/customfield', { listName: 'trucks', key: `fuel_card_${suffix().toLowerCase()}`, label: 'Fuel card', type: 'text' })
    expect(created.status).toBe(201)
    const field = created.data.data
    await call('POST', '/api/customfield', { listName: 'brokers', key: 'portal', label: 'Portal', type: 'text' })

    expect((await call('GET', '/api/customfield')).data.data.map((row: { id: string }) => row.id)).toContain(field.id)
    const byList = await call('GET', '/api/customfield/?by=list&listName=trucks')
    expect(byList.status).toBe(200)
    expect(byList.data.data.map((row: { listName: string }) => row.listName)).toEqual(byList.data.data.map(() => 'trucks'))
    expect(byList.data.data.map((row: { id: string }) => row.id)).toContain(field.id)

    expect((await call('PUT', `/api/customfield/${field.id}`, field)).status).toBe(405)
    const removed = await call('DELETE', `/api/customfield/${field.id}`)
    expect(removed.data.data).toEqual({ id: field.id, deleted: true })
  })

  it('users: GET /api/users, POST /api/user, GET and PUT /api/user/{id}', async () => {
    const created = await call('POST', '/api/user', {
      email: `driver-${suffix().toLowerCase()}@example.test`,
      firstName: 'Dee',
      lastName: 'Driver',
      role: 'driver',
    })
    expect(created.status).toBe(201)
    const user = created.data.data
    expect(user).not.toHaveProperty('passwordHash')
    expect((await call('GET', '/api/users')).data.data.map((row: { id: string }) => row.id)).toContain(user.id)
    const read = await call('GET', `/api/user/${user.id}`)
    expect(read.data.data).toEqual(user)
    const updated = await call('PUT', `/api/user/${user.id}`, { ...read.data.data, phone: '+1 555 010 2000' })
    expect(updated.status).toBe(200)
    expect(updated.data.data).toMatchObject({ phone: '+1 555 010 2000', version: 2 })
  })

  it('loads: POST (the new load in data.data), GET, GET {id} with document names, PUT, DELETE address/{id}, DELETE', async () => {
    const broker = (await call('POST', '/api/brokers', { name: `Spec Loads ${suffix()}` })).data.data
    const stops = [
      { type: 'pickup', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00' },
      { type: 'delivery', city: 'Joplin', state: 'MO', windowStart: '2026-12-01T16:00' },
      { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
    ]
    const created = await call('POST', '/api/loads', { brokerId: broker.id, linehaulCents: 180_000, stops })
    expect(created.status).toBe(201)
    const load = created.data.data
    expect((await call('GET', '/api/loads')).data.data.map((row: { id: string }) => row.id)).toContain(load.id)

    // A rate confirmation uploaded as the client's user would; the client copies fileName into name.
    const form = new FormData()
    form.append('kind', 'rateConn')
    const pdf = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'
    form.append('file', new File([pdf], 'RC 4471.pdf', { type: 'application/pdf' }))
    const uploaded = await fetch(`${server.base}/api/loads/${load.id}/documents`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
    expect(uploaded.status).toBe(201)
    const read = await call('GET', `/api/loads/${load.id}`)
    expect(read.data.data.rateConn).toEqual([expect.objectContaining({ fileName: 'RC 4471.pdf', name: 'RC 4471.pdf' })])
    expect(read.data.data.bols).toEqual([])

    // The client's PUT sends the record back (its errors ignored by that client; here it succeeds).
    const updated = await call('PUT', `/api/loads/${load.id}`, { ...read.data.data, notes: 'Lumper paid by broker' })
    expect(updated.status).toBe(200)
    expect(updated.data.data).toMatchObject({ notes: 'Lumper paid by broker', version: read.data.data.version + 1 })

    const middle = updated.data.data.stops[1]
    const removedStop = await call('DELETE', `/api/loads/address/${middle.id}`)
    expect(removedStop.status).toBe(200)
    expect((await call('GET', `/api/loads/${load.id}`)).data.data.stops.map((stop: { city: string }) => stop.city)).toEqual(['Dallas', 'Tulsa'])

    const removed = await call('DELETE', `/api/loads/${load.id}`)
    expect(removed.data.data).toEqual({ id: load.id, deleted: true })
    expect((await call('GET', `/api/loads/${load.id}`)).status).toBe(404)
  })

  it('a failed call answers a body the client can store as its error', async () => {
    const failed = await call('POST', '/api/brokers', {})
    expect(failed.status).toBe(400)
    expect(failed.data.error).toMatchObject({ code: 'validation_failed', message: expect.any(String), fields: { name: expect.any(Array) } })
  })
})
