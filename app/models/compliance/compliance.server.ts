/**
 * The compliance dashboard's read model (ADR 140): every active driver × qualification kind as
 * ok / expiring / expired / missing on the organization's today, by app/policies/qualification.ts
 * (only accepted items count); and the same rule where a driver is put on a load (the dispatch, a
 * new load, a changed driver, the editor's picker, the board and the load page), through
 * `driverQualificationRefusals`. Three reads for the whole matrix, however many drivers.
 */
import { Prisma } from '~/generated/prisma/client'
import { getComplianceSettings } from '~/models/compliance/compliance-settings.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { escapeLike, lastPage } from '~/models/records/records.server'
import { assignmentDay } from '~/policies/load'
import {
  driverQualificationRefusal,
  itemValidThrough,
  KIND_VALIDITY,
  type KindCompliance,
  kindCompliance,
  type QualificationItem,
} from '~/policies/qualification'
import { DERIVED_EVENTS_MAX } from '~/schemas/calendar-options'
import type { ComplianceQuery } from '~/schemas/compliance'
import { COMPLIANCE_STATUSES, type ComplianceStatus, QUALIFICATION_KINDS, type QualificationKind } from '~/schemas/qualification-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, readRows, type Tx } from '~/utils/db.server'

type Db = Tx | typeof prisma

type ItemRow = { driverId: string; kind: QualificationKind; completedAt: string; expiresAt: string | null }

/** The accepted items of these drivers (all the organization's active drivers when `driverIds` is null), of these kinds, grouped by driver and kind. */
async function acceptedItems(db: Db, organizationId: string, driverIds: readonly string[] | null, kinds: readonly QualificationKind[]) {
  const byDriver = new Map<string, Map<QualificationKind, QualificationItem[]>>()
  if (!kinds.length || driverIds?.length === 0) return byDriver
  const drivers = driverIds
    ? Prisma.sql`q."driverId" = ANY(${[...driverIds]}::text[])`
    : Prisma.sql`q."driverId" IN (SELECT u."id" FROM "User" u WHERE u."organizationId" = ${organizationId} AND u."role" = 'driver' AND u."status" = 'active')`
  const sql = Prisma.sql`SELECT q."driverId", q."kind"::text AS "kind", to_char(q."completedAt", 'YYYY-MM-DD') AS "completedAt",
      to_char(q."expiresAt", 'YYYY-MM-DD') AS "expiresAt"
    FROM "DriverQualification" q
    WHERE q."organizationId" = ${organizationId} AND q."review" = 'accepted' AND q."kind"::text = ANY(${[...kinds]}::text[]) AND ${drivers}`
  // Inside a transaction (the dispatch) through it; otherwise one lean statement (ADR 081).
  const rows = db === prisma ? await readRows<ItemRow>(sql) : await db.$queryRaw<ItemRow[]>(sql)
  for (const row of rows) {
    const kindsOf = byDriver.get(row.driverId) ?? new Map<QualificationKind, QualificationItem[]>()
    byDriver.set(row.driverId, kindsOf)
    const list = kindsOf.get(row.kind) ?? []
    kindsOf.set(row.kind, list)
    list.push({ kind: row.kind, completedAt: row.completedAt, expiresAt: row.expiresAt })
  }
  return byDriver
}

export type ComplianceCell = KindCompliance & { kind: QualificationKind; required: boolean }
export type ComplianceRow = { driverId: string; name: string; cells: ComplianceCell[] }

/** The columns a query shows: one kind, the required ones, or all the dashboard's (and "other" when required). */
function shownKinds(query: Pick<ComplianceQuery, 'kind' | 'required'>, requiredKinds: readonly QualificationKind[]) {
  const all = QUALIFICATION_KINDS.filter((kind) => kind !== 'other' || requiredKinds.includes(kind))
  return all.filter((kind) => (!query.kind || kind === query.kind) && (!query.required || requiredKinds.includes(kind)))
}

