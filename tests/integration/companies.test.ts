import { describe, expect, it } from 'vitest'

import { saveAgreement } from '~/models/factoring/factoring.server'
import { loadEditorOptions } from '~/models/loads/load-pickers.server'
import {
  createCompany,
  deleteCompany,
  getCompany,
  getCompanyOverview,
  listCompanies,
  listCompanyOptions,
  updateCompany,
} from '~/models/reference/company.server'
import { createTrailer } from '~/models/reference/trailer.server'
import { createTruck } from '~/models/reference/truck.server'
import { type CompanyInput, CompanyListQuerySchema, CompanySchema, CompanyUpdateSchema } from '~/schemas/company'
import { AgreementSchema } from '~/schemas/factoring'
import { TrailerSchema } from '~/schemas/trailer'
import { TruckSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, refusal, runBackfill, unique } from '../helpers'

const input = (overrides: Partial<Record<keyof CompanyInput, unknown>> = {}): CompanyInput => CompanySchema.parse({ name: unique('Carrier'), ...overrides })
const update = (overrides: Partial<Record<keyof CompanyInput, unknown>> & { version: number }) =>
  CompanyUpdateSchema.parse({ name: unique('Carrier'), ...overrides })
const query = (overrides: Record<string, unknown> = {}) => CompanyListQuerySchema.parse(overrides)
const truck = (companyId: string) => TruckSchema.parse({ unitNumber: unique('T').slice(0, 20), companyId })
const trailer = (companyId: string) => TrailerSchema.parse({ unitNumber: unique('TR').slice(0, 20), companyId })

