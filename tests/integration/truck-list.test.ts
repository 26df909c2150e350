import { describe, expect, it } from 'vitest'

import { countTrucksByCompliance, createTruck, listTrucks } from '~/models/reference/truck.server'
import * as collection from '~/routes/api/trucks/collection'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import * as truckList from '~/routes/dashboard/trucks/list'
import { type TruckInput, TruckListQuerySchema, TruckSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'

const input = (overrides: Partial<TruckInput> = {}): TruckInput => TruckSchema.parse({ unitNumber: unique('T'), ...overrides })
const query = (overrides: Record<string, unknown> = {}) => TruckListQuerySchema.parse(overrides)
const units = (result: { items: Array<{ unitNumber: string }> }) => result.items.map((truck) => truck.unitNumber).sort()

/** YYYY-MM-DD, `days` from today (UTC), the way the editor and the API write dates. */
function day(days: number) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * 86_400_000).toISOString().slice(0, 10)
}

describe('the truck list page', () => {
  it('clamps a page past the end to the last page, keeping the other parameters', async () => {
    const org = await createOrg()
    for (let n = 1; n <= 12; n++) await createTruck(actorOf(org), input({ unitNumber: `PG-${String(n).padStart(2, '0')}` }))
    const result = await callPage(truckList.loader as Handler, '/dashboard/trucks/list?q=PG&pageSize=10&page=99', org.users.admin.id)
    expect(result).toMatchObject({ status: 302, location: '/dashboard/trucks/list?q=PG&pageSize=10&page=2' })
  })

  it('ignores a returnTo that leaves the truck list, on the edit page and in its post', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), input({ unitNumber: 'RT-1' }))
    const evil = '/\t/evil.example/dashboard/trucks/list'
    const page = await callPage(truckEditor.loader as Handler, `/dashboard/trucks/${truck.id}/edit?returnTo=${encodeURIComponent(evil)}`, org.users.admin.id, {
      id: truck.id,
    })
    expect(page.data).toMatchObject({ returnTo: '/dashboard/trucks/list' })
    const saved = await callPage(
      truckEditor.action as Handler,
      `/dashboard/trucks/${truck.id}/edit`,
      org.users.admin.id,
      { id: truck.id },
      // Another page of the app: a hostile host is dropped by withChanged too, this only by listReturnTo.
      postForm({ unitNumber: 'RT-1', status: 'available', ownership: 'company', version: String(truck.version), returnTo: '/dashboard/users/list' }),
    )
    expect(saved).toMatchObject({ status: 302, location: `/dashboard/trucks/list?changed=${truck.id}` })
  })
})

describe('truck search', () => {
  it('finds make, model and company as well as unit, VIN and plate', async () => {
    const org = await createOrg()
    await prisma.company.update({ where: { id: org.company.id }, data: { name: 'Prairie Haulers' } })
    await createTruck(actorOf(org), input({ unitNumber: 'S-1', make: 'Kenworth', model: 'T680' }))
    await createTruck(actorOf(org), input({ unitNumber: 'S-2', make: 'Volvo', model: 'VNL 860', companyId: org.company.id }))
    await createTruck(actorOf(org), input({ unitNumber: 'S-3', make: 'Mack', model: 'Anthem' }))

    expect(units(await listTrucks(org.organization.id, query({ q: 'kenworth' })))).toEqual(['S-1'])
    expect(units(await listTrucks(org.organization.id, query({ q: 'vnl' })))).toEqual(['S-2'])
    expect(units(await listTrucks(org.organization.id, query({ q: 'prairie' })))).toEqual(['S-2'])
    expect(units(await listTrucks(org.organization.id, query({ q: 'anth' })))).toEqual(['S-3'])
  })

  it('ignores spaces and dashes in plates, in either direction, and never crosses organizations', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await createTruck(actorOf(org), input({ unitNumber: 'P-1', licensePlate: 'ABC123' }))
    await createTruck(actorOf(org), input({ unitNumber: 'P-2', licensePlate: 'XYZ 789' }))
    await createTruck(actorOf(org), input({ unitNumber: 'P-3', licensePlate: 'QRS-456' }))
    await createTruck(actorOf(other), input({ unitNumber: 'P-9', licensePlate: 'ABC123' }))

    expect(units(await listTrucks(org.organization.id, query({ q: 'ABC 123' })))).toEqual(['P-1'])
    expect(units(await listTrucks(org.organization.id, query({ q: 'xyz789' })))).toEqual(['P-2'])
    expect(units(await listTrucks(org.organization.id, query({ q: 'qrs 456' })))).toEqual(['P-3'])
  })

  it('searches the same way through GET /api/trucks', async () => {
    const org = await createOrg()
    await createTruck(actorOf(org), input({ unitNumber: 'A-1', licensePlate: 'TX 4455', make: 'Freightliner' }))
    await createTruck(actorOf(org), input({ unitNumber: 'A-2', make: 'Peterbilt' }))
    const byPlate = await callApi(collection, { path: '/api/trucks?q=TX4455', token: org.users.viewer.token })
    expect(byPlate.status).toBe(200)
    expect(byPlate.body.data.map((truck: { unitNumber: string }) => truck.unitNumber)).toEqual(['A-1'])
    const byMake = await callApi(collection, { path: '/api/trucks?q=peterbilt', token: org.users.viewer.token })
    expect(byMake.body.data.map((truck: { unitNumber: string }) => truck.unitNumber)).toEqual(['A-2'])
  })
})

