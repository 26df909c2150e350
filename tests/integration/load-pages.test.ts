/** The load pages: roles and organizations checked on the server, drivers see their own loads, refusals shown, lean loader data. */
import { describe, expect, it } from 'vitest'

import { getLoad } from '~/models/loads/load.server'
import { serializeLoad } from '~/models/loads/load-serialize.server'
import { moveLoad } from '~/models/loads/load-status.server'
import * as loadDelete from '~/routes/dashboard/loads/delete'
import * as loadList from '~/routes/dashboard/loads/list'
import * as myLoads from '~/routes/dashboard/loads/mine'
import * as loadView from '~/routes/dashboard/loads/view'
import { prisma } from '~/utils/db.server'
import { type PackedRows, unpackRows } from '~/utils/packed-rows'
import type { Role } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'

import { actorOf, createOrg, fleet, newLoad, unique } from '../helpers'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

/** The list loader's rows, unpacked as the page does (app/utils/packed-rows.ts). */
const rows = <Row>(packed: unknown) => unpackRows(packed as PackedRows<Row>)

describe('load pages', () => {
  it('open for every role that may read loads; status moves, edit and delete only for roles that may change loads', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const expected: Array<[Role, boolean, boolean]> = [
      ['admin', true, true],
      ['dispatcher', true, true],
      ['accountant', false, false],
      ['viewer', false, false],
      ['driver', false, false],
    ]
    for (const [role, canUpdate, canDelete] of expected) {
      const userId = org.users[role].id
      const view = await call(loadView.loader as Handler, `/dashboard/loads/${load.id}`, userId, { id: load.id })
      expect({ role, status: view.status }).toEqual({ role, status: 200 })
      expect(view.data).toMatchObject({
        offers: { edit: canUpdate, delete: canDelete, cancel: canUpdate, reopen: false },
        load: { loadNumber: load.loadNumber, status: 'booked' },
      })
      const list = await call(loadList.loader as Handler, '/dashboard/loads/list', userId)
      expect(list.data).toMatchObject({ total: 1, canCreate: canUpdate, canUpdate, canDelete })
      if (!canUpdate) {
        const move = await call(
          loadView.action as Handler,
          `/dashboard/loads/${load.id}`,
          userId,
          { id: load.id },
          postForm({ intent: 'status', status: 'canceled', version: '1' }),
        )
        expect({ role, move: move.status }).toEqual({ role, move: 403 })
        const remove = await call(loadDelete.action as Handler, `/dashboard/loads/${load.id}/delete`, userId, { id: load.id }, postForm({ version: '1' }))
        expect({ role, remove: remove.status }).toEqual({ role, remove: 403 })
      }
    }
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
  })

  it('shows the load as the API answers it (one serializer), with the printed stop addresses and the charges’ sum', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const stops = [
      {
        type: 'pickup',
        facilityName: 'Acme Cold Storage',
        line1: '1 Elm St',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        windowStart: '2026-12-01T08:00',
      },
      { type: 'delivery', city: 'Windsor', state: 'ON', country: 'CA', windowStart: '2026-12-02T09:00' },
    ]
    const load = await newLoad(org, {
      brokerId: broker.id,
      driverId,
      truckId: truck.id,
      trailerId: trailer.id,
      stops,
      charges: [
        { type: 'detention', amountCents: 7_500 },
        { type: 'lumper', amountCents: 2_500 },
      ],
    })
    const view = await call(loadView.loader as Handler, `/dashboard/loads/${load.id}`, org.users.admin.id, { id: load.id })
    const api = serializeLoad(await getLoad({ organizationId: org.organization.id }, load.id))
    const shown = (view.data as { load: Record<string, unknown> & { stops: Array<{ address: string[] }> } }).load
    for (const field of [
      'loadNumber',
      'status',
      'broker',
      'company',
      'driver',
      'dispatcher',
      'truck',
      'trailer',
      'totalCents',
      'ratePerMileCents',
      'charges',
      'version',
    ] as const) {
      expect({ field, value: shown[field] }).toEqual({ field, value: JSON.parse(JSON.stringify(api[field])) })
    }
    expect(shown.chargesCents).toBe(10_000)
    expect(shown.stops.map((stop) => stop.address)).toEqual([
      ['1 Elm St', 'Dallas, TX 75201'],
      ['Windsor, ON', 'CA'],
    ])
  })

  it("shows a driver only their own loads, and answers 404 for another organization's load and a bad id", async () => {
    const org = await createOrg()
    const { broker, driverId } = await fleet(org)
    const mine = await newLoad(org, { brokerId: broker.id, driverId })
    const notMine = await newLoad(org, { brokerId: broker.id })
    const driver = org.users.driver.id
    const list = await call(loadList.loader as Handler, '/dashboard/loads/list', driver)
    expect(list.data).toMatchObject({ total: 1, driverOnly: true, counts: { booked: 1 } })
    expect(rows<{ id: string }>(list.data?.loads).map((row) => row.id)).toEqual([mine.id])
    // A driver's page lists none of the organization's brokers, companies, drivers or trucks.
    expect(list.data?.options).toEqual({ brokers: [], companies: [], drivers: [], trucks: [] })
    expect((await call(loadView.loader as Handler, `/dashboard/loads/${mine.id}`, driver, { id: mine.id })).status).toBe(200)
    expect((await call(loadView.loader as Handler, `/dashboard/loads/${notMine.id}`, driver, { id: notMine.id })).status).toBe(404)

    const other = await createOrg()
    for (const id of [notMine.id, 'no-such-load']) {
      for (const handler of [loadView.loader, loadDelete.loader]) {
        expect((await call(handler as Handler, `/dashboard/loads/${id}`, other.users.admin.id, { id })).status).toBe(404)
      }
    }
    const foreignMove = await call(
      loadView.action as Handler,
      `/dashboard/loads/${notMine.id}`,
      other.users.admin.id,
      { id: notMine.id },
      postForm({ intent: 'status', status: 'canceled', version: '1' }),
    )
    expect(foreignMove.status).toBe(404)
    expect((await prisma.load.findUniqueOrThrow({ where: { id: notMine.id } })).status).toBe('booked')
  })

  it('counts every status tab in one query with the filters applied, and sends only what the table shows', async () => {
    const org = await createOrg()
    const { broker, driverId, truck, trailer } = await fleet(org)
    const other = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Other') } })
    const dispatched = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, brokerReference: 'REF-77' })
    await moveLoad(actorOf(org), dispatched.id, { status: 'dispatched', version: 1 })
    await newLoad(org, { brokerId: broker.id })
    await newLoad(org, { brokerId: other.id })
    const canceled = await newLoad(org, { brokerId: broker.id })
    await moveLoad(actorOf(org), canceled.id, { status: 'canceled', version: 1 })

    const admin = org.users.admin.id
    const all = await call(loadList.loader as Handler, '/dashboard/loads/list', admin)
    expect(all.data).toMatchObject({ total: 4, counts: { booked: 2, dispatched: 1, canceled: 1 } })
    // The tabs count what the other filters leave; the status picks the rows.
    const filtered = await call(loadList.loader as Handler, `/dashboard/loads/list?brokerId=${broker.id}&status=booked`, admin)
    expect(filtered.data).toMatchObject({ total: 1, counts: { booked: 1, dispatched: 1, canceled: 1 } })
    expect((filtered.data?.counts as Record<string, number>).draft).toBeUndefined()

    const found = await call(loadList.loader as Handler, '/dashboard/loads/list?q=acme%20cold', admin)
    expect(found.data?.total).toBe(4)
    const byReference = await call(loadList.loader as Handler, '/dashboard/loads/list?q=ref-77', admin)
    // Packed (field names once, then one array per row), flat, and without custom-field values
    // while no custom-field column shows.
    const packed = byReference.data?.loads as PackedRows<Record<string, unknown>>
    expect([...packed.keys].sort()).toEqual(
      [
        'brokerReference',
        'broker',
        'delivery',
        'deliveryAt',
        'driver',
        'id',
        'loadNumber',
        'pickup',
        'pickupAt',
        'ratePerMileCents',
        'status',
        'totalCents',
        'truck',
        'version',
      ].sort(),
    )
    const [row] = rows<Record<string, unknown>>(packed)
    // The filters' choices as [value, label] pairs.
    expect((byReference.data?.options as { brokers: unknown[] }).brokers).toContainEqual([broker.id, broker.name])
    expect(row).toMatchObject({
      loadNumber: dispatched.loadNumber,
      status: 'dispatched',
      broker: broker.name,
      pickup: 'Dallas, TX',
      pickupAt: expect.stringMatching(/^2026-12-01T/),
      delivery: 'Tulsa, OK',
      driver: 'driver Tester',
      truck: truck.unitNumber,
      totalCents: 150_000,
      ratePerMileCents: 300,
    })
    const none = await call(loadList.loader as Handler, '/dashboard/loads/list?from=2027-01-01', admin)
    expect(none.data).toMatchObject({ total: 0, counts: {} })
  })

  it('moves a load with a status button and shows a refusal on the page with its reasons, never as an error page', async () => {
    const org = await createOrg()
    const { broker, driverId, truck, trailer } = await fleet(org)
    const incomplete = await newLoad(org, { brokerId: broker.id, driverId })
    const dispatcher = org.users.dispatcher.id
    const path = `/dashboard/loads/${incomplete.id}`
    const refused = await call(
      loadView.action as Handler,
      path,
      dispatcher,
      { id: incomplete.id },
      postForm({ intent: 'status', status: 'dispatched', version: '1' }),
    )
    expect(refused.status).toBe(409)
    expect(refusalOf(refused)).toMatchObject({
      intent: 'status',
      conflict: false,
      message: 'Assign a driver, a truck and a trailer before dispatching.',
      reasons: ['Choose a truck to dispatch.', 'Choose a trailer to dispatch (or set the equipment to power only).'],
    })
    const illegal = await call(
      loadView.action as Handler,
      path,
      dispatcher,
      { id: incomplete.id },
      postForm({ intent: 'status', status: 'delivered', version: '1' }),
    )
    expect([illegal.status, refusalOf(illegal)?.message]).toEqual([409, 'A load that is Booked cannot become Delivered.'])
    expect(await prisma.load.findUniqueOrThrow({ where: { id: incomplete.id } })).toMatchObject({ status: 'booked', version: 1 })

    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const viewPath = `/dashboard/loads/${load.id}?returnTo=%2Fdashboard%2Floads%2Flist%3Fstatus%3Dbooked&confirm=cancel`
    const moved = await call(
      loadView.action as Handler,
      viewPath,
      dispatcher,
      { id: load.id },
      postForm({ intent: 'status', status: 'dispatched', version: '1' }),
    )
    expect(moved).toMatchObject({ status: 302, location: `/dashboard/loads/${load.id}?returnTo=%2Fdashboard%2Floads%2Flist%3Fstatus%3Dbooked` })
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'dispatched', version: 2 })
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).status).toBe('dispatched')

    // A second tab still on version 1: a conflict, with a reload offered, nothing changed.
    const stale = await call(
      loadView.action as Handler,
      viewPath,
      dispatcher,
      { id: load.id },
      postForm({ intent: 'status', status: 'canceled', version: '1' }),
    )
    expect([stale.status, refusalOf(stale)?.conflict]).toEqual([409, true])
    const busy = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const taken = await call(
      loadView.action as Handler,
      `/dashboard/loads/${busy.id}`,
      dispatcher,
      { id: busy.id },
      postForm({ intent: 'status', status: 'dispatched', version: '1' }),
    )
    expect([taken.status, refusalOf(taken)?.message]).toEqual([409, `The driver is on load ${load.loadNumber}.`])
    const garbage = await call(
      loadView.action as Handler,
      path,
      dispatcher,
      { id: incomplete.id },
      postForm({ intent: 'status', status: 'flying', version: '1' }),
    )
    expect(garbage.status).toBe(400)

    // The view offers the legal moves' page state: the cancel confirmation only when asked for and legal.
    const view = await call(loadView.loader as Handler, viewPath, dispatcher, { id: load.id })
    expect(view.data).toMatchObject({ confirmCancel: true, load: { status: 'dispatched', version: 2 } })
  })

  it('offers only what the load policy allows: no delete on the road, no cancel once delivered, reopen to admins only; the next stop follows the status', async () => {
    const org = await createOrg()
    const { broker, driverId, truck, trailer } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const path = `/dashboard/loads/${load.id}`
    const view = async (role: Role) => (await call(loadView.loader as Handler, path, org.users[role].id, { id: load.id })).data as Record<string, unknown>
    const moveTo = async (status: 'dispatched' | 'at_pickup' | 'in_transit' | 'at_delivery' | 'delivered') => {
      const { version } = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
      await moveLoad(actorOf(org, 'dispatcher'), load.id, { status, version })
    }
    await moveTo('dispatched')
    await moveTo('at_pickup')
    await moveTo('in_transit')
    const delivery = (await prisma.loadStop.findFirstOrThrow({ where: { loadId: load.id, type: 'delivery' } })).id
    expect(await view('dispatcher')).toMatchObject({
      offers: { moves: ['at_delivery', 'canceled'], edit: true, delete: false, cancel: true, reopen: false },
      nextStop: { stopId: delivery, event: 'arrive' },
    })
    // The delete page is no refusal waiting to happen: it sends back to the load with the reason.
    expect(await call(loadDelete.loader as Handler, `${path}/delete`, org.users.dispatcher.id, { id: load.id })).toMatchObject({ status: 302, location: path })
    await moveTo('at_delivery')
    await moveTo('delivered')
    expect(await view('dispatcher')).toMatchObject({ offers: { moves: [], delete: false, cancel: false, reopen: false }, nextStop: null })
    expect(await view('admin')).toMatchObject({ offers: { moves: [], delete: false, cancel: false, reopen: true } })
    const confirm = await call(loadView.loader as Handler, `${path}?confirm=cancel`, org.users.admin.id, { id: load.id })
    expect(confirm.data).toMatchObject({ confirmCancel: false })
    expect((await call(loadView.loader as Handler, `${path}?confirm=reopen`, org.users.dispatcher.id, { id: load.id })).data).toMatchObject({
      confirmReopen: false,
    })
    expect((await call(loadView.loader as Handler, `${path}?confirm=reopen`, org.users.admin.id, { id: load.id })).data).toMatchObject({
      confirmReopen: true,
    })

    const { version } = await prisma.load.findUniqueOrThrow({ where: { id: load.id } })
    const reopen = (role: Role, fields: Record<string, string>) =>
      call(loadView.action as Handler, `${path}?confirm=reopen`, org.users[role].id, { id: load.id }, postForm({ intent: 'reopen', ...fields }))
    const byDispatcher = await reopen('dispatcher', { version: String(version), reason: 'x' })
    expect(byDispatcher.status).toBe(403)
    expect(refusalOf(byDispatcher)?.message).toBe('Only an admin can reopen a delivered load.')
    const stale = await reopen('admin', { version: String(version - 1) })
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect(await reopen('admin', { version: String(version), reason: 'Delivered by mistake' })).toMatchObject({ status: 302, location: path })
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'at_delivery', version: version + 1 })
  })

  it('records the stop times of a status button at the time typed, refusing one in the future with its reason', async () => {
    const org = await createOrg()
    const { broker, driverId, truck, trailer } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    await moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'dispatched', version: load.version })
    const path = `/dashboard/loads/${load.id}`
    const post = (at: string) =>
      call(
        loadView.action as Handler,
        path,
        org.users.dispatcher.id,
        { id: load.id },
        postForm({ intent: 'status', status: 'at_pickup', at, version: String(load.version + 1) }),
      )
    const future = await post('2199-01-01T08:00')
    expect(future.status).toBe(400)
    const shown = refusalOf(future)!
    expect([shown.message, ...shown.reasons]).toContain('This time is in the future.')
    expect(await post('2026-01-05T08:15')).toMatchObject({ status: 302 })
    const pickup = await prisma.loadStop.findFirstOrThrow({ where: { loadId: load.id, sequence: 1 } })
    // The organization's wall clock (UTC unless set).
    const { timezone } = await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })
    expect(zonedWallClock(pickup.actualArrival!, timezone).slice(0, 16)).toBe('2026-01-05T08:15')
  })

  it('deletes a booked load and refuses a dispatched one with the model’s reason', async () => {
    const org = await createOrg()
    const { broker, driverId, truck, trailer } = await fleet(org)
    const onRoad = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    await moveLoad(actorOf(org), onRoad.id, { status: 'dispatched', version: 1 })
    const booked = await newLoad(org, { brokerId: broker.id })
    const admin = org.users.admin.id
    const refused = await call(loadDelete.action as Handler, `/dashboard/loads/${onRoad.id}/delete`, admin, { id: onRoad.id }, postForm({ version: '2' }))
    expect(refused).toMatchObject({ status: 302, location: `/dashboard/loads/list?changed=${onRoad.id}` })
    expect(await prisma.load.count({ where: { id: onRoad.id } })).toBe(1)
    const deleted = await call(
      loadDelete.action as Handler,
      `/dashboard/loads/${booked.id}/delete`,
      admin,
      { id: booked.id },
      postForm({ version: '1', returnTo: '/dashboard/loads/list?status=booked' }),
    )
    expect(deleted).toMatchObject({ status: 302, location: '/dashboard/loads/list?status=booked' })
    expect(await prisma.load.count({ where: { id: booked.id } })).toBe(0)
  })
})

