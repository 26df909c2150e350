/** Companies (the carriers an organization operates or serves): shared by /dashboard/companies/* and /api/company. */
import type { Company, Prisma } from '~/generated/prisma/client'
import { apiRecord, containsAny, recordStore, sortOrder, toColumns } from '~/models/records/record-store.server'
import type { CustomFieldValues } from '~/schemas/api-record'
import { type CompanyInput, type CompanyListQuery, type CompanyRecord, CompanySchema } from '~/schemas/company'
import { COMPANY_VIEW_LIMIT } from '~/schemas/company-options'
import { fmcsaDigits } from '~/schemas/fields'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

/**
 * Options for the pickers and filters of "your fleet" (loads, trucks, trailers, drivers, invoices
 * "from"): the organization's own fleets, never its factor (ADR 094). A picker for a new record
 * offers active ones only (`activeOnly`); `keepId` keeps a record's current company in the list
 * even when it has become inactive or another kind, so editing that record does not silently drop it.
 */
export function listCompanyOptions(organizationId: string, options: { activeOnly?: boolean; keepId?: string | null } = {}) {
  const fleet: Prisma.CompanyWhereInput = options.activeOnly ? { kind: 'own_fleet', status: 'active' } : { kind: 'own_fleet' }
  const where: Prisma.CompanyWhereInput = { organizationId, OR: [fleet, ...(options.keepId ? [{ id: options.keepId }] : [])] }
  return prisma.company.findMany({ where, select: { id: true, name: true, status: true }, orderBy: { name: 'asc' } })
}

/**
 * A company named as the factor of the organization's agreement stays a factor: changing its kind
 * is 409 `in_use` (choose another factor first). The company's row is locked first, and the
 * agreement locks it too (FOR SHARE) before it checks the kind, so the two never both pass.
 */
async function assertFactorKeepsKind(tx: Tx, organizationId: string, input: CompanyInput, id?: string) {
  if (!id || !input.kind || input.kind === 'factor') return
  await tx.$queryRaw`SELECT 1 FROM "Company" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`
  const agreement = await tx.factoringAgreement.findFirst({
    where: { organizationId, factorCompanyId: id },
    select: { factorCompany: { select: { name: true } } },
  })
  if (agreement)
    throw new DomainError('in_use', 'companies.errors.agreementFactor', {
      fields: { kind: ['companies.errors.agreementFactor'] },
      params: { name: agreement.factorCompany.name },
    })
}

export type CompanyWithCounts = Company & { _count: { trucks: number; trailers: number; users: number } }

const companies = recordStore<CompanyWithCounts, CompanyInput, CompanyListQuery>({
  entity: 'company',
  table: (db) => db.company,
  /** What the list shows next to each company: how many trucks, trailers and drivers it has. */
  include: { _count: { select: { trucks: true, trailers: true, users: { where: { role: 'driver' } } } } } satisfies Prisma.CompanyInclude,
  notFound: 'companies.errors.notFound',
  // Trucks, trailers and users point at it (RESTRICT): the message names how many of each.
  inUse: 'companies.errors.inUse',
  inUseParams: async (organizationId, id) => {
    const [company, usage] = await Promise.all([
      prisma.company.findFirst({ where: { id, organizationId }, select: { name: true } }),
      companyUsage(organizationId, id),
    ])
    return { name: company?.name ?? '', ...usage }
  },
  // The name is CITEXT, so case does not matter.
  unique: {
    Company_organizationId_name_key: { field: 'name', messageKey: 'companies.errors.duplicateName' },
    Company_organizationId_mcNumber_key: { field: 'mcNumber', messageKey: 'companies.errors.duplicateMc' },
    Company_organizationId_dotNumber_key: { field: 'dotNumber', messageKey: 'companies.errors.duplicateDot' },
  },
  customFields: 'companies',
  check: assertFactorKeepsKind,
  toData: (input) => {
    // A body without a kind keeps the stored one (a client from before kinds); the column's default makes a new one an own fleet.
    const { kind, ...columns } = toColumns(CompanySchema, input)
    return kind ? { ...columns, kind } : columns
  },
  where: (organizationId, { q, status, kind }) => {
    const digits = q ? fmcsaDigits(q) : null
    const numbers = digits ? [{ mcNumber: { contains: digits } }, { dotNumber: { contains: digits } }] : []
    return { organizationId, status, kind, ...(q ? { OR: [...containsAny(q, ['name', 'legalName', 'city']), ...numbers] } : {}) }
  },
  orderBy: (query) => {
    const count = (relation: 'trucks' | 'trailers') => (dir: 'asc' | 'desc') => ({ [relation]: { _count: dir } })
    const [primary, byId] = sortOrder(query, {
      nullable: ['legalName', 'mcNumber', 'dotNumber', 'city'],
      relations: { trucks: count('trucks'), trailers: count('trailers') },
    })
    // Companies with the same value stay in name order; the id keeps pagination from repeating or skipping rows.
    return query.sort === 'name' ? [primary, byId] : [primary, { name: 'asc' }, byId]
  },
})

