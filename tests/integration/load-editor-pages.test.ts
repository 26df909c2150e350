/** The load editor (/dashboard/loads/new and /:id/edit): roles, list intents, field errors, conflicts, locks. */
import { describe, expect, it } from 'vitest'

import { getFixedT } from '~/i18n.server'
import { createLoad } from '~/models/loads/load.server'
import * as loadEditor from '~/routes/dashboard/loads/editor'
import { LoadSchema } from '~/schemas/load'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg, unique } from '../helpers'
import { callPage as call, type Handler, type PageAnswer as Result } from '../page-helpers'

/** Page actions answer their messages translated (ADR 107): the English text of a key. */
const en = getFixedT('en')

type Org = Awaited<ReturnType<typeof createOrg>>

/** Form fields as the browser names them: `stops[0].city`. */
function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => formFields(child, prefix ? `${prefix}.${key}` : key))
  return value === undefined ? [] : [[prefix, String(value)]]
}

function post(fields: Record<string, unknown>, intent?: string): RequestInit {
  const body = new URLSearchParams(formFields(fields))
  if (intent) body.set('__intent__', intent)
  return { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
}

const stops = [
  { type: 'pickup', facilityName: 'Acme DC', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00', windowEnd: '2026-12-01T10:00' },
  { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

async function broker(org: Org, status: 'active' | 'on_hold' = 'active') {
  return prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), status } })
}

function errorsOf(result: Result) {
  return (result.data?.result as { error?: Record<string, string[]> } | undefined)?.error ?? {}
}

function intendedStops(result: Result) {
  return (result.data?.result as { initialValue?: { stops?: Array<Record<string, string>> } }).initialValue?.stops ?? []
}

const loadCount = (org: Org) => prisma.load.count({ where: { organizationId: org.organization.id } })

