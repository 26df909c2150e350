import { describe, expect, it } from 'vitest'

import { createTruck, deleteTruck, getTruck, listTrucks, updateTruck } from '~/models/reference/truck.server'
import { type TruckInput, TruckListQuerySchema, TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique, vin } from '../helpers'

const input = (overrides: Partial<TruckInput> = {}): TruckInput => TruckSchema.parse({ unitNumber: unique('T'), ...overrides })
const update = (overrides: Partial<TruckInput> & { version: number }) => TruckUpdateSchema.parse({ unitNumber: unique('T'), ...overrides })
const query = (overrides: Record<string, unknown> = {}) => TruckListQuerySchema.parse(overrides)

describe('truck rules', () => {
  it('creates a truck with all its fields and writes an audit event', async () => {
    const org = await createOrg()
    const truck = await createTruck(
      actorOf(org),
      input({
        unitNumber: 'T-100',
        companyId: org.company.id,
        vin: vin(1),
        make: 'Kenworth',
        model: 'T680',
        year: 2022,
        licensePlate: 'ab1234',
        plateState: 'tx',
        status: 'maintenance',
        ownership: 'leased',
        registrationExpiry: '2027-03-31',
        inspectionDue: '2026-12-15',
        odometerMiles: 123456,
        primaryDriverId: org.users.driver.id,
        notes: 'PM service',
      }),
    )
    expect(truck).toMatchObject({
      unitNumber: 'T-100',
      licensePlate: 'AB1234',
      plateState: 'TX',
      status: 'maintenance',
      version: 1,
      organizationId: org.organization.id,
    })
    expect(truck.company?.id).toBe(org.company.id)
    const events = await prisma.auditEvent.findMany({ where: { entityId: truck.id } })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ action: 'create', entity: 'truck', userId: org.users.admin.id, ip: '203.0.113.7' })
    expect(events[0].changes).toMatchObject({ unitNumber: { before: null, after: 'T-100' } })
  })

  it('refuses a duplicate unit number in the same organization (any case) but not in another', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await createTruck(actorOf(org), input({ unitNumber: 'UNIT-7' }))
    await expect(createTruck(actorOf(org), input({ unitNumber: 'unit-7' }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { unitNumber: ['trucks.errors.duplicateUnit'] },
    })
    await expect(createTruck(actorOf(other), input({ unitNumber: 'UNIT-7' }))).resolves.toMatchObject({ unitNumber: 'UNIT-7' })
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it("refuses a company or driver that is not the organization's", async () => {
    const org = await createOrg()
    const other = await createOrg()
    await expect(createTruck(actorOf(org), input({ companyId: other.company.id }))).rejects.toMatchObject({
      fields: { companyId: ['trucks.errors.unknownCompany'] },
    })
    await expect(createTruck(actorOf(org), input({ primaryDriverId: other.users.driver.id }))).rejects.toMatchObject({
      fields: { primaryDriverId: ['trucks.errors.unknownDriver'] },
    })
    // A user of the organization who is not a driver is not a driver either.
    await expect(createTruck(actorOf(org), input({ primaryDriverId: org.users.viewer.id }))).rejects.toMatchObject({
      fields: { primaryDriverId: ['trucks.errors.unknownDriver'] },
    })
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('updates with the current version and refuses a stale one without losing the other edit', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), input({ make: 'Volvo' }))
    const first = await updateTruck(actorOf(org, 'dispatcher'), truck.id, update({ unitNumber: truck.unitNumber, make: 'Mack', version: 1 }))
    expect(first).toMatchObject({ make: 'Mack', version: 2 })
    await expect(updateTruck(actorOf(org), truck.id, update({ unitNumber: truck.unitNumber, make: 'Peterbilt', version: 1 }))).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    })
    expect((await getTruck(org.organization.id, truck.id)).make).toBe('Mack')
    const updates = await prisma.auditEvent.findMany({ where: { entityId: truck.id, action: 'update' } })
    expect(updates).toHaveLength(1)
    expect(updates[0].changes).toEqual({ make: { before: 'Volvo', after: 'Mack' } })
  })

  it('replaces the whole truck on update: a field the form left empty is cleared', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), input({ companyId: org.company.id, make: 'Volvo', year: 2020, registrationExpiry: '2027-01-31', notes: 'N' }))
    const saved = await updateTruck(actorOf(org), truck.id, update({ unitNumber: truck.unitNumber, version: 1 }))
    expect(saved).toMatchObject({ companyId: null, make: null, year: null, registrationExpiry: null, notes: null, version: 2 })
  })

  it('requires the version on update, in the schema the form and the API share', () => {
    const result = TruckUpdateSchema.safeParse({ unitNumber: 'T-1' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['version'], message: 'validation.versionRequired' })])
    expect(TruckSchema.safeParse({ unitNumber: 'T-1' }).success).toBe(true)
  })

  it("never reads, changes or deletes another organization's truck", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const truck = await createTruck(actorOf(org), input({ make: 'Volvo' }))
    await expect(getTruck(other.organization.id, truck.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateTruck(actorOf(other), truck.id, update({ version: 1 }))).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteTruck(actorOf(other), truck.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getTruck(org.organization.id, truck.id)).make).toBe('Volvo')
    const listed = await listTrucks(other.organization.id, query())
    expect(listed.items.map((item) => item.id)).not.toContain(truck.id)
  })

  it('deletes with an audit event, refusing a stale version', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), input())
    await updateTruck(actorOf(org), truck.id, update({ unitNumber: truck.unitNumber, version: 1 }))
    await expect(deleteTruck(actorOf(org), truck.id, 1)).rejects.toMatchObject({ code: 'conflict' })
    await deleteTruck(actorOf(org), truck.id, 2)
    expect(await prisma.truck.findUnique({ where: { id: truck.id } })).toBeNull()
    expect(await prisma.auditEvent.count({ where: { entityId: truck.id, action: 'delete' } })).toBe(1)
  })
})

