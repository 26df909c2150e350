import { describe, expect, it } from 'vitest'

import { countLoadsByStatus } from '~/models/loads/load-list.server'
import * as collection from '~/routes/api/loads/collection'
import * as item from '~/routes/api/loads/item'
import * as reopenRoute from '~/routes/api/loads/reopen'
import * as status from '~/routes/api/loads/status'
import * as stop from '~/routes/api/loads/stop'
import * as stopEvents from '~/routes/api/loads/stop-events'
import { LoadListQuerySchema } from '~/schemas/load'
import { LOAD_COUNT_CAP, LOAD_SEARCH_COUNT_CAP } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'

import { seedLoads } from '../../prisma/seed-loads'
import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>
const brokers = new Map<string, string>()

/** One broker per organization, made on first use. */
async function brokerOf(org: Org) {
  let id = brokers.get(org.organization.id)
  if (!id) {
    id = (await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })).id
    brokers.set(org.organization.id, id)
  }
  return id
}

const stops = [
  { type: 'pickup', facilityName: 'Acme DC', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00', windowEnd: '2026-12-01T10:00' },
  { type: 'delivery', facilityName: 'Big Box', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

describeResourceContract({
  path: '/api/loads',
  entity: 'load',
  collection,
  item,
  validBody: async (org) => ({ brokerId: await brokerOf(org), linehaulCents: 150_000, loadedMiles: 260, stops }),
  change: { field: 'notes', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: { stops }, field: 'brokerId' },
    { body: { brokerId: 'c'.repeat(25), stops }, field: 'brokerId' },
    { body: { brokerId: 'x', stops: [stops[0]] }, field: 'stops' },
    { body: { brokerId: 'x', stops: [{ ...stops[0], city: '' }, stops[1]] }, field: 'stops.0.city' },
    { body: { brokerId: 'x', stops: [{ ...stops[0], windowEnd: '2026-11-30T10:00' }, stops[1]] }, field: 'stops.0.windowEnd' },
    { body: { brokerId: 'x', stops: [{ ...stops[0], windowStart: '2026-02-30T10:00' }, stops[1]] }, field: 'stops.0.windowStart' },
    { body: { brokerId: 'x', stops: [stops[0], { ...stops[1], windowStart: '2026-11-01T10:00' }] }, field: 'stops.1.windowStart' },
    { body: { brokerId: 'x', stops, linehaulCents: -5 }, field: 'linehaulCents' },
    { body: { brokerId: 'x', stops, linehaulCents: 900_000_000, charges: [{ type: 'detention', amountCents: 200_000_000 }] }, field: 'linehaulCents' },
    { body: { brokerId: 'x', stops, charges: [{ type: 'bribe', amountCents: 1 }] }, field: 'charges.0.type' },
    { body: { brokerId: 'x', stops, equipmentType: 'boat' }, field: 'equipmentType' },
    { body: { brokerId: 'x', stops, notes: 'a\u0000b' }, field: 'notes' },
    { body: { brokerId: 'x', stops, customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
  ],
  count: (organizationId) => prisma.load.count({ where: { organizationId } }),
})

describe('/api/loads beyond the five calls', () => {
  it('numbers loads from the sequence, derives totals, and lists rows with their first pickup and last delivery', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const body = {
      brokerId: await brokerOf(org),
      linehaulCents: 150_000,
      loadedMiles: 250,
      emptyMiles: 50,
      charges: [{ type: 'fuel_surcharge', amountCents: 30_000 }],
      stops,
    }
    const first = await callApi(collection, { method: 'POST', path: '/api/loads', token, body })
    const second = await callApi(collection, { method: 'POST', path: '/api/loads', token, body })
    expect([first.body.data.loadNumber, second.body.data.loadNumber]).toEqual(['L-000001', 'L-000002'])
    expect(first.body.data).toMatchObject({ status: 'booked', totalCents: 180_000, ratePerMileCents: 600, bols: [], rateConn: [], pod: [] })
    // Wall-clock times are the organization's (America/Chicago: UTC−6 in December).
    expect(first.body.data.stops[0].windowStart).toBe('2026-12-01T14:00:00.000Z')
    const list = await callApi(collection, { path: '/api/loads?sort=loadNumber&dir=asc', token })
    expect(list.body.meta.total).toBe(2)
    expect(list.body.data[0]).toMatchObject({ loadNumber: 'L-000001', pickup: { city: 'Dallas', at: '2026-12-01T14:00:00.000Z' }, delivery: { city: 'Tulsa' } })
    expect(list.body.data[0]).not.toHaveProperty('stops')
  })

  it('moves status through POST /api/loads/{id}/status and refuses illegal moves with 409 invalid_transition', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const created = await callApi(collection, { method: 'POST', path: '/api/loads', token, body: { brokerId: await brokerOf(org), stops } })
    const { id, version } = created.body.data
    const illegal = await callApi(status, { method: 'POST', path: `/api/loads/${id}/status`, params: { id }, token, body: { status: 'delivered', version } })
    expect(illegal.status).toBe(409)
    expect(illegal.body.error).toEqual({ code: 'invalid_transition', message: 'A load that is Booked cannot become Delivered.' })
    const canceled = await callApi(status, { method: 'POST', path: `/api/loads/${id}/status`, params: { id }, token, body: { status: 'canceled', version } })
    expect(canceled.body.data).toMatchObject({ status: 'canceled', version: version + 1 })
    const stale = await callApi(status, { method: 'POST', path: `/api/loads/${id}/status`, params: { id }, token, body: { status: 'booked', version } })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('conflict')
    const viewer = await callApi(status, {
      method: 'POST',
      path: `/api/loads/${id}/status`,
      params: { id },
      token: org.users.viewer.token,
      body: { status: 'booked', version: version + 1 },
    })
    expect(viewer.status).toBe(403)
    expect((await callApi(status, { path: `/api/loads/${id}/status`, params: { id }, token })).status).toBe(405)
  })

  it('removes a stop with DELETE /api/loads/address/{id}, keeping the only pickup', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const body = { brokerId: await brokerOf(org), stops: [stops[0], { ...stops[1], city: 'Joplin', windowStart: undefined }, stops[1]] }
    const created = (await callApi(collection, { method: 'POST', path: '/api/loads', token, body })).body.data
    const [pickup, middle] = created.stops
    const kept = await callApi(stop, { method: 'DELETE', path: `/api/loads/address/${pickup.id}`, params: { id: pickup.id }, token })
    expect(kept.status).toBe(409)
    expect(kept.body.error).toEqual({ code: 'in_use', message: 'This is the load’s only pickup: it cannot be removed.' })
    const removed = await callApi(stop, {
      method: 'DELETE',
      path: `/api/loads/address/${middle.id}?version=${created.version}`,
      params: { id: middle.id },
      token,
    })
    expect(removed.body.data).toEqual({ id: middle.id, loadId: created.id, deleted: true })
    const read = (await callApi(item, { path: `/api/loads/${created.id}`, params: { id: created.id }, token })).body.data
    expect(read.stops.map((row: { city: string }) => row.city)).toEqual(['Dallas', 'Tulsa'])
    expect(read.version).toBe(created.version + 1)
    const other = await createOrg()
    expect(
      (await callApi(stop, { method: 'DELETE', path: `/api/loads/address/${pickup.id}`, params: { id: pickup.id }, token: other.users.admin.token })).status,
    ).toBe(404)
  })

  it('records stop arrival and departure with POST /api/loads/{id}/stops/{stopId}/events, the driver on their own loads only', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const token = org.users.dispatcher.token
    const [truck, trailer] = await Promise.all([
      prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }),
      prisma.trailer.create({ data: { organizationId, unitNumber: unique('TR').slice(0, 20) } }),
      prisma.driverProfile.create({
        data: { organizationId, userId: org.users.driver.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-06-30') },
      }),
    ])
    const body = { brokerId: await brokerOf(org), stops, driverId: org.users.driver.id, truckId: truck.id, trailerId: trailer.id }
    const created = (await callApi(collection, { method: 'POST', path: '/api/loads', token, body })).body.data
    const { id } = created
    const dispatched = await callApi(status, {
      method: 'POST',
      path: `/api/loads/${id}/status`,
      params: { id },
      token,
      body: { status: 'dispatched', version: created.version },
    })
    let version = dispatched.body.data.version
    const [pickup, delivery] = created.stops as Array<{ id: string }>
    const post = (stopId: string, payload: unknown, as = org.users.driver.token) =>
      callApi(stopEvents, { method: 'POST', path: `/api/loads/${id}/stops/${stopId}/events`, params: { id, stopId }, token: as, body: payload })

    expect((await post(pickup.id, { event: 'arrive', version }, org.users.viewer.token)).status).toBe(403)
    expect((await post(pickup.id, { event: 'arrive', version }, org.users.accountant.token)).status).toBe(403)
    const bad = await post(pickup.id, { event: 'teleport', at: 'yesterday', version })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['at', 'event'])
    const early = await post(delivery.id, { event: 'arrive', version })
    expect(early.status).toBe(409)
    expect(early.body.error).toEqual({ code: 'invalid_transition', message: 'Record the stops in order: the previous stop has not been left yet.' })

    const arrived = await post(pickup.id, { event: 'arrive', version })
    expect(arrived.status).toBe(200)
    expect(arrived.body.data).toMatchObject({ status: 'at_pickup', version: version + 2 })
    expect(arrived.body.data.stops[0].actualArrival).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect((await post(pickup.id, { event: 'depart', version })).body.error.code).toBe('conflict')
    version = arrived.body.data.version
    for (const [stopId, event] of [
      [pickup.id, 'depart'],
      [delivery.id, 'arrive'],
      [delivery.id, 'depart'],
    ] as const) {
      const answer = await post(stopId, { event, version })
      expect(answer.status).toBe(200)
      version = answer.body.data.version
    }
    const read = (await callApi(item, { path: `/api/loads/${id}`, params: { id }, token })).body.data
    expect(read.status).toBe('delivered')

    const other = await createOrg()
    expect((await post(pickup.id, { event: 'arrive', version }, other.users.driver.token)).status).toBe(404)
    expect((await post(pickup.id, { event: 'arrive', version }, '')).status).toBe(401)
    expect((await callApi(stopEvents, { path: `/api/loads/${id}/stops/${pickup.id}/events`, params: { id, stopId: pickup.id }, token })).status).toBe(405)
  })

  it('moves a load to delivered with its stop times, refuses to cancel it (409 invalid_transition) and reopens it for admins with POST /api/loads/{id}/reopen', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const token = org.users.dispatcher.token
    const [truck, trailer] = await Promise.all([
      prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }),
      prisma.trailer.create({ data: { organizationId, unitNumber: unique('TR').slice(0, 20) } }),
      prisma.driverProfile.create({
        data: { organizationId, userId: org.users.driver.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-06-30') },
      }),
    ])
    const body = { brokerId: await brokerOf(org), stops, driverId: org.users.driver.id, truckId: truck.id, trailerId: trailer.id }
    let load = (await callApi(collection, { method: 'POST', path: '/api/loads', token, body })).body.data
    const { id } = load
    const moveTo = (to: string, extra: Record<string, unknown> = {}) =>
      callApi(status, { method: 'POST', path: `/api/loads/${id}/status`, params: { id }, token, body: { status: to, version: load.version, ...extra } })
    for (const to of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery']) load = (await moveTo(to)).body.data
    const future = await moveTo('delivered', { at: new Date(Date.now() + 3_600_000).toISOString() })
    expect(future.status).toBe(400)
    expect(future.body.error.fields).toEqual({ at: ['This time is in the future.'] })
    load = (await moveTo('delivered')).body.data
    expect(load.status).toBe('delivered')
    expect(load.stops.every((row: { actualArrival: string | null; actualDeparture: string | null }) => row.actualArrival && row.actualDeparture)).toBe(true)
    expect(load.deliveredAt).toBe(load.stops[1].actualDeparture)

    const cancel = await moveTo('canceled')
    expect(cancel.status).toBe(409)
    expect(cancel.body.error).toEqual({ code: 'invalid_transition', message: 'A load that is Delivered cannot become Canceled.' })
    const reopen = (as: string, payload?: unknown) =>
      callApi(reopenRoute, { method: 'POST', path: `/api/loads/${id}/reopen`, params: { id }, token: as, ...(payload ? { body: payload } : {}) })
    const dispatcher = await reopen(token, { version: load.version })
    expect([dispatcher.status, dispatcher.body.error.code]).toEqual([403, 'forbidden'])
    const opened = await reopen(org.users.admin.token, { version: load.version, reason: 'Delivered by mistake' })
    expect(opened.status).toBe(200)
    expect(opened.body.data).toMatchObject({ status: 'at_delivery', deliveredAt: null, version: load.version + 1 })
    const again = await reopen(org.users.admin.token)
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({ code: 'invalid_transition', message: 'Only a delivered load can be reopened.' })
    expect((await callApi(reopenRoute, { path: `/api/loads/${id}/reopen`, params: { id }, token })).status).toBe(405)
  })

  it('shows a driver only the loads assigned to them, and lets them change none', async () => {
    const org = await createOrg()
    const brokerId = await brokerOf(org)
    const token = org.users.dispatcher.token
    const mine = (await callApi(collection, { method: 'POST', path: '/api/loads', token, body: { brokerId, stops, driverId: org.users.driver.id } })).body.data
    const other = (await callApi(collection, { method: 'POST', path: '/api/loads', token, body: { brokerId, stops } })).body.data
    const driverToken = org.users.driver.token
    const list = await callApi(collection, { path: '/api/loads', token: driverToken })
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([mine.id])
    expect((await callApi(item, { path: `/api/loads/${other.id}`, params: { id: other.id }, token: driverToken })).status).toBe(404)
    expect((await callApi(item, { path: `/api/loads/${mine.id}`, params: { id: mine.id }, token: driverToken })).status).toBe(200)
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/loads/${mine.id}`,
      params: { id: mine.id },
      token: driverToken,
      body: { ...mine, notes: 'x' },
    })
    expect(put.status).toBe(403)
  })
})

describe('keyset paging of /api/loads', () => {
  it('walks every sort and direction with meta.nextCursor in exactly the order of the numbered pages, nulls and ties included', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const brokerId = await brokerOf(org)
    const statuses = ['draft', 'booked', 'delivered', 'canceled'] as const
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 12))
    await prisma.load.createMany({
      data: Array.from({ length: 23 }, (_, i) => ({
        organizationId,
        brokerId,
        loadNumber: `K-${String(i).padStart(3, '0')}`,
        status: statuses[i % 4],
        // Nulls, ties and distinct values in every sortable column.
        pickupAt: i % 2 === 0 || i % 5 === 0 ? null : day(i % 7),
        deliveryAt: i % 3 === 0 ? null : day(i % 4),
        totalCents: (i % 6) * 10_000,
        linehaulCents: (i % 6) * 10_000,
        createdAt: day(i % 9),
      })),
    })
    const token = org.users.viewer.token
    const get = async (query: string) => (await callApi(collection, { path: `/api/loads?${query}`, token })).body
    for (const sort of ['loadNumber', 'status', 'pickupAt', 'deliveryAt', 'totalCents', 'createdAt']) {
      for (const dir of ['asc', 'desc']) {
        for (const filter of ['', '&status=booked']) {
          const base = `sort=${sort}&dir=${dir}${filter}`
          const whole = (await get(`${base}&pageSize=100`)).data.map((row: { id: string }) => row.id)
          const walked: string[] = []
          let after: string | null = null
          for (let guard = 0; guard < 30; guard++) {
            const page: { data: Array<{ id: string }>; meta: { nextCursor: string | null } } = await get(`${base}&pageSize=10${after ? `&after=${after}` : ''}`)
            walked.push(...page.data.map((row) => row.id))
            after = page.meta.nextCursor
            if (!after) break
          }
          expect({ base, walked }).toEqual({ base, walked: whole })
        }
      }
    }
  })

  it('refuses a cursor that is not ours or was made for another sort, with 400 at `after`', async () => {
    const org = await createOrg()
    const token = org.users.viewer.token
    const brokerId = await brokerOf(org)
    await prisma.load.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({ organizationId: org.organization.id, brokerId, loadNumber: `C-${i}`, totalCents: i })),
    })
    const first = (await callApi(collection, { path: '/api/loads?pageSize=10&sort=totalCents', token })).body
    expect(first.meta.nextCursor).toEqual(expect.any(String))
    const forged = Buffer.from(JSON.stringify(['totalCents', 'desc', '1; DROP TABLE', 'x'])).toString('base64url')
    const attempts = [
      `sort=totalCents&after=not-base64-json`,
      `sort=totalCents&after=${forged}`,
      `sort=totalCents&after=${Buffer.from('[1,2]').toString('base64url')}`,
      `sort=pickupAt&after=${first.meta.nextCursor}`,
      `sort=totalCents&dir=asc&after=${first.meta.nextCursor}`,
    ]
    for (const query of attempts) {
      const answer = await callApi(collection, { path: `/api/loads?pageSize=10&${query}`, token })
      expect({ query, status: answer.status }).toEqual({ query, status: 400 })
      expect(answer.body.error.fields).toEqual({ after: ['This cursor does not belong to this list and sort. Start again without `after`.'] })
    }
    const second = (await callApi(collection, { path: `/api/loads?pageSize=10&sort=totalCents&after=${first.meta.nextCursor}`, token })).body
    expect([second.data.length, second.meta.nextCursor]).toEqual([2, null])
  })
})

describe('counts of a search over many loads (ADR 073, 111)', () => {
  it('caps the total of a search at the search cap and leaves its tabs uncounted, as the unfiltered list caps its own', async () => {
    const org = await createOrg()
    await brokerOf(org)
    // 3,000 generated loads (the bench's generator, COPY): every number matches "L-", most are invoiced.
    await seedLoads(process.env.DATABASE_URL!, [org.organization.id], 3_000, () => {})
    const answer = await callApi(collection, { path: '/api/loads?q=L-&pageSize=10', token: org.users.viewer.token })
    expect(answer.body.meta).toMatchObject({ total: LOAD_SEARCH_COUNT_CAP, totalCapped: true })
    // Past its cap a search's tabs are not counted (ADR 156): no status is read to its cap.
    expect(await countLoadsByStatus({ organizationId: org.organization.id }, LoadListQuerySchema.parse({ q: 'L-' }))).toBeNull()
    // Unsearched, the same loads are under the list's own cap: counted exactly.
    const whole = await callApi(collection, { path: '/api/loads?pageSize=10', token: org.users.viewer.token })
    expect(whole.body.meta.total).toBe(3_000)
    expect(whole.body.meta).not.toHaveProperty('totalCapped')
    expect(LOAD_COUNT_CAP).toBeGreaterThan(3_000)
    // The generator and a new organization take a while on a busy machine.
  }, 120_000)
})
