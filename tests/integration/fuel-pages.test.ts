/**
 * The fuel purchase and trip pages (the record pages of ADR 122's receipts and distance record):
 * who may read and write, the editor's typed values stored exactly, refusals at their fields that
 * write nothing, a filed quarter refused from the page, and the list's filters and export.
 */
import { describe, expect, it } from 'vitest'

import { createFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { fileIftaReturn } from '~/models/fuel-tax/ifta-return.server'
import { createTrip } from '~/models/fuel-tax/trip.server'
import { deleteTruck } from '~/models/reference/truck.server'
import { parseQuarter } from '~/policies/ifta'
import * as fuelDelete from '~/routes/dashboard/fuel/delete'
import * as fuelEditor from '~/routes/dashboard/fuel/editor'
import * as fuelExport from '~/routes/dashboard/fuel/export'
import * as fuelList from '~/routes/dashboard/fuel/list'
import * as tripEditor from '~/routes/dashboard/trips/editor'
import * as tripExport from '~/routes/dashboard/trips/export'
import * as tripList from '~/routes/dashboard/trips/list'
import * as tripView from '~/routes/dashboard/trips/view'
import { FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { TripSchema } from '~/schemas/trip'
import { prisma } from '~/utils/db.server'
import { unpackRows } from '~/utils/packed-rows'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg, refusal } from '../helpers'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

async function fleet() {
  const org = await createOrg()
  const [truck, other] = await Promise.all([
    prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'FP-1' } }),
    prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'FP-2' } }),
  ])
  return { org, truck, other, actor: actorOf(org, 'accountant') }
}

const purchase = (truckId: string, purchasedAt: string, jurisdiction: string, gallons: number) =>
  FuelPurchaseSchema.parse({ truckId, purchasedAt, jurisdiction, gallons, totalCents: 10_000 })