describe('demo loads', () => {
  it('span the statuses, and those on the road follow the dispatch rules', async () => {
    const { seed } = await import('../../prisma/seed')
    await seed({ log: () => {} })
    const organization = await prisma.organization.findFirstOrThrow({ where: { name: 'Lone Star Freight Services' } })
    const loads = await prisma.load.findMany({
      where: { organizationId: organization.id },
      include: { stops: { orderBy: { sequence: 'asc' } }, truck: true, trailer: true, driver: { include: { driverProfile: true } }, broker: true },
    })
    expect(loads.length).toBe(40)
    expect(new Set(loads.map((load) => load.status))).toEqual(
      new Set(['draft', 'booked', 'dispatched', 'at_pickup', 'in_transit', 'delivered', 'invoiced', 'canceled']),
    )
    // Delivered loads are billed by the invoice model: each invoiced load on one invoice, some left to bill.
    const invoices = await prisma.invoice.findMany({ where: { organizationId: organization.id }, include: { items: true } })
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(new Set(['draft', 'sent', 'partially_paid', 'paid']))
    const billed = invoices.flatMap((invoice) => invoice.items.flatMap((item) => (item.billedLoadId ? [item.billedLoadId] : [])))
    expect(billed.sort()).toEqual(
      loads
        .filter((load) => load.status === 'invoiced')
        .map((load) => load.id)
        .sort(),
    )
    expect(await prisma.$queryRaw`SELECT id FROM graphile_worker.jobs`).toEqual([])
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).nextLoadNumber).toBe(41)
    const onRoad = loads.filter((load) => ['dispatched', 'at_pickup', 'in_transit', 'at_delivery'].includes(load.status))
    expect(onRoad.length).toBeGreaterThan(0)
    for (const load of onRoad) {
      expect(load.truck?.status).toBe('dispatched')
      expect(load.trailer?.status).toBe('in_use')
      const day = load.pickupAt!.toISOString().slice(0, 10)
      expect(load.driver!.driverProfile!.licenseExpiry!.toISOString().slice(0, 10) >= day).toBe(true)
      expect(load.driver!.driverProfile!.medicalCardExpiry!.toISOString().slice(0, 10) >= day).toBe(true)
    }
    for (const key of ['driverId', 'truckId', 'trailerId'] as const) expect(new Set(onRoad.map((load) => load[key])).size).toBe(onRoad.length)
    for (const load of loads) {
      expect(load.broker.status).not.toBe('on_hold')
      expect(load.stops[0].type).toBe('pickup')
      expect(load.stops.at(-1)!.type).toBe('delivery')
      expect(load.pickupCity).toBe(load.stops[0].city)
    }
  })
})