describe('truck list', () => {
  it('searches unit number, VIN and plate; filters by status and company; sorts and pages', async () => {
    const org = await createOrg()
    const second = await prisma.company.create({ data: { organizationId: org.organization.id, name: 'Zeta Hauling' } })
    const actor = actorOf(org)
    for (let i = 1; i <= 12; i++) {
      await createTruck(
        actor,
        input({
          unitNumber: `U-${String(i).padStart(2, '0')}`,
          vin: vin(100 + i),
          licensePlate: `PL${i}`,
          status: i % 3 === 0 ? 'maintenance' : 'available',
          companyId: i % 2 === 0 ? second.id : org.company.id,
          year: 2010 + i,
        }),
      )
    }
    expect((await listTrucks(org.organization.id, query({ q: 'u-07' }))).items.map((t) => t.unitNumber)).toEqual(['U-07'])
    expect((await listTrucks(org.organization.id, query({ q: vin(105).slice(-6).toLowerCase() }))).items.map((t) => t.unitNumber)).toEqual(['U-05'])
    expect((await listTrucks(org.organization.id, query({ q: 'pl11' }))).items.map((t) => t.unitNumber)).toEqual(['U-11'])
    expect((await listTrucks(org.organization.id, query({ status: 'maintenance' }))).total).toBe(4)
    expect((await listTrucks(org.organization.id, query({ companyId: second.id, status: 'maintenance' }))).items.map((t) => t.unitNumber)).toEqual([
      'U-06',
      'U-12',
    ])

    const byYear = await listTrucks(org.organization.id, query({ sort: 'year', dir: 'desc', pageSize: '10' }))
    expect(byYear.items[0].unitNumber).toBe('U-12')
    expect(byYear.total).toBe(12)
    expect(byYear.items).toHaveLength(10)
    const page2 = await listTrucks(org.organization.id, query({ sort: 'year', dir: 'desc', pageSize: '10', page: '2' }))
    expect(page2.items.map((t) => t.unitNumber)).toEqual(['U-02', 'U-01'])
    const byCompany = await listTrucks(org.organization.id, query({ sort: 'company', dir: 'desc' }))
    expect(byCompany.items[0].company?.name).toBe('Zeta Hauling')
  })

  it('falls back to defaults for nonsense query values instead of failing', () => {
    expect(query({ sort: 'password', dir: 'sideways', page: '-4', pageSize: '7', status: 'flying' })).toEqual({
      sort: 'unitNumber',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      status: undefined,
    })
  })
})
