import { describe, expect, it } from 'vitest'

import { createTrailer, deleteTrailer, getTrailer, listTrailers, updateTrailer } from '~/models/reference/trailer.server'
import { type TrailerInput, TrailerListQuerySchema, TrailerSchema, TrailerUpdateSchema } from '~/schemas/trailer'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique, vin } from '../helpers'

const input = (overrides: Partial<TrailerInput> = {}): TrailerInput => TrailerSchema.parse({ unitNumber: unique('TR'), ...overrides })
const update = (overrides: Partial<TrailerInput> & { version: number }) => TrailerUpdateSchema.parse({ unitNumber: unique('TR'), ...overrides })
const query = (overrides: Record<string, unknown> = {}) => TrailerListQuerySchema.parse(overrides)

describe('trailer rules', () => {
  it('creates a trailer with all its fields and writes an audit event', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(
      actorOf(org),
      input({
        unitNumber: 'TR-100',
        companyId: org.company.id,
        type: 'reefer',
        lengthFt: 53,
        vin: vin(1).toLowerCase(),
        licensePlate: 'ab1234',
        plateState: 'tx',
        status: 'maintenance',
        registrationExpiry: '2027-03-31',
        inspectionDue: '2026-12-15',
        notes: 'Reefer unit serviced',
      }),
    )
    expect(trailer).toMatchObject({
      unitNumber: 'TR-100',
      type: 'reefer',
      lengthFt: 53,
      vin: vin(1),
      licensePlate: 'AB1234',
      plateState: 'TX',
      status: 'maintenance',
      version: 1,
      organizationId: org.organization.id,
      customFields: {},
    })
    expect(trailer.company?.id).toBe(org.company.id)
    expect(trailer.inspectionDue?.toISOString()).toBe('2026-12-15T00:00:00.000Z')
    const events = await prisma.auditEvent.findMany({ where: { entityId: trailer.id } })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ action: 'create', entity: 'trailer', userId: org.users.admin.id, ip: '203.0.113.7' })
    expect(events[0].changes).toMatchObject({ unitNumber: { before: null, after: 'TR-100' } })
  })

  it('defaults the type to dry van and the status to available; validates VIN and length in the schema', () => {
    expect(TrailerSchema.parse({ unitNumber: 'TR-1' })).toMatchObject({ type: 'dry_van', status: 'available' })
    const bad = TrailerSchema.safeParse({ unitNumber: 'TR-1', vin: '1FUJGLDR6CLBP8834', lengthFt: 120, type: 'boat' })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['type', 'validation.choice'],
      ['lengthFt', 'validation.tooLarge'],
      ['vin', 'trailers.errors.vin'],
    ])
  })

  it('refuses a duplicate unit number or VIN in the same organization (any case) but not in another', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await createTrailer(actorOf(org), input({ unitNumber: 'UNIT-7', vin: vin(7) }))
    await expect(createTrailer(actorOf(org), input({ unitNumber: 'unit-7', vin: vin(7) }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { unitNumber: ['trailers.errors.duplicateUnit'], vin: ['validation.vinTaken'] },
    })
    await expect(createTrailer(actorOf(other), input({ unitNumber: 'UNIT-7', vin: vin(7) }))).resolves.toMatchObject({ unitNumber: 'UNIT-7' })
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('has the database itself refuse a unit number or VIN that differs only in case (CITEXT indexes)', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await prisma.trailer.create({ data: { organizationId, unitNumber: 'Case-1', vin: 'ABCDEFGH1JK123456' } })
    await expect(prisma.trailer.create({ data: { organizationId, unitNumber: 'CASE-1' } })).rejects.toMatchObject({ code: 'P2002' })
    await expect(prisma.trailer.create({ data: { organizationId, unitNumber: 'Case-2', vin: 'abcdefgh1jk123456' } })).rejects.toMatchObject({ code: 'P2002' })
    expect(await prisma.trailer.count({ where: { organizationId } })).toBe(1)
  })

  it('lets one of many parallel creates with the same unit number in different cases win; the others get the field error', async () => {
    const org = await createOrg()
    const results = await Promise.allSettled(['RACE-1', 'race-1', 'Race-1', 'rACE-1'].map((unitNumber) => createTrailer(actorOf(org), input({ unitNumber }))))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ code: 'validation_failed', fields: { unitNumber: ['trailers.errors.duplicateUnit'] } })
    }
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it("refuses a company that is not the organization's, and custom fields that are not defined", async () => {
    const org = await createOrg()
    const other = await createOrg()
    await expect(createTrailer(actorOf(org), input({ companyId: other.company.id }))).rejects.toMatchObject({
      fields: { companyId: ['trailers.errors.unknownCompany'] },
    })
    await expect(createTrailer(actorOf(org), input({ customFields: { door_type: 'swing' } }))).rejects.toMatchObject({
      fields: { 'customFields.door_type': ['validation.customFieldUnknown'] },
    })
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('updates with the current version and refuses a stale one without losing the other edit', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(actorOf(org), input({ lengthFt: 48 }))
    const first = await updateTrailer(actorOf(org, 'dispatcher'), trailer.id, update({ unitNumber: trailer.unitNumber, lengthFt: 53, version: 1 }))
    expect(first).toMatchObject({ lengthFt: 53, version: 2 })
    await expect(updateTrailer(actorOf(org), trailer.id, update({ unitNumber: trailer.unitNumber, lengthFt: 28, version: 1 }))).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    })
    expect((await getTrailer(org.organization.id, trailer.id)).lengthFt).toBe(53)
    const updates = await prisma.auditEvent.findMany({ where: { entityId: trailer.id, action: 'update' } })
    expect(updates).toHaveLength(1)
    expect(updates[0].changes).toEqual({ lengthFt: { before: 48, after: 53 } })
  })

  it('replaces the whole trailer on update: a field the form left empty is cleared', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(
      actorOf(org),
      input({ companyId: org.company.id, lengthFt: 53, licensePlate: 'AB1234', inspectionDue: '2026-12-15', notes: 'N' }),
    )
    const saved = await updateTrailer(actorOf(org), trailer.id, update({ unitNumber: trailer.unitNumber, version: 1 }))
    expect(saved).toMatchObject({ companyId: null, lengthFt: null, licensePlate: null, inspectionDue: null, notes: null, version: 2 })
  })

  it('keeps its own unit number on update, but refuses another trailer’s', async () => {
    const org = await createOrg()
    const a = await createTrailer(actorOf(org), input({ unitNumber: 'TR-A' }))
    await createTrailer(actorOf(org), input({ unitNumber: 'TR-B' }))
    await expect(updateTrailer(actorOf(org), a.id, update({ unitNumber: 'tr-a', version: 1 }))).resolves.toMatchObject({ unitNumber: 'tr-a', version: 2 })
    await expect(updateTrailer(actorOf(org), a.id, update({ unitNumber: 'tr-b', version: 2 }))).rejects.toMatchObject({
      fields: { unitNumber: ['trailers.errors.duplicateUnit'] },
    })
  })

  it('requires the version on update, in the schema the form and the API share', () => {
    const result = TrailerUpdateSchema.safeParse({ unitNumber: 'TR-1' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['version'], message: 'validation.versionRequired' })])
  })

  it("never reads, changes or deletes another organization's trailer", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const trailer = await createTrailer(actorOf(org), input({ notes: 'mine' }))
    await expect(getTrailer(other.organization.id, trailer.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateTrailer(actorOf(other), trailer.id, update({ version: 1 }))).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteTrailer(actorOf(other), trailer.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getTrailer(org.organization.id, trailer.id)).notes).toBe('mine')
    const listed = await listTrailers(other.organization.id, query())
    expect(listed.items.map((item) => item.id)).not.toContain(trailer.id)
  })

  it('deletes with an audit event, refusing a stale version', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(actorOf(org), input())
    await updateTrailer(actorOf(org), trailer.id, update({ unitNumber: trailer.unitNumber, version: 1 }))
    await expect(deleteTrailer(actorOf(org), trailer.id, 1)).rejects.toMatchObject({ code: 'conflict' })
    expect(await prisma.trailer.count({ where: { id: trailer.id } })).toBe(1)
    await deleteTrailer(actorOf(org), trailer.id, 2)
    expect(await prisma.trailer.findUnique({ where: { id: trailer.id } })).toBeNull()
    expect(await prisma.auditEvent.count({ where: { entityId: trailer.id, action: 'delete' } })).toBe(1)
  })

  it('lets exactly one of many parallel deletes win', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(actorOf(org), input())
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => deleteTrailer(actorOf(org), trailer.id, 1)))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await prisma.auditEvent.count({ where: { entityId: trailer.id, action: 'delete' } })).toBe(1)
  })

  it('refuses to delete a company that still has trailers', async () => {
    const org = await createOrg()
    await createTrailer(actorOf(org), input({ companyId: org.company.id }))
    await expect(prisma.company.delete({ where: { id: org.company.id } })).rejects.toThrow()
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })
})