describe('the truck filter of a large fleet', () => {
  it('becomes a typed unit number past 200 trucks, matched like the unique index (any case); an unknown unit says so and matches nothing', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const { broker } = await fleet(org)
    await prisma.truck.createMany({ data: Array.from({ length: 200 }, (_, i) => ({ organizationId, unitNumber: `BULK-${i}` })) })
    const truck = await prisma.truck.create({ data: { organizationId, unitNumber: 'Rig-77' } })
    const mine = await newLoad(org, { brokerId: broker.id, truckId: truck.id })
    await newLoad(org, { brokerId: broker.id })
    const all = await call(loadList.loader as Handler, '/dashboard/loads/list', org.users.dispatcher.id)
    expect((all.data?.options as { trucks: unknown }).trucks).toBeNull()
    const typed = await call(loadList.loader as Handler, '/dashboard/loads/list?truck=rig-77', org.users.dispatcher.id)
    expect(rows<{ id: string }>(typed.data?.loads).map((load) => load.id)).toEqual([mine.id])
    expect(typed.data?.truckMiss).toBeNull()
    const unknown = await call(loadList.loader as Handler, '/dashboard/loads/list?truck=NOPE-1', org.users.dispatcher.id)
    expect([rows(unknown.data?.loads), unknown.data?.truckMiss]).toEqual([[], 'unknown'])
    const hostile = await call(loadList.loader as Handler, `/dashboard/loads/list?truck=${encodeURIComponent('a\u0000b')}`, org.users.dispatcher.id)
    expect(hostile.status).toBe(200)
  })
})