describe('fuel purchase pages', () => {
  it('open for the office and viewers, offer writes only to those who may, and never to drivers', async () => {
    const { org } = await fleet()
    const expected: Array<[Role, number, boolean, boolean]> = [
      ['admin', 200, true, true],
      ['accountant', 200, true, true],
      ['dispatcher', 200, false, true],
      ['viewer', 200, false, false],
      ['driver', 403, false, false],
    ]
    for (const [role, status, fuelWrites, tripWrites] of expected) {
      const userId = org.users[role].id
      const fuel = await call(fuelList.loader as Handler, '/dashboard/fuel/list', userId)
      const trips = await call(tripList.loader as Handler, '/dashboard/trips/list', userId)
      expect({ role, fuel: fuel.status, trips: trips.status }).toEqual({ role, fuel: status, trips: status })
      if (status === 200) expect({ role, fuel: fuel.data?.canCreate, trips: trips.data?.canCreate }).toEqual({ role, fuel: fuelWrites, trips: tripWrites })
    }
    const editor = await call(fuelEditor.loader as Handler, '/dashboard/fuel/new', org.users.dispatcher.id)
    expect(editor.status).toBe(403)
  })

  it('stores the typed gallons and dollars exactly, an unticked tax box as false, and refuses bad input at its field writing nothing', async () => {
    const { org, truck } = await fleet()
    const foreign = await createOrg()
    const foreignTruck = await prisma.truck.create({ data: { organizationId: foreign.organization.id, unitNumber: 'X-1' } })
    const post = (fields: Record<string, string>) => call(fuelEditor.action as Handler, '/dashboard/fuel/new', org.users.accountant.id, {}, postForm(fields))
    const typed = { truckId: truck.id, purchasedAt: '2026-05-04', jurisdiction: 'ok', fuelType: 'diesel', gallons: '120.125', amount: '412.87' }

    const saved = await post(typed)
    expect([saved.status, saved.toast?.title]).toEqual([302, 'Fuel purchase for FP-1 on May 4, 2026 added'])
    const stored = await prisma.fuelPurchase.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(stored).toMatchObject({ gallonsMilli: 120_125, totalCents: 41_287, jurisdiction: 'OK', taxPaid: false })
    expect(saved.location).toBe(`/dashboard/fuel/list?changed=${stored.id}`)

    const bad = await post({ ...typed, truckId: foreignTruck.id, jurisdiction: 'ZZ', gallons: '0', amount: '4.125' })
    expect(bad.status).toBe(400)
    expect(refusalOf(bad)?.fields).toEqual({
      jurisdiction: ['Enter a US state, Canadian province or MX as its two-letter code (TX, ON).'],
      gallons: ['Gallons must be more than 0.'],
      amount: ['Enter the amount in dollars with at most two decimals, such as 412.87.'],
    })
    const otherUnit = await post({ ...typed, truckId: foreignTruck.id })
    expect([otherUnit.status, refusalOf(otherUnit)?.fields]).toEqual([400, { truckId: ['Choose one of your trucks.'] }])
    expect(await prisma.fuelPurchase.count({ where: { organizationId: org.organization.id } })).toBe(1)

    // An edit from a page read before another save is a conflict, not a silent overwrite.
    const edit = (version: number, gallons: string) =>
      call(
        fuelEditor.action as Handler,
        `/dashboard/fuel/${stored.id}/edit`,
        org.users.accountant.id,
        { id: stored.id },
        postForm({ ...typed, gallons, version: String(version), taxPaid: 'on' }),
      )
    expect((await edit(1, '99.5')).status).toBe(302)
    const stale = await edit(1, '88')
    expect([stale.status, refusalOf(stale)?.conflict]).toEqual([409, true])
    expect(await prisma.fuelPurchase.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({ gallonsMilli: 99_500, taxPaid: true, version: 2 })
  })

  it('refuses changes in a filed quarter from the editor and the delete page, saying why', async () => {
    const { org, truck, actor } = await fleet()
    const stored = await createFuelPurchase(actor, purchase(truck.id, '2026-04-10', 'TX', 50))
    await fileIftaReturn(actorOf(org, 'admin'), parseQuarter('2026-Q2')!, '2026-07-15')
    const moved = await call(
      fuelEditor.action as Handler,
      `/dashboard/fuel/${stored.id}/edit`,
      org.users.accountant.id,
      { id: stored.id },
      postForm({ truckId: truck.id, purchasedAt: '2026-07-02', jurisdiction: 'TX', fuelType: 'diesel', gallons: '50', amount: '100', version: '1' }),
    )
    expect([moved.status, refusalOf(moved)?.message]).toEqual([
      409,
      'The return for 2026-Q2 is filed, so its fuel purchases and trips are closed. An administrator can reopen the quarter.',
    ])
    const removed = await call(
      fuelDelete.action as Handler,
      `/dashboard/fuel/${stored.id}/delete`,
      org.users.admin.id,
      { id: stored.id },
      postForm({ version: '1' }),
    )
    expect([removed.status, removed.toast?.title, removed.toast?.description]).toEqual([
      302,
      'The FP-1 fuel purchase of Apr 10, 2026 was kept',
      'The return for 2026-Q2 is filed, so its fuel purchases and trips are closed. An administrator can reopen the quarter.',
    ])
    expect(await prisma.fuelPurchase.count({ where: { id: stored.id } })).toBe(1)
  })

  it('keeps a truck its fuel purchases name, saying so', async () => {
    const { org, truck, actor } = await fleet()
    await createFuelPurchase(actor, purchase(truck.id, '2026-04-10', 'TX', 50))
    const kept = await refusal(deleteTruck(actorOf(org, 'admin'), truck.id, truck.version))
    expect(kept).toMatchObject({ code: 'in_use', messageKey: 'trucks.errors.inUse' })
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(1)
  })

  it('filters by quarter, unit, state and fuel type, and exports what the filters match with translated headers', async () => {
    const { org, truck, other, actor } = await fleet()
    await createFuelPurchase(actor, purchase(truck.id, '2026-04-10', 'TX', 50))
    await createFuelPurchase(actor, purchase(truck.id, '2026-04-11', 'OK', 60.5))
    await createFuelPurchase(actor, purchase(other.id, '2026-05-01', 'TX', 70))
    await createFuelPurchase(actor, purchase(truck.id, '2026-07-01', 'TX', 80))
    const rows = async (search: string) => {
      const page = await call(fuelList.loader as Handler, `/dashboard/fuel/list?${search}`, org.users.viewer.id)
      const shown = unpackRows(page.data?.rows as never) as Array<{ unit: string; jurisdiction: string; gallons: string }>
      return shown.map((row) => `${row.unit} ${row.jurisdiction} ${row.gallons}`)
    }
    expect(await rows('quarter=2026-Q2&sort=purchasedAt&dir=asc')).toEqual(['FP-1 TX 50.000', 'FP-1 OK 60.500', 'FP-2 TX 70.000'])
    expect(await rows(`quarter=2026-Q2&truckId=${truck.id}&jurisdiction=TX`)).toEqual(['FP-1 TX 50.000'])
    expect(await rows('fuelType=gasoline')).toEqual([])

    const csv = await call(
      fuelExport.loader as Handler,
      '/dashboard/fuel/export?quarter=2026-Q2&jurisdiction=OK',
      org.users.viewer.id,
      {},
      { headers: { Cookie: 'i18nextLng=fr' } },
    )
    const text = (await csv.response!.text()).replace(/^\uFEFF/, '')
    const [header, ...lines] = text.trim().split(/\r?\n/)
    expect(header.split(',').slice(0, 5)).toEqual(['Date', 'Numéro de parc', 'État ou province', 'Type de carburant', 'Gallons'])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('2026-04-11,FP-1,OK')
  })
})

describe('trip pages', () => {
  it('saves a trip with its states from the form, and refuses miles that do not add up, writing nothing', async () => {
    const { org, truck } = await fleet()
    const post = (fields: Record<string, string>) => call(tripEditor.action as Handler, '/dashboard/trips/new', org.users.dispatcher.id, {}, postForm(fields))
    const typed = {
      truckId: truck.id,
      startedAt: '2026-05-01',
      endedAt: '2026-05-02',
      startOdometer: '100000',
      endOdometer: '100500',
      'jurisdictions[0].jurisdiction': 'TX',
      'jurisdictions[0].miles': '320',
      'jurisdictions[1].jurisdiction': 'OK',
      'jurisdictions[1].miles': '180',
      'jurisdictions[1].taxableMiles': '150',
    }
    const wrong = await post({ ...typed, 'jurisdictions[1].miles': '100' })
    expect([wrong.status, refusalOf(wrong)?.fields]).toEqual([
      400,
      {
        jurisdictions: ['The miles by state must add up to the odometer’s difference (within 1 mile).'],
        'jurisdictions[1].taxableMiles': ['Taxable miles cannot be more than the miles.'],
      },
    ])
    expect(await prisma.trip.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const saved = await post(typed)
    expect([saved.status, saved.toast?.title]).toEqual([302, 'Trip of FP-1 ending May 2, 2026 added'])
    const trip = await prisma.trip.findFirstOrThrow({
      where: { organizationId: org.organization.id },
      include: { jurisdictions: { orderBy: { jurisdiction: 'asc' } } },
    })
    expect(trip.jurisdictions.map((line) => [line.jurisdiction, line.miles, line.taxableMiles])).toEqual([
      ['OK', 180, 150],
      ['TX', 320, 320],
    ])

    // "Add a state" without JavaScript: the form comes back with one more row and nothing is saved.
    const added = await post({
      ...typed,
      __intent__: JSON.stringify({ type: 'insert', payload: { name: 'jurisdictions', defaultValue: { jurisdiction: '' } } }),
    })
    const reply = added.data as { result: { initialValue: { jurisdictions: unknown[] } } }
    expect([added.status, reply.result.initialValue.jurisdictions.length]).toEqual([200, 3])
    expect(await prisma.trip.count({ where: { organizationId: org.organization.id } })).toBe(1)

    const page = await call(tripList.loader as Handler, '/dashboard/trips/list?quarter=2026-Q2', org.users.viewer.id)
    expect(unpackRows(page.data?.rows as never)).toEqual([expect.objectContaining({ unit: 'FP-1', miles: 500, jurisdictions: 'TX · OK' })])
  })

  it('shows a trip’s states in the order entered: on its page, its editor, the list and the CSV (ADR 154)', async () => {
    const { org, truck } = await fleet()
    const saved = await call(
      tripEditor.action as Handler,
      '/dashboard/trips/new',
      org.users.accountant.id,
      {},
      postForm({
        truckId: truck.id,
        startedAt: '2026-05-01',
        endedAt: '2026-05-02',
        startOdometer: '200000',
        endOdometer: '200600',
        'jurisdictions[0].jurisdiction': 'TX',
        'jurisdictions[0].miles': '300',
        'jurisdictions[1].jurisdiction': 'OK',
        'jurisdictions[1].miles': '200',
        'jurisdictions[2].jurisdiction': 'AR',
        'jurisdictions[2].miles': '100',
      }),
    )
    expect(saved.status).toBe(302)
    const { id } = await prisma.trip.findFirstOrThrow({ where: { organizationId: org.organization.id }, select: { id: true } })
    const states = (lines: unknown) => (lines as Array<{ jurisdiction: string }>).map((line) => line.jurisdiction)

    const view = await call(tripView.loader as Handler, `/dashboard/trips/${id}`, org.users.viewer.id, { id })
    expect(states((view.data?.trip as { jurisdictions: unknown }).jurisdictions)).toEqual(['TX', 'OK', 'AR'])
    const editor = await call(tripEditor.loader as Handler, `/dashboard/trips/${id}/edit`, org.users.accountant.id, { id })
    expect(states((editor.data?.record as { jurisdictions: unknown }).jurisdictions)).toEqual(['TX', 'OK', 'AR'])
    const list = await call(tripList.loader as Handler, '/dashboard/trips/list', org.users.viewer.id)
    expect(unpackRows(list.data?.rows as never)).toEqual([expect.objectContaining({ jurisdictions: 'TX · OK · AR' })])
    const csv = await call(tripExport.loader as Handler, '/dashboard/trips/export', org.users.viewer.id)
    expect(await csv.response!.text()).toContain('TX 300; OK 200; AR 100')
  })

  it('refuses another organization’s unit at its field, in the reader’s language, writing nothing', async () => {
    const { org } = await fleet()
    const theirs = await createOrg()
    const theirTruck = await prisma.truck.create({ data: { organizationId: theirs.organization.id, unitNumber: 'THEIRS-1' } })
    const form = postForm({
      truckId: theirTruck.id,
      startedAt: '2026-05-01',
      endedAt: '2026-05-02',
      startOdometer: '1000',
      endOdometer: '1500',
      'jurisdictions[0].jurisdiction': 'TX',
      'jurisdictions[0].miles': '500',
    })
    const post = (language: string) =>
      call(
        tripEditor.action as Handler,
        '/dashboard/trips/new',
        org.users.accountant.id,
        {},
        { ...form, headers: { ...form.headers, Cookie: `i18nextLng=${language}` } },
      )
    const english = await post('en')
    expect([english.status, refusalOf(english)?.fields]).toEqual([400, { truckId: ['Choose one of your trucks.'] }])
    const french = await post('fr')
    expect([french.status, refusalOf(french)?.fields]).toEqual([400, { truckId: ['Choisissez l’un de vos camions.'] }])
    for (const organizationId of [org.organization.id, theirs.organization.id]) expect(await prisma.trip.count({ where: { organizationId } })).toBe(0)
  })

  it('refuses a trip ending in a filed quarter, naming the quarter', async () => {
    const { org, truck, actor } = await fleet()
    await createTrip(
      actor,
      TripSchema.parse({
        truckId: truck.id,
        startedAt: '2026-04-01',
        endedAt: '2026-04-01',
        startOdometer: 1,
        endOdometer: 11,
        jurisdictions: [{ jurisdiction: 'TX', miles: 10 }],
      }),
    )
    await fileIftaReturn(actorOf(org, 'admin'), parseQuarter('2026-Q2')!, '2026-07-15')
    const late = await call(
      tripEditor.action as Handler,
      '/dashboard/trips/new',
      org.users.accountant.id,
      {},
      postForm({
        truckId: truck.id,
        startedAt: '2026-06-30',
        endedAt: '2026-06-30',
        startOdometer: '11',
        endOdometer: '21',
        'jurisdictions[0].jurisdiction': 'TX',
        'jurisdictions[0].miles': '10',
      }),
    )
    expect([late.status, refusalOf(late)?.message]).toEqual([
      409,
      'The return for 2026-Q2 is filed, so its fuel purchases and trips are closed. An administrator can reopen the quarter.',
    ])
    expect(await prisma.trip.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })
})
