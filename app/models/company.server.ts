/** Companies (the carriers an organization operates or serves): shared by /dashboard/companies/* and /api/company. */
import type { Company, Prisma } from '~/generated/prisma/client'
import { COMPANY_VIEW_LIMIT } from '~/schemas/company-options'
import type { CompanyInput, CompanyListQuery, CompanyUpdate } from '~/schemas/company'
import { fmcsaDigits } from '~/schemas/fields'
import { prisma, type Tx } from '~/utils/db.server'
import type { CsvColumn } from '~/utils/csv.server'
import { DomainError } from '~/utils/errors.server'
import { recordAudit, type Actor } from './audit.server'
import { resolveCustomFields, type CustomFieldValues } from './custom-fields.server'
import {
  assertId,
  assertUniqueFields,
  deleteVersioned,
  inBatches,
  isForeignKeyViolation,
  listPage,
  requireFound,
  rethrowUnique,
  type UniqueIndexes,
  updateVersioned,
} from './records.server'

const ENTITY = 'company'
const NOT_FOUND = 'companies.errors.notFound'

/**
 * Options for company pickers and filters. A picker for a new record offers active companies
 * only (`activeOnly`); `keepId` keeps a record's current company in the list even when it has
 * become inactive, so editing that record does not silently drop it.
 */
export function listCompanyOptions(organizationId: string, options: { activeOnly?: boolean; keepId?: string | null } = {}) {
  const where: Prisma.CompanyWhereInput = options.activeOnly
    ? { organizationId, OR: [{ status: 'active' }, ...(options.keepId ? [{ id: options.keepId }] : [])] }
    : { organizationId }
  return prisma.company.findMany({ where, select: { id: true, name: true, status: true }, orderBy: { name: 'asc' } })
}

/** What the list shows next to each company: how many trucks, trailers and drivers it has. */
const counts = {
  _count: { select: { trucks: true, trailers: true, users: { where: { role: 'driver' } } } },
} as const satisfies Prisma.CompanyInclude

export type CompanyWithCounts = Company & { _count: { trucks: number; trailers: number; users: number } }

// Prisma accepts `nulls: 'last'` only on nullable columns.
const NULLABLE_SORTS = new Set<string>(['legalName', 'mcNumber', 'dotNumber', 'city'])

function orderBy(sort: CompanyListQuery['sort'], dir: CompanyListQuery['dir']): Prisma.CompanyOrderByWithRelationInput[] {
  const primary: Prisma.CompanyOrderByWithRelationInput =
    sort === 'trucks' || sort === 'trailers'
      ? { [sort]: { _count: dir } }
      : NULLABLE_SORTS.has(sort)
        ? { [sort]: { sort: dir, nulls: 'last' } }
        : { [sort]: dir }
  // A stable tiebreaker keeps pagination from repeating or skipping rows.
  return sort === 'name' ? [primary, { id: 'asc' }] : [primary, { name: 'asc' }, { id: 'asc' }]
}

/** The list's search and filters, shared by the page, the API and the CSV export. */
function listWhere(organizationId: string, query: CompanyListQuery): Prisma.CompanyWhereInput {
  const digits = query.q ? fmcsaDigits(query.q) : null
  return {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.q
      ? {
          OR: [
            { name: { contains: query.q, mode: 'insensitive' } },
            { legalName: { contains: query.q, mode: 'insensitive' } },
            { city: { contains: query.q, mode: 'insensitive' } },
            ...(digits ? [{ mcNumber: { contains: digits } }, { dotNumber: { contains: digits } }] : []),
          ],
        }
      : {}),
  }
}

export async function listCompanies(organizationId: string, query: CompanyListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.company.count({ where }),
    (window) => prisma.company.findMany({ where, include: counts, orderBy: orderBy(query.sort, query.dir), ...window }),
  )
}

/** Every company the list's search and filters match, in its order (CSV export). */
export async function* exportCompanies(organizationId: string, query: CompanyListQuery) {
  const where = listWhere(organizationId, query)
  yield* inBatches((window) => prisma.company.findMany({ where, include: counts, orderBy: orderBy(query.sort, query.dir), ...window }))
}