describe('the driver filter of a large roster', () => {
  it('becomes a typed name or email past 200 drivers (any case); a name two drivers share or nobody has says so and matches nothing', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const { broker, driverId } = await fleet(org)
    const small = await call(loadList.loader as Handler, '/dashboard/loads/list', org.users.dispatcher.id)
    expect((small.data?.options as { drivers: unknown[] }).drivers).toHaveLength(1)
    await prisma.user.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        organizationId,
        role: 'driver' as const,
        passwordHash: 'x',
        email: `${unique('bulk')}-${i}@example.test`.toLowerCase(),
        firstName: 'Twin',
        lastName: i < 2 ? 'Driver' : `Driver ${i}`,
      })),
    })
    const driver = await prisma.user.findUniqueOrThrow({ where: { id: driverId } })
    const mine = await newLoad(org, { brokerId: broker.id, driverId })
    await newLoad(org, { brokerId: broker.id })
    const all = await call(loadList.loader as Handler, '/dashboard/loads/list', org.users.dispatcher.id)
    expect((all.data?.options as { drivers: unknown }).drivers).toBeNull()
    const ids = async (driverText: string) => {
      const page = await call(loadList.loader as Handler, `/dashboard/loads/list?driver=${encodeURIComponent(driverText)}`, org.users.dispatcher.id)
      return { ids: rows<{ id: string }>(page.data?.loads).map((load) => load.id), miss: page.data?.driverMiss }
    }
    expect(await ids(`${driver.firstName} ${driver.lastName}`.toUpperCase())).toEqual({ ids: [mine.id], miss: null })
    expect(await ids(driver.email.toUpperCase())).toEqual({ ids: [mine.id], miss: null })
    expect(await ids('twin driver')).toEqual({ ids: [], miss: 'ambiguous' })
    expect(await ids('Nobody Here')).toEqual({ ids: [], miss: 'unknown' })
    const hostile = await call(loadList.loader as Handler, `/dashboard/loads/list?driver=${encodeURIComponent('a\u0000b')}`, org.users.dispatcher.id)
    expect(hostile.status).toBe(200)
  })
})