describe('truck compliance', () => {
  async function fleet() {
    const org = await createOrg()
    const actor = actorOf(org)
    await createTruck(actor, input({ unitNumber: 'C-INSPECTION-LATE', inspectionDue: day(-1), registrationExpiry: day(200) }))
    await createTruck(actor, input({ unitNumber: 'C-REGISTRATION-LATE', inspectionDue: day(10), registrationExpiry: day(-40) }))
    await createTruck(actor, input({ unitNumber: 'C-INSPECTION-SOON', inspectionDue: day(0), registrationExpiry: day(365) }))
    await createTruck(actor, input({ unitNumber: 'C-REGISTRATION-SOON', registrationExpiry: day(30) }))
    await createTruck(actor, input({ unitNumber: 'C-FINE', inspectionDue: day(31), registrationExpiry: day(90) }))
    await createTruck(actor, input({ unitNumber: 'C-NO-DATES' }))
    return org
  }

  it('filters overdue and due within 30 days, without counting a truck in both', async () => {
    const org = await fleet()
    expect(units(await listTrucks(org.organization.id, query({ compliance: 'overdue' })))).toEqual(['C-INSPECTION-LATE', 'C-REGISTRATION-LATE'])
    expect(units(await listTrucks(org.organization.id, query({ compliance: 'due_soon' })))).toEqual(['C-INSPECTION-SOON', 'C-REGISTRATION-SOON'])
    expect(await countTrucksByCompliance(org.organization.id)).toEqual({ overdue: 2, due_soon: 2 })
    // Combined with a search, both conditions hold.
    expect(units(await listTrucks(org.organization.id, query({ compliance: 'overdue', q: 'registration' })))).toEqual(['C-REGISTRATION-LATE'])
  })

  it('filters through GET /api/trucks?compliance= with the same list schema (an unknown value is ignored)', async () => {
    const org = await fleet()
    const overdue = await callApi(collection, { path: '/api/trucks?compliance=overdue', token: org.users.viewer.token })
    expect(overdue.status).toBe(200)
    expect(overdue.body.meta.total).toBe(2)
    expect(overdue.body.data.map((truck: { unitNumber: string }) => truck.unitNumber).sort()).toEqual(['C-INSPECTION-LATE', 'C-REGISTRATION-LATE'])
    const soon = await callApi(collection, { path: '/api/trucks?compliance=due_soon', token: org.users.viewer.token })
    expect(soon.body.meta.total).toBe(2)
    const unknown = await callApi(collection, { path: '/api/trucks?compliance=late', token: org.users.viewer.token })
    expect(unknown.status).toBe(200)
    expect(unknown.body.meta.total).toBe(6)
  })
})