/**
 * The matrix of a query on `now`'s day in the organization's time zone: the shown kinds, the page's
 * drivers (in name order) with one cell per kind, the counts of each status over every driver the
 * search matches, and the total of drivers the filters keep. `status`: drivers with a cell in it.
 */
export async function complianceMatrix(organizationId: string, query: ComplianceQuery, now = new Date()) {
  const { rows: all, kinds, requiredKinds, day } = await complianceRows(organizationId, query, now)
  const summary = Object.fromEntries(COMPLIANCE_STATUSES.map((status) => [status, 0])) as Record<ComplianceStatus, number>
  for (const row of all) for (const cell of row.cells) summary[cell.status] += 1
  const kept = query.status ? all.filter((row) => row.cells.some((cell) => cell.status === query.status)) : all
  const page = Math.min(query.page, lastPage(kept.length, query.pageSize))
  return {
    day,
    kinds,
    requiredKinds,
    summary,
    drivers: all.length,
    items: kept.slice((page - 1) * query.pageSize, page * query.pageSize),
    total: kept.length,
    page,
    pageSize: query.pageSize,
  }
}

/** Every driver the search matches, with their cells of the shown kinds. */
async function complianceRows(organizationId: string, query: ComplianceQuery, now: Date) {
  const search = query.q ? `%${escapeLike(query.q)}%` : null
  const [settings, timeZone, drivers, items] = await Promise.all([
    getComplianceSettings(organizationId),
    organizationTimeZone(organizationId),
    readRows<{ id: string; firstName: string; lastName: string }>(
      Prisma.sql`SELECT "id", "firstName", "lastName" FROM "User"
        WHERE "organizationId" = ${organizationId} AND "role" = 'driver' AND "status" = 'active'
        ${search ? Prisma.sql`AND ("firstName" || ' ' || "lastName") ILIKE ${search}` : Prisma.empty}
        ORDER BY "lastName", "firstName", "id"`,
    ),
    // Every kind: which are shown depends on the settings read alongside.
    acceptedItems(prisma, organizationId, null, QUALIFICATION_KINDS),
  ])
  const day = assignmentDay(null, timeZone, now)
  const kinds = shownKinds(query, settings.requiredKinds)
  const rows: ComplianceRow[] = drivers.map((driver) => {
    const own = items.get(driver.id)
    return {
      driverId: driver.id,
      name: `${driver.firstName} ${driver.lastName}`.trim(),
      cells: kinds.map((kind) => ({ kind, required: settings.requiredKinds.includes(kind), ...kindCompliance(own?.get(kind) ?? [], day) })),
    }
  })
  return { rows, kinds, requiredKinds: settings.requiredKinds, day }
}

/** One line of the CSV: a driver's kind. */
export type ComplianceCsvRow = ComplianceCell & { driverId: string; name: string }

export const COMPLIANCE_CSV_COLUMNS: CsvColumn<ComplianceCsvRow>[] = [
  { key: 'driverId', label: 'complianceDashboard.csv.driverId', value: (row) => row.driverId },
  { key: 'driver', label: 'complianceDashboard.csv.driver', value: (row) => row.name },
  { key: 'kind', label: 'complianceDashboard.csv.kind', value: (row) => row.kind, valueLabel: (kind) => `compliance.kinds.${kind}` },
  { key: 'required', label: 'complianceDashboard.csv.required', value: (row) => row.required },
  { key: 'status', label: 'complianceDashboard.csv.status', value: (row) => row.status, valueLabel: (status) => `compliance.status.${status}` },
  { key: 'validThrough', label: 'complianceDashboard.csv.validThrough', value: (row) => row.validThrough },
]

/** Every cell the query's filters keep (all pages), a line per driver and kind, for the CSV. */
export async function* exportCompliance(organizationId: string, query: ComplianceQuery, now = new Date()): AsyncGenerator<ComplianceCsvRow> {
  const { rows } = await complianceRows(organizationId, query, now)
  for (const row of rows) {
    if (query.status && !row.cells.some((cell) => cell.status === query.status)) continue
    for (const cell of row.cells) yield { driverId: row.driverId, name: row.name, ...cell }
  }
}