describe('company rules', () => {
  it('creates a company with all its fields, normalizing MC, DOT, SCAC and codes, and writes an audit event', async () => {
    const org = await createOrg()
    const company = await createCompany(
      actorOf(org),
      input({
        name: 'Prairie Wind Logistics',
        legalName: 'Prairie Wind Logistics LLC',
        mcNumber: 'mc-812 345',
        dotNumber: 'USDOT 2456789',
        scac: 'pwlg',
        email: 'Dispatch@PrairieWind.example',
        phone: '+1 (405) 555-0142',
        addressLine1: '1200 NW 10th St',
        addressLine2: 'Suite 4',
        city: 'Oklahoma City',
        state: 'ok',
        postalCode: '73106',
        country: 'us',
        factoringName: 'Triumph Business Capital',
        factoringRemitTo: 'PO Box 610028\nDallas, TX 75261',
        status: 'inactive',
        notes: 'Hazmat endorsed drivers',
      }),
    )
    expect(company).toMatchObject({
      name: 'Prairie Wind Logistics',
      legalName: 'Prairie Wind Logistics LLC',
      mcNumber: '812345',
      dotNumber: '2456789',
      scac: 'PWLG',
      email: 'dispatch@prairiewind.example',
      phone: '+1 (405) 555-0142',
      state: 'OK',
      country: 'US',
      factoringName: 'Triumph Business Capital',
      factoringRemitTo: 'PO Box 610028\nDallas, TX 75261',
      status: 'inactive',
      version: 1,
      organizationId: org.organization.id,
      customFields: {},
      _count: { trucks: 0, trailers: 0, users: 0 },
    })
    const events = await prisma.auditEvent.findMany({ where: { entityId: company.id } })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ action: 'create', entity: 'company', userId: org.users.admin.id, ip: '203.0.113.7' })
    expect(events[0].changes).toMatchObject({ name: { before: null, after: 'Prairie Wind Logistics' }, mcNumber: { before: null, after: '812345' } })
  })

  it('validates MC, DOT, SCAC, email, phone and country in the schema the form and the API share', () => {
    expect(CompanySchema.parse({ name: 'A' })).toMatchObject({ status: 'active' })
    const bad = CompanySchema.safeParse({
      name: ' ',
      mcNumber: 'MC-12A',
      dotNumber: '123456789',
      scac: 'A1',
      email: 'not-an-email',
      phone: '12345',
      country: 'USA',
      status: 'closed',
    })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'validation.required'],
      ['mcNumber', 'companies.errors.mcNumber'],
      ['dotNumber', 'companies.errors.dotNumber'],
      ['scac', 'companies.errors.scac'],
      ['email', 'validation.email'],
      ['phone', 'companies.errors.phone'],
      ['country', 'validation.tooLong'],
      ['status', 'validation.choice'],
    ])
  })

  it('refuses a name, MC or DOT number taken in the same organization (any case, any spelling) but not in another', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await createCompany(actorOf(org), input({ name: 'Red River Carriers', mcNumber: '445566', dotNumber: '998877' }))
    await expect(createCompany(actorOf(org), input({ name: 'RED RIVER carriers', mcNumber: 'MC 445566', dotNumber: 'DOT-998877' }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: {
        name: ['companies.errors.duplicateName'],
        mcNumber: ['companies.errors.duplicateMc'],
        dotNumber: ['companies.errors.duplicateDot'],
      },
    })
    await expect(createCompany(actorOf(other), input({ name: 'Red River Carriers', mcNumber: '445566', dotNumber: '998877' }))).resolves.toMatchObject({
      name: 'Red River Carriers',
    })
    expect(await prisma.company.count({ where: { organizationId: org.organization.id, name: 'red river carriers' } })).toBe(1)
  })

  it('has the database itself refuse a name that differs only in case (CITEXT unique index)', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await prisma.company.create({ data: { organizationId, name: 'Case Hauling' } })
    await expect(prisma.company.create({ data: { organizationId, name: 'CASE HAULING' } })).rejects.toMatchObject({ code: 'P2002' })
  })

  it('lets one of many parallel creates with the same name in different cases win; the others get the field error', async () => {
    const org = await createOrg()
    const results = await Promise.allSettled(
      ['Race Freight', 'race freight', 'RACE FREIGHT', 'Race FREIGHT'].map((name) => createCompany(actorOf(org), input({ name }))),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'validation_failed', fields: { name: ['companies.errors.duplicateName'] } })
    }
    expect(await prisma.company.count({ where: { organizationId: org.organization.id, name: 'race freight' } })).toBe(1)
  })

  it('refuses custom fields that are not defined for companies', async () => {
    const org = await createOrg()
    await expect(createCompany(actorOf(org), input({ customFields: { insurance_carrier: 'Progressive' } }))).rejects.toMatchObject({
      fields: { 'customFields.insurance_carrier': ['validation.customFieldUnknown'] },
    })
  })

  it('updates with the current version and refuses a stale one without losing the other edit', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), input({ city: 'Tulsa' }))
    const first = await updateCompany(actorOf(org, 'dispatcher'), company.id, update({ name: company.name, city: 'Amarillo', version: 1 }))
    expect(first).toMatchObject({ city: 'Amarillo', version: 2 })
    await expect(updateCompany(actorOf(org), company.id, update({ name: company.name, city: 'Waco', version: 1 }))).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    })
    expect((await getCompany(org.organization.id, company.id)).city).toBe('Amarillo')
    const updates = await prisma.auditEvent.findMany({ where: { entityId: company.id, action: 'update' } })
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({ userId: org.users.dispatcher.id })
    expect(updates[0].changes).toEqual({ city: { before: 'Tulsa', after: 'Amarillo' } })
  })

  it('replaces the whole company on update: a field the form left empty is cleared', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), input({ legalName: 'Acme LLC', city: 'Dallas', notes: 'N' }))
    const saved = await updateCompany(actorOf(org), company.id, update({ name: company.name, version: 1 }))
    expect(saved).toMatchObject({ legalName: null, city: null, notes: null, version: 2 })
  })

  it('keeps its own name on update (in another case), but refuses another company’s', async () => {
    const org = await createOrg()
    const a = await createCompany(actorOf(org), input({ name: 'Alpha Freight' }))
    await createCompany(actorOf(org), input({ name: 'Beta Freight' }))
    await expect(updateCompany(actorOf(org), a.id, update({ name: 'ALPHA Freight', version: 1 }))).resolves.toMatchObject({ name: 'ALPHA Freight', version: 2 })
    await expect(updateCompany(actorOf(org), a.id, update({ name: 'beta freight', version: 2 }))).rejects.toMatchObject({
      fields: { name: ['companies.errors.duplicateName'] },
    })
  })

  it("never reads, lists, changes or deletes another organization's company", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const company = await createCompany(actorOf(org), input({ notes: 'mine' }))
    await expect(getCompany(other.organization.id, company.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getCompanyOverview(other.organization.id, company.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateCompany(actorOf(other), company.id, update({ version: 1 }))).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteCompany(actorOf(other), company.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getCompany(org.organization.id, company.id)).notes).toBe('mine')
    expect((await listCompanies(other.organization.id, query())).items.map((item) => item.id)).not.toContain(company.id)
    expect((await listCompanyOptions(other.organization.id)).map((item) => item.id)).not.toContain(company.id)
  })

  it('deletes a free company with an audit event, refusing a stale version', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), input())
    await updateCompany(actorOf(org), company.id, update({ name: company.name, version: 1 }))
    await expect(deleteCompany(actorOf(org), company.id, 1)).rejects.toMatchObject({ code: 'conflict' })
    expect(await prisma.company.count({ where: { id: company.id } })).toBe(1)
    await deleteCompany(actorOf(org), company.id, 2)
    expect(await prisma.company.findUnique({ where: { id: company.id } })).toBeNull()
    const deletes = await prisma.auditEvent.findMany({ where: { entityId: company.id, action: 'delete' } })
    expect(deletes).toHaveLength(1)
    expect(deletes[0].changes).toMatchObject({ name: { before: company.name, after: null } })
  })

  it('refuses to delete a company its trucks, trailers or users still use (409 in_use naming them), clearing nothing', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), input({ name: 'Busy Carrier' }))
    const cases: Array<[string, () => Promise<unknown>, { trucks: number; trailers: number; users: number }]> = [
      ['truck', () => createTruck(actorOf(org), truck(company.id)), { trucks: 1, trailers: 0, users: 0 }],
      ['trailer', () => createTrailer(actorOf(org), trailer(company.id)), { trucks: 1, trailers: 1, users: 0 }],
      ['driver', () => prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: company.id } }), { trucks: 1, trailers: 1, users: 1 }],
    ]
    for (const [what, assign, usage] of cases) {
      await assign()
      await expect(deleteCompany(actorOf(org), company.id, 1), what).rejects.toMatchObject({
        code: 'in_use',
        status: 409,
        messageKey: 'companies.errors.inUse',
        options: { params: { name: 'Busy Carrier', ...usage } },
      })
    }
    // Each kind of reference alone blocks the delete too (the users key used to be SET NULL).
    await prisma.truck.deleteMany({ where: { companyId: company.id } })
    await prisma.trailer.deleteMany({ where: { companyId: company.id } })
    await expect(deleteCompany(actorOf(org), company.id)).rejects.toMatchObject({ code: 'in_use', options: { params: { trucks: 0, trailers: 0, users: 1 } } })
    expect((await prisma.user.findUniqueOrThrow({ where: { id: org.users.driver.id } })).companyId).toBe(company.id)
    expect(await prisma.company.count({ where: { id: company.id } })).toBe(1)
    expect(await prisma.auditEvent.count({ where: { entityId: company.id, action: 'delete' } })).toBe(0)

    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: null } })
    await expect(deleteCompany(actorOf(org), company.id, 1)).resolves.toMatchObject({ id: company.id })
  })

  it('never deletes a company while a truck is being assigned to it in parallel: one of the two wins, the database decides', async () => {
    const org = await createOrg()
    for (let round = 0; round < 6; round++) {
      const company = await createCompany(actorOf(org), input())
      const [deleted, assigned] = await Promise.allSettled([
        deleteCompany(actorOf(org), company.id, 1),
        round % 2
          ? createTruck(actorOf(org), truck(company.id))
          : prisma.user.create({
              data: {
                organizationId: org.organization.id,
                email: `${unique('race')}@example.test`,
                passwordHash: 'x',
                firstName: 'R',
                lastName: 'D',
                role: 'driver',
                companyId: company.id,
              },
            }),
      ])
      const exists = (await prisma.company.count({ where: { id: company.id } })) === 1
      const referencing = (await prisma.truck.count({ where: { companyId: company.id } })) + (await prisma.user.count({ where: { companyId: company.id } }))
      if (deleted.status === 'fulfilled') {
        expect({ round, exists, assigned: assigned.status, referencing }).toEqual({ round, exists: false, assigned: 'rejected', referencing: 0 })
      } else {
        expect({ round, code: deleted.reason.code, exists, assigned: assigned.status, referencing }).toEqual({
          round,
          code: 'in_use',
          exists: true,
          assigned: 'fulfilled',
          referencing: 1,
        })
      }
    }
  })

  it('still lets a whole organization be deleted with its companies, trucks, trailers and users (the RESTRICT keys do not block the cascade)', async () => {
    const org = await createOrg()
    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: org.company.id } })
    await createTruck(actorOf(org), truck(org.company.id))
    await createTrailer(actorOf(org), trailer(org.company.id))
    await prisma.organization.delete({ where: { id: org.organization.id } })
    expect(await prisma.company.count({ where: { id: org.company.id } })).toBe(0)
    expect(await prisma.user.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('offers active companies to new records, and keeps a record’s inactive company in its own picker', async () => {
    const org = await createOrg()
    const dormant = await createCompany(actorOf(org), input({ name: 'Dormant Freight', status: 'inactive' }))
    const names = async (options: Parameters<typeof listCompanyOptions>[1]) =>
      (await listCompanyOptions(org.organization.id, options)).map((company) => company.name)
    expect(await names({ activeOnly: true })).toEqual([org.company.name])
    expect(await names({ activeOnly: true, keepId: dormant.id })).toEqual(['Dormant Freight', org.company.name])
    expect(await names({})).toEqual(['Dormant Freight', org.company.name])
  })

  it('shows its trucks, trailers and drivers with counts on its page', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), input())
    for (let i = 0; i < 12; i++) await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: `OV-${String(i).padStart(2, '0')}`, companyId: company.id }))
    await createTrailer(actorOf(org), trailer(company.id))
    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: company.id } })
    await prisma.user.update({ where: { id: org.users.viewer.id }, data: { companyId: company.id } })
    const overview = await getCompanyOverview(org.organization.id, company.id)
    expect(overview.company._count).toEqual({ trucks: 12, trailers: 1, users: 1 })
    expect(overview.trucks.map((t) => t.unitNumber)).toEqual(Array.from({ length: 10 }, (_, i) => `OV-${String(i).padStart(2, '0')}`))
    expect(overview.trailers).toHaveLength(1)
    expect(overview.drivers.map((d) => d.id)).toEqual([org.users.driver.id])
  })
})