describe('my loads (drivers)', () => {
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

  it('shows a driver their own loads with the next stop to record; other roles go to the loads list', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const mine = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    await moveLoad(actorOf(org), mine.id, { status: 'dispatched', version: mine.version })
    const booked = await newLoad(org, { brokerId: broker.id, driverId })
    await newLoad(org, { brokerId: broker.id })
    const page = await call(myLoads.loader as Handler, '/dashboard/loads/mine', driverId)
    const loads = page.data?.loads as Array<{ id: string; status: string; next: unknown; stops: Array<{ id: string }> }>
    expect(loads.map((load) => [load.id, load.status])).toEqual([
      [mine.id, 'dispatched'],
      [booked.id, 'booked'],
    ])
    expect(loads[0].next).toEqual({ stopId: loads[0].stops[0].id, event: 'arrive' })
    expect(loads[1].next).toBeNull()
    expect(page.data?.kinds).toEqual(['bols', 'pod'])
    const dispatcher = await call(myLoads.loader as Handler, '/dashboard/loads/mine', org.users.dispatcher.id)
    expect([dispatcher.status, dispatcher.location]).toEqual([302, '/dashboard/loads/list'])
  })

  it('records a stop from the button, refuses a stale second tap on the page, and keeps viewers out', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const created = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const load = await moveLoad(actorOf(org), created.id, { status: 'dispatched', version: created.version })
    const fields = { intent: 'stopEvent', loadId: load.id, stopId: load.stops[0].id, event: 'arrive', version: String(load.version) }
    const recorded = await call(myLoads.action as Handler, '/dashboard/loads/mine', driverId, {}, postForm(fields))
    expect([recorded.status, recorded.location]).toEqual([302, '/dashboard/loads/mine'])
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'at_pickup' })
    const again = await call(myLoads.action as Handler, '/dashboard/loads/mine', driverId, {}, postForm(fields))
    expect(again.status).toBe(409)
    expect(refusalOf(again)).toMatchObject({ intent: 'stopEvent', about: load.id, conflict: true })
    const viewer = await call(myLoads.action as Handler, '/dashboard/loads/mine', org.users.viewer.id, {}, postForm(fields))
    expect(viewer.status).toBe(403)
    // The load's own page offers the same button to dispatch, and records through the same action.
    const view = await call(loadView.loader as Handler, `/dashboard/loads/${load.id}`, org.users.dispatcher.id, { id: load.id })
    expect(view.data?.nextStop).toEqual({ stopId: load.stops[0].id, event: 'depart' })
    const departed = await call(
      loadView.action as Handler,
      `/dashboard/loads/${load.id}`,
      org.users.dispatcher.id,
      { id: load.id },
      postForm({ intent: 'stopEvent', stopId: load.stops[0].id, event: 'depart', version: String(load.version + 2) }),
    )
    expect(departed.status).toBe(302)
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'in_transit' })
    const bad = await call(myLoads.action as Handler, '/dashboard/loads/mine', driverId, {}, postForm({ ...fields, event: 'teleport' }))
    expect([bad.status, refusalOf(bad)?.message, refusalOf(bad)?.fields.event]).toEqual([
      400,
      'Some fields need your attention.',
      ['Choose one of the options.'],
    ])
  })

  it('takes a POD from the driver for their load, and shows a refused file on that load’s card', async () => {
    const org = await createOrg()
    const { broker, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId })
    const post = (bytes: Uint8Array, name: string) => {
      const form = new FormData()
      form.append('kind', 'pod')
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }))
      return call(myLoads.action as Handler, `/dashboard/loads/mine?load=${load.id}`, driverId, {}, { method: 'POST', body: form })
    }
    const stored = await post(PDF, 'pod.pdf')
    expect([stored.status, stored.location]).toEqual([302, '/dashboard/loads/mine'])
    expect(await prisma.loadDocument.count({ where: { loadId: load.id, kind: 'pod' } })).toBe(1)
    const refused = await post(new TextEncoder().encode('not a pdf at all'), 'pod.pdf')
    expect(refused.status).toBe(415)
    expect(refusalOf(refused)).toMatchObject({ intent: 'upload', about: load.id })
    const other = await newLoad(org, { brokerId: broker.id })
    const foreign = await call(myLoads.action as Handler, `/dashboard/loads/mine?load=${other.id}`, driverId, {}, { method: 'POST', body: new FormData() })
    expect(foreign.status).toBe(404)
  })
})

describe('the loads list URL', () => {
  it('ignores the API’s cursor: a hand-made `after` never breaks the page', async () => {
    const org = await createOrg()
    const page = await call(loadList.loader as Handler, '/dashboard/loads/list?after=not-a-cursor&sort=totalCents', org.users.admin.id)
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ total: 0 })
  })
})