describe('trailer list', () => {
  it('searches unit number, VIN and plate (spaces and dashes ignored); filters by status, type and company; sorts and pages', async () => {
    const org = await createOrg()
    const second = await prisma.company.create({ data: { organizationId: org.organization.id, name: 'Zeta Hauling' } })
    const actor = actorOf(org)
    for (let i = 1; i <= 12; i++) {
      await createTrailer(
        actor,
        input({
          unitNumber: `R-${String(i).padStart(2, '0')}`,
          vin: vin(200 + i),
          licensePlate: `PL-${i}`,
          status: i % 3 === 0 ? 'maintenance' : 'available',
          type: i % 4 === 0 ? 'flatbed' : 'dry_van',
          companyId: i % 2 === 0 ? second.id : org.company.id,
          lengthFt: 20 + i,
        }),
      )
    }
    const units = (result: Awaited<ReturnType<typeof listTrailers>>) => result.items.map((t) => t.unitNumber)
    const list = (overrides: Record<string, unknown>) => listTrailers(org.organization.id, query(overrides))
    expect(units(await list({ q: 'r-07' }))).toEqual(['R-07'])
    expect(units(await list({ q: vin(205).slice(-6).toLowerCase() }))).toEqual(['R-05'])
    expect(units(await list({ q: 'pl 11' }))).toEqual(['R-11'])
    expect((await list({ status: 'maintenance' })).total).toBe(4)
    expect(units(await list({ type: 'flatbed' }))).toEqual(['R-04', 'R-08', 'R-12'])
    expect(units(await list({ companyId: second.id, status: 'maintenance' }))).toEqual(['R-06', 'R-12'])

    const byLength = await list({ sort: 'lengthFt', dir: 'desc', pageSize: '10' })
    expect(byLength.items[0].unitNumber).toBe('R-12')
    expect(byLength.total).toBe(12)
    expect(byLength.items).toHaveLength(10)
    expect(units(await list({ sort: 'lengthFt', dir: 'desc', pageSize: '10', page: '2' }))).toEqual(['R-02', 'R-01'])
    expect((await list({ sort: 'company', dir: 'desc' })).items[0].company?.name).toBe('Zeta Hauling')
  })

  it('falls back to defaults for nonsense query values instead of failing', () => {
    expect(query({ sort: 'password', dir: 'sideways', page: '-4', pageSize: '7', status: 'flying', type: 'boat', companyId: '../x' })).toEqual({
      sort: 'unitNumber',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      status: undefined,
      type: undefined,
      companyId: undefined,
    })
  })
})