describe('company list', () => {
  it('searches name, legal name, city, MC and DOT; filters by status; sorts by name and truck count; pages; counts per row', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    await prisma.company.delete({ where: { id: org.company.id } })
    const made = []
    for (let i = 1; i <= 12; i++) {
      made.push(
        await createCompany(
          actor,
          input({
            name: `Carrier ${String(i).padStart(2, '0')}`,
            legalName: i === 3 ? 'Southern Plains Transport Inc' : undefined,
            city: i === 5 ? 'Lubbock' : 'Dallas',
            mcNumber: String(700_000 + i),
            dotNumber: String(3_100_000 + i),
            status: i % 4 === 0 ? 'inactive' : 'active',
          }),
        ),
      )
    }
    for (let i = 0; i < 3; i++) await createTruck(actor, truck(made[6].id))
    await createTruck(actor, truck(made[1].id))
    await createTrailer(actor, trailer(made[6].id))
    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: made[6].id } })

    const names = (result: Awaited<ReturnType<typeof listCompanies>>) => result.items.map((company) => company.name)
    const list = (overrides: Record<string, unknown>) => listCompanies(org.organization.id, query(overrides))
    expect(names(await list({ q: 'carrier 07' }))).toEqual(['Carrier 07'])
    expect(names(await list({ q: 'southern plains' }))).toEqual(['Carrier 03'])
    expect(names(await list({ q: 'lubbock' }))).toEqual(['Carrier 05'])
    expect(names(await list({ q: 'MC-700009' }))).toEqual(['Carrier 09'])
    expect(names(await list({ q: 'usdot 3100011' }))).toEqual(['Carrier 11'])
    expect(names(await list({ status: 'inactive' }))).toEqual(['Carrier 04', 'Carrier 08', 'Carrier 12'])

    const byTrucks = await list({ sort: 'trucks', dir: 'desc', pageSize: '10' })
    expect(names(byTrucks).slice(0, 2)).toEqual(['Carrier 07', 'Carrier 02'])
    expect(byTrucks.items[0]._count).toEqual({ trucks: 3, trailers: 1, users: 1 })
    expect(byTrucks.total).toBe(12)
    expect(byTrucks.items).toHaveLength(10)
    expect(names(await list({ sort: 'name', dir: 'desc', pageSize: '10', page: '2' }))).toEqual(['Carrier 02', 'Carrier 01'])
  })

  it('falls back to defaults for nonsense query values instead of failing', () => {
    expect(query({ sort: 'passwordHash', dir: 'sideways', page: '-4', pageSize: '7', status: 'closed' })).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      status: undefined,
    })
  })
})