/** The export's columns, for the page (translated) and `GET /api/company?format=csv` (keys). */
export const COMPANY_CSV_COLUMNS: CsvColumn<CompanyWithCounts>[] = [
  { key: 'name', label: 'companies.fields.name', value: (company) => company.name },
  { key: 'legalName', label: 'companies.fields.legalName', value: (company) => company.legalName },
  { key: 'status', label: 'fields.status', value: (company) => company.status, valueLabel: (value) => `companies.status.${value}` },
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

/** Another organization's company is simply not found: never its data, never a hint it exists. */
export async function getCompany(organizationId: string, id: string): Promise<CompanyWithCounts> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.company.findFirst({ where: { id, organizationId }, include: counts }), NOT_FOUND)
}

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

/** The unique indexes of companies (the name is CITEXT, so case does not matter), as field errors. */
const UNIQUE_INDEXES: UniqueIndexes = {
  Company_organizationId_name_key: { field: 'name', messageKey: 'companies.errors.duplicateName' },
  Company_organizationId_mcNumber_key: { field: 'mcNumber', messageKey: 'companies.errors.duplicateMc' },
  Company_organizationId_dotNumber_key: { field: 'dotNumber', messageKey: 'companies.errors.duplicateDot' },
}

/** Everything a write checks before it writes, in the write's transaction. */
async function prepare(tx: Tx, organizationId: string, input: CompanyInput, exceptId?: string, storedCustomFields?: unknown) {
  const [customFields] = await Promise.all([
    resolveCustomFields(tx, organizationId, 'companies', input.customFields, storedCustomFields),
    assertUniqueFields(tx.company, organizationId, exceptId, UNIQUE_INDEXES, input),
  ])
  return toData(input, customFields)
}

function toData(input: CompanyInput, customFields: CustomFieldValues) {
  return {
    name: input.name,
    legalName: input.legalName || null,
    mcNumber: input.mcNumber || null,
    dotNumber: input.dotNumber || null,
    scac: input.scac || null,
    email: input.email || null,
    phone: input.phone || null,
    addressLine1: input.addressLine1 || null,
    addressLine2: input.addressLine2 || null,
    city: input.city || null,
    state: input.state || null,
    postalCode: input.postalCode || null,
    country: input.country || null,
    factoringName: input.factoringName || null,
    factoringRemitTo: input.factoringRemitTo || null,
    status: input.status,
    notes: input.notes || null,
    customFields,
  }
}

export async function createCompany(actor: Actor, input: CompanyInput) {
  try {
    return await prisma.$transaction(async (tx) => {
      const data = await prepare(tx, actor.organizationId, input)
      const company = await tx.company.create({ data: { ...data, organizationId: actor.organizationId }, include: counts })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: company.id, action: 'create', after: data })
      return company
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/** Saves a whole company if nobody changed it since `version` was read; otherwise 409, nothing written. */
export async function updateCompany(actor: Actor, id: string, input: CompanyUpdate) {
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      const { before, data } = await updateVersioned(tx.company, { id, organizationId }, input.version, NOT_FOUND, (stored) =>
        prepare(tx, organizationId, input, id, stored.customFields),
      )
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'update', before, after: { ...before, ...data } })
      return tx.company.findUniqueOrThrow({ where: { id }, include: counts })
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
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
export async function deleteCompany(actor: Actor, id: string, version?: number) {
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await deleteVersioned(tx.company, { id, organizationId: actor.organizationId }, version, NOT_FOUND)
      await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before })
      return before
    })
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error
    const company = await prisma.company.findFirst({ where: { id, organizationId: actor.organizationId }, select: { name: true } })
    const usage = await companyUsage(actor.organizationId, id)
    throw new DomainError('in_use', 'companies.errors.inUse', { params: { name: company?.name ?? '', ...usage } })
  }
}

/** The API shape. `counts` are read-only: a PUT that sends them back has them ignored. */
export function serializeCompany(company: CompanyWithCounts) {
  return {
    id: company.id,
    organizationId: company.organizationId,
    name: company.name,
    legalName: company.legalName,
    mcNumber: company.mcNumber,
    dotNumber: company.dotNumber,
    scac: company.scac,
    email: company.email,
    phone: company.phone,
    addressLine1: company.addressLine1,
    addressLine2: company.addressLine2,
    city: company.city,
    state: company.state,
    postalCode: company.postalCode,
    country: company.country,
    factoringName: company.factoringName,
    factoringRemitTo: company.factoringRemitTo,
    status: company.status,
    notes: company.notes,
    customFields: company.customFields,
    counts: { trucks: company._count.trucks, trailers: company._count.trailers, drivers: company._count.users },
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
    version: company.version,
  }
}
export type CompanyDto = ReturnType<typeof serializeCompany>