export const listCompanies = companies.list
export const exportCompanies = companies.all
export const getCompany = companies.get
export const createCompany = companies.create
export const updateCompany = companies.update

/** The export's columns, for the page (translated) and `GET /api/company?format=csv` (keys). */
export const COMPANY_CSV_COLUMNS: CsvColumn<CompanyWithCounts>[] = [
  { key: 'name', label: 'companies.fields.name', value: (company) => company.name },
  { key: 'legalName', label: 'companies.fields.legalName', value: (company) => company.legalName },
  { key: 'status', label: 'fields.status', value: (company) => company.status, valueLabel: (value) => `companies.status.${value}` },
  { key: 'kind', label: 'companies.fields.kind', value: (company) => company.kind, valueLabel: (value) => `companies.kind.${value}` },
  { key: 'mcNumber', label: 'companies.fields.mcNumber', value: (company) => company.mcNumber },
  { key: 'dotNumber', label: 'companies.fields.dotNumber', value: (company) => company.dotNumber },
  { key: 'scac', label: 'companies.fields.scac', value: (company) => company.scac },
  { key: 'email', label: 'companies.fields.email', value: (company) => company.email },
  { key: 'phone', label: 'companies.fields.phone', value: (company) => company.phone },
  { key: 'addressLine1', label: 'companies.fields.addressLine1', value: (company) => company.addressLine1 },
  { key: 'addressLine2', label: 'companies.fields.addressLine2', value: (company) => company.addressLine2 },
  { key: 'city', label: 'companies.fields.city', value: (company) => company.city },
  { key: 'state', label: 'companies.fields.state', value: (company) => company.state },
  { key: 'postalCode', label: 'companies.fields.postalCode', value: (company) => company.postalCode },
  { key: 'country', label: 'companies.fields.country', value: (company) => company.country },
  { key: 'factoringName', label: 'companies.fields.factoringName', value: (company) => company.factoringName },
  { key: 'trucks', label: 'companies.list.trucks', value: (company) => company._count.trucks },
  { key: 'trailers', label: 'companies.list.trailers', value: (company) => company._count.trailers },
  { key: 'drivers', label: 'companies.list.drivers', value: (company) => company._count.users },
  { key: 'notes', label: 'fields.notes', value: (company) => company.notes },
  { key: 'id', label: 'fields.id', value: (company) => company.id },
]

/**
 * The company page: the company, and the first trucks, trailers and drivers assigned to it (the
 * counts say how many there are in all).
 */
export async function getCompanyOverview(organizationId: string, id: string) {
  const company = await getCompany(organizationId, id)
  const where = { organizationId, companyId: id }
  const take = COMPANY_VIEW_LIMIT
  const [trucks, trailers, drivers] = await Promise.all([
    prisma.truck.findMany({
      where,
      select: { id: true, unitNumber: true, make: true, model: true, year: true, status: true },
      orderBy: [{ unitNumber: 'asc' }, { id: 'asc' }],
      take,
    }),
    prisma.trailer.findMany({
      where,
      select: { id: true, unitNumber: true, type: true, lengthFt: true, status: true },
      orderBy: [{ unitNumber: 'asc' }, { id: 'asc' }],
      take,
    }),
    prisma.user.findMany({
      where: { ...where, role: 'driver' },
      select: { id: true, firstName: true, lastName: true, email: true, phone: true, status: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  return { company, trucks, trailers, drivers }
}

/** How many records still point at a company (all users, not only drivers: any of them blocks the delete). */
export async function companyUsage(organizationId: string, id: string) {
  const where = { organizationId, companyId: id }
  const [trucks, trailers, users] = await Promise.all([prisma.truck.count({ where }), prisma.trailer.count({ where }), prisma.user.count({ where })])
  return { trucks, trailers, users }
}

/**
 * Deletes a company if it is still the version the client saw (when one is given) and nothing
 * points at it. The foreign keys of trucks, trailers and users are RESTRICT: the database refuses
 * the delete even when a truck is assigned between any check and the delete, and that refusal
 * becomes a 409 `in_use` naming what still uses the company. Nothing is cascaded or cleared.
 */
export const deleteCompany = companies.remove

/** The API shape. `counts` are read-only: a PUT that sends them back has them ignored. */
export function serializeCompany({ _count, ...company }: CompanyWithCounts): CompanyRecord {
  return {
    ...apiRecord(company),
    customFields: company.customFields as CustomFieldValues,
    counts: { trucks: _count.trucks, trailers: _count.trailers, drivers: _count.users },
  }
}