describe('company kinds (ADR 094)', () => {
  it('are own fleet unless told; a save without a kind keeps it; the list filters and sorts by kind', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    const factor = await createCompany(actor, input({ name: 'Prime Factor', kind: 'factor' }))
    const partner = await createCompany(actor, input({ name: 'Partner Lines', kind: 'other' }))
    expect((await getCompany(org.organization.id, org.company.id)).kind).toBe('own_fleet')
    expect((await createCompany(actor, input({ name: 'Fleet Two' }))).kind).toBe('own_fleet')
    // A client from before kinds sends none: the company stays what it is.
    const kept = await updateCompany(actor, factor.id, update({ name: 'Prime Factor', notes: 'Recourse', version: factor.version }))
    expect([kept.kind, kept.notes]).toEqual(['factor', 'Recourse'])
    const changed = await updateCompany(actor, partner.id, update({ name: 'Partner Lines', kind: 'own_fleet', version: partner.version }))
    expect(changed.kind).toBe('own_fleet')
    expect(CompanySchema.safeParse({ name: 'X', kind: 'bank' }).error?.issues[0]).toMatchObject({ path: ['kind'], message: 'validation.choice' })

    const names = async (overrides: Record<string, unknown>) => (await listCompanies(org.organization.id, query(overrides))).items.map((row) => row.name)
    expect(await names({ kind: 'factor' })).toEqual(['Prime Factor'])
    expect((await names({ kind: 'own_fleet' })).sort()).toEqual(['Fleet Two', org.company.name, 'Partner Lines'].sort())
    expect((await names({ sort: 'kind', dir: 'desc' }))[0]).toBe('Prime Factor')
    expect(query({ kind: 'bank' }).kind).toBeUndefined()
  })

  it('offer own fleets only where a record picks “your fleet” (loads, trucks, trailers, drivers, invoices), keeping a record’s own company', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    const factor = await createCompany(actor, input({ name: 'Prime Factor', kind: 'factor' }))
    await createCompany(actor, input({ name: 'Fuel Vendor', kind: 'other' }))
    const names = async (options: Parameters<typeof listCompanyOptions>[1]) =>
      (await listCompanyOptions(org.organization.id, options)).map((company) => company.name)
    expect(await names({})).toEqual([org.company.name])
    expect(await names({ activeOnly: true })).toEqual([org.company.name])
    // A record that already names another kind of company keeps it in its own picker.
    expect((await names({ activeOnly: true, keepId: factor.id })).sort()).toEqual([org.company.name, 'Prime Factor'].sort())
    expect((await loadEditorOptions(org.organization.id)).companies.map((company) => company.name)).toEqual([org.company.name])
  })

  it('keep the agreement’s factor a factor: changing its kind is 409 in_use and writes nothing; the agreement takes factors only', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    const factor = await createCompany(actor, input({ name: 'Prime Factor', kind: 'factor' }))
    const terms = { advancePercent: 90, feePercent: 2.5 }
    const ownFleet = await refusal(saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: org.company.id, ...terms })))
    expect(ownFleet.fields).toEqual({ factorCompanyId: ['factoring.errors.unknownFactor'] })
    await saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: factor.id, ...terms }))
    const error = await refusal(updateCompany(actor, factor.id, update({ name: 'Prime Factor', kind: 'own_fleet', version: factor.version })))
    expect([error.code, error.fields]).toEqual(['in_use', { kind: ['companies.errors.agreementFactor'] }])
    expect(await getCompany(org.organization.id, factor.id)).toMatchObject({ kind: 'factor', version: factor.version })
    // Its other fields still change.
    expect((await updateCompany(actor, factor.id, update({ name: 'Prime Factor', city: 'Dallas', version: factor.version }))).city).toBe('Dallas')
  })

  it('came to existing companies by the migration: own fleets, except the company an agreement names, which became its factor', async () => {
    const org = await createOrg()
    const factor = await prisma.company.create({ data: { organizationId: org.organization.id, name: 'Prime Factor' } })
    await prisma.factoringAgreement.create({
      data: { organizationId: org.organization.id, factorCompanyId: factor.id, advanceBasisPoints: 9_000, feeBasisPoints: 250 },
    })
    // As the new column left them: every company an own fleet.
    await prisma.company.updateMany({ where: { organizationId: org.organization.id }, data: { kind: 'own_fleet' } })
    await runBackfill('company_kind')
    const kinds = await prisma.company.findMany({ where: { organizationId: org.organization.id }, select: { name: true, kind: true } })
    expect(Object.fromEntries(kinds.map((row) => [row.name, row.kind]))).toEqual({ [org.company.name]: 'own_fleet', 'Prime Factor': 'factor' })
  })
})
