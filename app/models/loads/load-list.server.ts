/**
 * The load list, shared by the list page and GET /api/loads: its search and filters (a driver
 * sees only their own loads, the load scope), its order, capped counts, keyset paging by an
 * opaque cursor, and the counts per status for the list's tabs.
 */
import type { Prisma } from '~/generated/prisma/client'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { containsText, escapeLike, listPage } from '~/models/records/records.server'
import { type LoadScope, loadScopeWhere } from '~/policies/load'
import { isStoredInstant } from '~/schemas/dates'
import type { LoadListQuery } from '~/schemas/load'
import { LOAD_COUNT_CAP, LOAD_STATUSES, loadCountCap, type LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { nextDay, zonedDayStart } from '~/utils/time'

import { person } from './load.server'

/** What a list row shows: the load and the names beside it, never its stops and charges. */
export const listInclude = {
  broker: { select: { id: true, name: true } },
  driver: person,
  truck: { select: { id: true, unitNumber: true } },
} as const satisfies Prisma.LoadInclude

function orderBy(sort: LoadListQuery['sort'], dir: LoadListQuery['dir']): Prisma.LoadOrderByWithRelationInput[] {
  // PostgreSQL's own null order (last going up, first going down) is the order of the indexes
  // (organizationId, pickupAt, id), read forwards or backwards: no sort of a million rows.
  // Loads without a pickup time yet come first in the default, newest-first order.
  const primary: Prisma.LoadOrderByWithRelationInput = { [sort]: dir }
  return [primary, { id: dir }]
}

/**
 * The columns `searchText` joins (migration load_search_text): a search containing the joiner
 * could match across two of them, so it tests the columns one by one instead.
 */
const SEARCH_JOINER = '\u001f'

/**
 * What a search needs before the list's statements: the `LIKE` pattern of `searchText` (the text
 * lowercased by the database, as ILIKE lowercases it, `%` and `_` escaped), and the loads it finds
 * by a stop's facility (trigram index, at most 1,000). One round trip.
 */
async function searchOf(organizationId: string, q: string) {
  const escaped = escapeLike(q)
  const [row] = await prisma.$queryRaw<Array<{ pattern: string; facilityIds: string[] }>>`
    SELECT lower(${escaped}::text) AS "pattern", ARRAY(
      SELECT s."loadId" FROM "LoadStop" s JOIN "Load" l ON l."id" = s."loadId"
      WHERE l."organizationId" = ${organizationId} AND s."facilityName" ILIKE ${`%${escaped}%`}
      LIMIT 1000
    ) AS "facilityIds"`
  return { pattern: row!.pattern, facilityIds: [...new Set(row!.facilityIds)] }
}

/**
 * A search's condition: the load's number, broker reference, pickup or delivery city contains the
 * text, whatever its case (ADR 111: one `LIKE` on the lowercased `searchText`, not four ILIKEs),
 * or one of its stops' facility does.
 */
async function searchWhere(organizationId: string, q: string): Promise<Prisma.LoadWhereInput> {
  const { pattern, facilityIds } = await searchOf(organizationId, q)
  const own: Prisma.LoadWhereInput[] = q.includes(SEARCH_JOINER)
    ? [{ loadNumber: containsText(q) }, { brokerReference: containsText(q) }, { pickupCity: containsText(q) }, { deliveryCity: containsText(q) }]
    : // `contains` wraps the pattern in `%` and escapes nothing: the pattern is escaped already.
      [{ searchText: { contains: pattern } }]
  return { OR: [...own, ...(facilityIds.length ? [{ id: { in: facilityIds } }] : [])] }
}

/** The list's search and filters, shared by the page and the API. */
async function listWhere(viewer: LoadScope, query: LoadListQuery): Promise<Prisma.LoadWhereInput> {
  const timeZone = query.from || query.to ? await organizationTimeZone(viewer.organizationId) : 'UTC'
  const search = query.q ? await searchWhere(viewer.organizationId, query.q) : null
  return {
    ...loadScopeWhere(viewer),
    ...(query.status ? { status: query.status } : {}),
    ...(query.brokerId ? { brokerId: query.brokerId } : {}),
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(query.driverId && !viewer.driverId ? { driverId: query.driverId } : {}),
    ...(query.truckId ? { truckId: query.truckId } : {}),
    ...(query.from || query.to
      ? {
          pickupAt: {
            ...(query.from ? { gte: zonedDayStart(query.from, timeZone) } : {}),
            ...(query.to ? { lt: zonedDayStart(nextDay(query.to), timeZone) } : {}),
          },
        }
      : {}),
    ...search,
  }
}

/**
 * The order a capped count reads in: the filters' index, not the page's sort. With a status the
 * index (organizationId, status, pickupAt, id) holds every row counted, so the count never visits
 * the table (a count in the page's order, say by total, would fetch each row to check its status).
 * Newest first, as the list opens: a search's count tests the rows the first page read (ADR 111).
 */
function countOrder(query: LoadListQuery): Prisma.LoadOrderByWithRelationInput[] {
  return query.status ? [{ status: 'desc' }, { pickupAt: 'desc' }, { id: 'desc' }] : [{ pickupAt: 'desc' }, { id: 'desc' }]
}

export async function listLoads(viewer: LoadScope, query: LoadListQuery) {
  const where = await listWhere(viewer, query)
  const order = orderBy(query.sort, query.dir)
  const after = query.after ? decodeCursor(query.after, query) : null
  const cap = loadCountCap(query)
  const result = await listPage(
    query,
    // count({ take }) needs an order, and by id (its default) it would walk the whole table. A text
    // search is capped too (ADR 073), and lower (ADR 111): a common word ("Dallas", one load in
    // fifteen) is found by reading the list's index and testing each row until the cap, 15 rows per
    // match; the trigram index finds a rare word.
    () => prisma.load.count({ where, orderBy: countOrder(query), take: cap + 1 }),
    // The page's ids first (an index read, however deep the page), then those rows with their
    // broker, driver and truck: joining before OFFSET would join every skipped row too. After a
    // cursor, the ids are read from the cursor's place in the index on: no rows skipped at all.
    async (window) => {
      const ids = after ? await idsAfter(where, query, after, window.take) : await pageIds(where, order, window)
      if (ids.length === 0) return []
      const rows = await prisma.load.findMany({ where: { id: { in: ids } }, include: listInclude })
      const byId = new Map(rows.map((row) => [row.id, row]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },
  )
  const last = result.items.at(-1)
  const nextCursor = last && result.items.length === query.pageSize ? encodeCursor(query, last) : null
  return { ...result, total: Math.min(result.total, cap), totalCapped: result.total > cap, countCap: cap, nextCursor }
}

async function pageIds(where: Prisma.LoadWhereInput, order: Prisma.LoadOrderByWithRelationInput[], window: { skip: number; take: number }) {
  return (await prisma.load.findMany({ where, select: { id: true }, orderBy: order, ...window })).map((row) => row.id)
}

// ---- Keyset paging: a cursor names the last row read (its sort value and id) ----

type SortValue = string | number | null
type Cursor = { value: SortValue; id: string }
const DATE_SORTS = new Set<LoadListQuery['sort']>(['pickupAt', 'deliveryAt', 'createdAt'])
const NULLABLE_SORTS = new Set<LoadListQuery['sort']>(['pickupAt', 'deliveryAt'])

function sortValue(sort: LoadListQuery['sort'], row: Record<LoadListQuery['sort'], unknown>): SortValue {
  const value = row[sort]
  return value instanceof Date ? value.toISOString() : (value as SortValue)
}

/** Opaque to clients: the sort and direction it was made for, the last row's sort value and id. */
function encodeCursor(query: LoadListQuery, row: Record<LoadListQuery['sort'], unknown> & { id: string }) {
  return Buffer.from(JSON.stringify([query.sort, query.dir, sortValue(query.sort, row), row.id])).toString('base64url')
}

function decodeCursor(text: string, query: LoadListQuery): Cursor {
  const invalid = () => new DomainError('validation_failed', 'validation.failed', { fields: { after: ['loads.errors.cursor'] } })
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid()
  const [sort, dir, value, id] = parsed as unknown[]
  if (sort !== query.sort || dir !== query.dir || typeof id !== 'string' || !/^[a-z0-9]{1,40}$/i.test(id)) throw invalid()
  const nullable = NULLABLE_SORTS.has(query.sort)
  if (
    value === null
      ? !nullable
      : DATE_SORTS.has(query.sort)
        ? typeof value !== 'string' || !isStoredInstant(value)
        : query.sort === 'totalCents'
          ? !Number.isSafeInteger(value)
          : typeof value !== 'string'
  )
    throw invalid()
  if (query.sort === 'status' && !(LOAD_STATUSES as readonly unknown[]).includes(value)) throw invalid()
  return { value: value as SortValue, id }
}

/**
 * The ids after the cursor in the list's order (sort value, then id; PostgreSQL puts nulls last
 * going up and first going down). The redundant bound (`<= v` / `>= v`) lets the index start at the
 * cursor instead of filtering every earlier row; nulls, at one end, are read on their own.
 */
async function idsAfter(where: Prisma.LoadWhereInput, query: LoadListQuery, cursor: Cursor, take: number) {
  const { sort, dir } = query
  const order = orderBy(sort, dir)
  const read = async (extra: Prisma.LoadWhereInput, limit: number) =>
    (await prisma.load.findMany({ where: { AND: [where, extra] }, select: { id: true }, orderBy: order, take: limit })).map((row) => row.id)
  const id = dir === 'asc' ? { gt: cursor.id } : { lt: cursor.id }
  if (cursor.value === null) {
    // Going down the nulls come first: the nulls left, then every row with a value. Going up they come last.
    const nulls = await read({ [sort]: null, id }, take)
    if (dir === 'asc' || nulls.length === take) return nulls
    return [...nulls, ...(await read({ NOT: { [sort]: null } }, take - nulls.length))]
  }
  const value = DATE_SORTS.has(sort) ? new Date(cursor.value as string) : cursor.value
  let bound: Prisma.LoadWhereInput
  if (sort === 'status') {
    const at = LOAD_STATUSES.indexOf(value as LoadStatus)
    const beyond = dir === 'asc' ? LOAD_STATUSES.slice(at + 1) : LOAD_STATUSES.slice(0, at)
    bound = { OR: [{ status: { in: [...beyond] } }, { status: value as LoadStatus, id }] }
  } else {
    bound = { [sort]: dir === 'asc' ? { gte: value } : { lte: value }, OR: [{ [sort]: dir === 'asc' ? { gt: value } : { lt: value } }, { [sort]: value, id }] }
  }
  const rows = await read(bound, take)
  if (dir === 'desc' || rows.length === take || !NULLABLE_SORTS.has(sort)) return rows
  return [...rows, ...(await read({ [sort]: null }, take - rows.length))]
}

// ---- The list's tabs ----

/**
 * Loads per status for the list's tabs: the list's search and filters apply, its status does not
 * (every tab counts what it would show). Each status is counted up to the list's cap + 1
 * (loadCountCap: 1,000 with a search, else 10,000), filtered or not (ADR 073, 111): a grouped count
 * of a search for a common word read every match, 600,000 loads at ten million. A search's few
 * matches (up to its cap) are grouped; a search past its cap leaves the tabs uncounted, `null`
 * (ADR 156: counting each status of a common word read hundreds of thousands of rows a page).
 * `searchCapped` says whether the search passed its cap when the caller has counted it already (the
 * list without a status: its total is the search's).
 */
export async function countLoadsByStatus(
  viewer: LoadScope,
  query: LoadListQuery,
  { searchCapped }: { searchCapped?: boolean } = {},
): Promise<Partial<Record<LoadStatus, number>> | null> {
  const filtered = Boolean(query.q || query.brokerId || query.companyId || (query.driverId && !viewer.driverId) || query.truckId || query.from || query.to)
  if (!filtered) return countByStatusCapped(viewer)
  const all = { ...query, status: undefined }
  const where = await listWhere(viewer, all)
  const cap = loadCountCap(query)
  if (!query.q) {
    const counts = await Promise.all(
      LOAD_STATUSES.map((status) => prisma.load.count({ where: { AND: [where, { status }] }, orderBy: countOrder({ ...query, status }), take: cap + 1 })),
    )
    return Object.fromEntries(LOAD_STATUSES.flatMap((status, index) => (counts[index] > 0 ? [[status, counts[index]]] : [])))
  }
  // A rare word: its few matches come from the trigram index, and one grouped count sorts them.
  if (searchCapped ?? (await prisma.load.count({ where, orderBy: countOrder(all), take: cap + 1 })) > cap) return null
  const groups = await prisma.load.groupBy({ by: ['status'], where, _count: { _all: true } })
  return Object.fromEntries(groups.filter((group) => group._count._all > 0).map((group) => [group.status, group._count._all]))
}

/**
 * The unfiltered tabs: each status counted up to LOAD_COUNT_CAP + 1 on its own index range (a
 * group-by would read every one of half a million index entries on each page view).
 */
async function countByStatusCapped(viewer: LoadScope): Promise<Partial<Record<LoadStatus, number>>> {
  const rows = await prisma.$queryRaw<Array<{ status: LoadStatus; n: number }>>`
    SELECT s.status, (
      SELECT count(*)::int FROM (
        SELECT 1 FROM "Load" l
        WHERE l."organizationId" = ${viewer.organizationId} AND l."status" = s.status::"LoadStatus"
          AND (${viewer.driverId ?? null}::text IS NULL OR l."driverId" = ${viewer.driverId ?? null})
        LIMIT ${LOAD_COUNT_CAP + 1}
      ) AS capped
    ) AS n
    FROM unnest(enum_range(NULL::"LoadStatus")::text[]) AS s(status)`
  return Object.fromEntries(rows.filter((row) => row.n > 0).map((row) => [row.status, row.n]))
}