/** A driver × day the dispatch asks about (`id`: the caller's key, a load's id). */
export type DriverDay = { id: string; driverId: string | null; day: string }

/**
 * Why each of these drivers may not go on a load on its day for their qualification file (a kind
 * the organization requires expired or missing), by the caller's id; drivers who may go are left
 * out. Nothing required: one read; otherwise two, however many loads.
 */
export async function driverQualificationRefusals(db: Db, organizationId: string, asked: readonly DriverDay[]) {
  const refused = new Map<string, { code: 'out_of_service'; key: string; params: { kind: QualificationKind } }>()
  const withDriver = asked.filter((entry): entry is DriverDay & { driverId: string } => Boolean(entry.driverId))
  if (!withDriver.length) return refused
  const { requiredKinds } = await getComplianceSettings(organizationId, db)
  if (!requiredKinds.length) return refused
  const items = await acceptedItems(db, organizationId, [...new Set(withDriver.map((entry) => entry.driverId))], requiredKinds)
  for (const entry of withDriver) {
    const own = items.get(entry.driverId)
    const refusal = driverQualificationRefusal(own ? [...own.values()].flat() : [], requiredKinds, entry.day)
    if (refusal) refused.set(entry.id, { code: 'out_of_service', key: refusal.key, params: { kind: refusal.kind } })
  }
  return refused
}

/** The driver's refusal on `day` in the organization's time zone today (the editor's picker), by driver id. */
export async function driversRefusedToday(organizationId: string, driverIds: readonly string[], timeZone: string, now = new Date()) {
  const day = assignmentDay(null, timeZone, now)
  return driverQualificationRefusals(
    prisma,
    organizationId,
    driverIds.map((driverId) => ({ id: driverId, driverId, day })),
  )
}

/**
 * The accepted items (of one driver, or every driver) whose last day (the policy's `itemValidThrough`)
 * falls between `first` and `last`, for the calendar. A yearly item is read by the day it was done,
 * a dated one by its expiry; the policy decides. At most DERIVED_EVENTS_MAX.
 */
export async function qualificationsEndingBetween(organizationId: string, driverId: string | null, first: string, last: string) {
  const yearly = QUALIFICATION_KINDS.filter((kind) => KIND_VALIDITY[kind] === 'yearly')
  const rows = await readRows<{
    id: string
    driverId: string
    kind: QualificationKind
    completedAt: string
    expiresAt: string | null
    firstName: string
    lastName: string
  }>(
    Prisma.sql`SELECT q."id", q."driverId", q."kind"::text AS "kind", to_char(q."completedAt", 'YYYY-MM-DD') AS "completedAt",
        to_char(q."expiresAt", 'YYYY-MM-DD') AS "expiresAt", u."firstName", u."lastName"
      FROM "DriverQualification" q JOIN "User" u ON u."id" = q."driverId"
      WHERE q."organizationId" = ${organizationId} AND q."review" = 'accepted'
        ${driverId ? Prisma.sql`AND q."driverId" = ${driverId}` : Prisma.empty}
        AND (q."expiresAt" BETWEEN ${first}::date AND ${last}::date
          OR (q."kind"::text = ANY(${yearly}::text[]) AND q."completedAt" BETWEEN ${first}::date - interval '12 months' AND ${last}::date - interval '11 months'))
      ORDER BY q."id" LIMIT ${DERIVED_EVENTS_MAX * 2}`,
  )
  return rows.flatMap((row) => {
    const end = itemValidThrough(row)
    return end && end >= first && end <= last
      ? [{ id: row.id, driverId: row.driverId, kind: row.kind, name: `${row.firstName} ${row.lastName}`.trim(), validThrough: new Date(`${end}T00:00:00Z`) }]
      : []
  })
}