describe('load editor', () => {
  it('opens and saves for admins and dispatchers only; viewers, drivers and accountants get 403 and write nothing', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await createLoad(actorOf(org), LoadSchema.parse({ brokerId, stops }))
    const expected: Array<[Role, number]> = [
      ['admin', 200],
      ['dispatcher', 200],
      ['accountant', 403],
      ['viewer', 403],
      ['driver', 403],
    ]
    for (const [role, status] of expected) {
      const userId = org.users[role].id
      const fresh = await call(loadEditor.loader as Handler, '/dashboard/loads/new', userId)
      const edit = await call(loadEditor.loader as Handler, `/dashboard/loads/${load.id}/edit`, userId, { id: load.id })
      expect({ role, fresh: fresh.status, edit: edit.status }).toEqual({ role, fresh: status, edit: status })
      if (status === 403) {
        const create = await call(loadEditor.action as Handler, '/dashboard/loads/new', userId, {}, post({ brokerId, stops }))
        const update = await call(
          loadEditor.action as Handler,
          `/dashboard/loads/${load.id}/edit`,
          userId,
          { id: load.id },
          post({ brokerId, stops, version: 1, notes: 'Refused' }),
        )
        expect({ role, create: create.status, update: update.status }).toEqual({ role, create: 403, update: 403 })
      }
    }
    expect(await loadCount(org)).toBe(1)
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).version).toBe(1)
  })

  it('starts a new load with one pickup and one delivery, and answers 404 for another organization’s load', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const { id: brokerId } = await broker(other)
    const foreign = await createLoad(actorOf(other), LoadSchema.parse({ brokerId, stops }))
    const fresh = await call(loadEditor.loader as Handler, '/dashboard/loads/new', org.users.dispatcher.id)
    expect(fresh.data?.defaultValue).toMatchObject({ stops: [{ type: 'pickup' }, { type: 'delivery' }], charges: [] })
    for (const id of [foreign.id, 'no-such-load']) {
      expect((await call(loadEditor.loader as Handler, `/dashboard/loads/${id}/edit`, org.users.admin.id, { id })).status).toBe(404)
    }
  })

  it('creates from the form: stops in order, money in dollars stored as cents, then the load’s page', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const created = await call(
      loadEditor.action as Handler,
      '/dashboard/loads/new',
      org.users.dispatcher.id,
      {},
      post({
        brokerId,
        linehaul: '2,450.50',
        loadedMiles: '500',
        hazmat: 'on',
        stops: [...stops, { type: 'delivery', city: 'Wichita', state: 'KS', windowStart: '2026-12-03T07:30' }],
        charges: [{ type: 'lumper', description: 'Unload', amount: '150' }],
      }),
    )
    const load = await prisma.load.findFirstOrThrow({
      where: { organizationId: org.organization.id },
      include: { stops: { orderBy: { sequence: 'asc' } }, charges: true },
    })
    expect(created).toMatchObject({ status: 302, location: `/dashboard/loads/${load.id}` })
    expect(load).toMatchObject({ linehaulCents: 245_050, totalCents: 260_050, loadedMiles: 500, hazmat: true, pickupCity: 'Dallas', deliveryCity: 'Wichita' })
    expect(load.stops.map((stop) => [stop.sequence, stop.type, stop.city])).toEqual([
      [1, 'pickup', 'Dallas'],
      [2, 'delivery', 'Tulsa'],
      [3, 'delivery', 'Wichita'],
    ])
    expect(load.charges).toMatchObject([{ type: 'lumper', description: 'Unload', amountCents: 15_000 }])
  })

  it('adds, removes and moves rows with the list buttons: the same page with the new rows, nothing written', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const userId = org.users.dispatcher.id
    const fields = { brokerId, stops, charges: [] }

    const insert = JSON.stringify({ type: 'insert', payload: { name: 'stops', defaultValue: { type: 'delivery', country: 'US' } } })
    const added = await call(loadEditor.action as Handler, '/dashboard/loads/new', userId, {}, post(fields, insert))
    expect(added.status).toBe(200)
    expect(intendedStops(added).map((stop) => [stop.type, stop.city])).toEqual([
      ['pickup', 'Dallas'],
      ['delivery', 'Tulsa'],
      ['delivery', undefined],
    ])

    const moved = await call(
      loadEditor.action as Handler,
      '/dashboard/loads/new',
      userId,
      {},
      post(fields, JSON.stringify({ type: 'reorder', payload: { name: 'stops', from: 1, to: 0 } })),
    )
    expect(intendedStops(moved).map((stop) => stop.city)).toEqual(['Tulsa', 'Dallas'])

    const removed = await call(
      loadEditor.action as Handler,
      '/dashboard/loads/new',
      userId,
      {},
      post(fields, JSON.stringify({ type: 'remove', payload: { name: 'stops', index: 0 } })),
    )
    expect(intendedStops(removed).map((stop) => stop.city)).toEqual(['Tulsa'])
    // The list's own rule shows at once (a pickup is missing); other fields' errors wait for a save.
    expect(errorsOf(removed).stops).toEqual([en('loads.errors.pickupAndDelivery')])

    const charge = await call(
      loadEditor.action as Handler,
      '/dashboard/loads/new',
      userId,
      {},
      post(fields, JSON.stringify({ type: 'insert', payload: { name: 'charges', defaultValue: { type: 'fuel_surcharge' } } })),
    )
    expect((charge.data?.result as { initialValue: { charges: unknown[] } }).initialValue.charges).toEqual([{ type: 'fuel_surcharge' }])
    expect(await loadCount(org)).toBe(0)
  })

  it('puts errors at the stop and charge fields they belong to, and saves nothing', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const result = await call(
      loadEditor.action as Handler,
      '/dashboard/loads/new',
      org.users.dispatcher.id,
      {},
      post({
        brokerId,
        linehaul: '12.345',
        stops: [
          { type: 'pickup', city: 'Dallas', windowStart: '2026-12-01T10:00', windowEnd: '2026-12-01T08:00' },
          { type: 'delivery', windowStart: '2026-02-30T09:00' },
        ],
        charges: [{ type: 'detention', amount: 'lots' }, { type: 'lumper' }],
      }),
    )
    expect(result.status).toBe(400)
    expect(errorsOf(result)).toMatchObject({
      linehaul: [en('loadForm.errors.linehaul')],
      'stops[0].windowEnd': [en('loads.errors.windowOrder')],
      'stops[1].city': [en('validation.required')],
      'stops[1].windowStart': [en('validation.dateTime')],
      'charges[0].amount': [en('loadForm.errors.amount')],
      'charges[1].amount': [en('validation.required')],
    })
    expect(await loadCount(org)).toBe(0)

    const held = await broker(org, 'on_hold')
    const refused = await call(loadEditor.action as Handler, '/dashboard/loads/new', org.users.dispatcher.id, {}, post({ brokerId: held.id, stops }))
    expect(refused.status).toBe(409)
    expect((refused.data?.result as { error: Record<string, string[]> }).error['']).toEqual(['This customer is on hold: new loads are refused.'])
    expect(await loadCount(org)).toBe(0)
  })

  it('edits a load: the form shows dollars and wall-clock windows, removes a stop by omission, and refuses a stale version', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await createLoad(
      actorOf(org),
      LoadSchema.parse({
        brokerId,
        linehaulCents: 100_050,
        stops: [...stops, { type: 'delivery', city: 'Wichita', windowStart: '2026-12-03T07:30' }],
        charges: [{ type: 'detention', amountCents: 7_500 }],
      }),
    )
    const userId = org.users.dispatcher.id
    const editor = await call(loadEditor.loader as Handler, `/dashboard/loads/${load.id}/edit`, userId, { id: load.id })
    const defaults = editor.data?.defaultValue as Record<string, unknown> & { stops: Array<Record<string, string>>; charges: Array<Record<string, string>> }
    expect(defaults).toMatchObject({ linehaul: '1000.50', version: 1 })
    // The organization's zone is UTC unless set: the wall clock reads back as it was typed.
    expect(defaults.stops[0]).toMatchObject({ id: load.stops[0].id, city: 'Dallas', windowStart: '2026-12-01T08:00', windowEnd: '2026-12-01T10:00' })
    expect(defaults.charges).toEqual([{ id: load.charges[0].id, type: 'detention', amount: '75' }])

    const next = { ...defaults, stops: [defaults.stops[0], defaults.stops[2]], charges: [], linehaul: '1200' }
    const saved = await call(loadEditor.action as Handler, `/dashboard/loads/${load.id}/edit`, userId, { id: load.id }, post(next))
    expect(saved).toMatchObject({ status: 302, location: `/dashboard/loads/${load.id}` })
    const after = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: { orderBy: { sequence: 'asc' } }, charges: true } })
    expect(after).toMatchObject({ version: 2, linehaulCents: 120_000, totalCents: 120_000, deliveryCity: 'Wichita' })
    expect(after.stops.map((stop) => [stop.id, stop.city])).toEqual([
      [load.stops[0].id, 'Dallas'],
      [load.stops[2].id, 'Wichita'],
    ])
    expect(after.charges).toEqual([])

    const stale = await call(loadEditor.action as Handler, `/dashboard/loads/${load.id}/edit`, userId, { id: load.id }, post({ ...next, notes: 'Late edit' }))
    expect(stale).toMatchObject({ status: 409, data: { conflict: true } })
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).notes).toBeNull()
  })

  it('explains a locked load, and on the road keeps the assignment while the rest stays editable', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const userId = org.users.dispatcher.id
    const canceled = await createLoad(actorOf(org), LoadSchema.parse({ brokerId, stops }))
    await prisma.load.update({ where: { id: canceled.id }, data: { status: 'canceled' } })
    const locked = await call(loadEditor.loader as Handler, `/dashboard/loads/${canceled.id}/edit`, userId, { id: canceled.id })
    expect(locked.data).toMatchObject({ locked: 'canceled', onRoad: false })
    const refused = await call(
      loadEditor.action as Handler,
      `/dashboard/loads/${canceled.id}/edit`,
      userId,
      { id: canceled.id },
      post({ brokerId, stops, version: 1 }),
    )
    expect((refused.data?.result as { error: Record<string, string[]> }).error['']).toEqual(['A canceled load cannot be changed.'])

    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const other = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const rolling = await createLoad(actorOf(org), LoadSchema.parse({ brokerId, stops, truckId: truck.id, driverId: org.users.driver.id }))
    await prisma.load.update({ where: { id: rolling.id }, data: { status: 'in_transit' } })
    const open = await call(loadEditor.loader as Handler, `/dashboard/loads/${rolling.id}/edit`, userId, { id: rolling.id })
    expect(open.data).toMatchObject({ locked: null, onRoad: true })
    const base = { brokerId, stops, driverId: org.users.driver.id, version: 1 }
    const swap = await call(
      loadEditor.action as Handler,
      `/dashboard/loads/${rolling.id}/edit`,
      userId,
      { id: rolling.id },
      post({ ...base, truckId: other.id }),
    )
    expect((swap.data?.result as { error: Record<string, string[]> }).error['']).toEqual([
      'The load is on the road: take the assignment off (back to booked) before changing driver, truck or trailer.',
    ])
    const notes = await call(
      loadEditor.action as Handler,
      `/dashboard/loads/${rolling.id}/edit`,
      userId,
      { id: rolling.id },
      post({ ...base, truckId: truck.id, notes: 'Gate code 4411' }),
    )
    expect(notes.status).toBe(302)
    expect(await prisma.load.findUniqueOrThrow({ where: { id: rolling.id } })).toMatchObject({ truckId: truck.id, notes: 'Gate code 4411' })
  })

  it('lists what can go out first in the assignment choices, and brokers on hold among the brokers', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await broker(org, 'on_hold')
    await prisma.truck.createMany({
      data: [
        { organizationId, unitNumber: 'A-1', status: 'maintenance' },
        { organizationId, unitNumber: 'B-2', status: 'available' },
      ],
    })
    const fresh = await call(loadEditor.loader as Handler, '/dashboard/loads/new', org.users.admin.id)
    const options = fresh.data?.options as { brokers: Array<{ status: string }>; trucks: Array<{ unitNumber: string }>; drivers: Array<{ id: string }> }
    expect(options.trucks.map((truck) => truck.unitNumber)).toEqual(['B-2', 'A-1'])
    expect(options.brokers).toMatchObject([{ status: 'on_hold' }])
    expect(options.drivers.map((driver) => driver.id)).toEqual([org.users.driver.id])
  })
})
