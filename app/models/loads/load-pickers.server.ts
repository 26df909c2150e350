/**
 * The choices offered around loads: the editor's brokers, companies, drivers (a busy one names
 * its load), trucks and trailers, and the list's truck filter.
 */
import { driversRefusedToday } from '~/models/compliance/compliance.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { unitsWithOpenDefects } from '~/models/reference/unit-service.server'
import { assignmentDay } from '~/policies/load'
import { type UnitKind, unitServiceRefusal } from '~/policies/unit-service'
import { prisma } from '~/utils/db.server'

import { ACTIVE } from './load.server'
import { personName as name } from './load-serialize.server'

const AVAILABLE_FIRST = { available: 0 } as Record<string, number>
const availableFirst = <Row extends { status: string }>(rows: Row[], ready = AVAILABLE_FIRST) =>
  [...rows].sort((a, b) => (ready[a.status] ?? 1) - (ready[b.status] ?? 1))

/**
 * The editor's choices: every broker (those on hold are shown, and refused by createLoad), the
 * active own fleets, the drivers (not banned), trucks and trailers with what can go out listed first
 * (active drivers, available equipment), each list otherwise in name order. Records the load
 * already names are always offered, whatever their state. A driver on another live load carries
 * it (`onLoad`), as the dispatch check would name it.
 */
export async function loadEditorOptions(organizationId: string, keep: { companyId?: string | null; driverId?: string | null; loadId?: string | null } = {}) {
  const [brokers, companies, drivers, trucks, trailers, driving, open, timeZone] = await Promise.all([
    prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true, status: true }, orderBy: { name: 'asc' } }),
    prisma.company.findMany({
      // Own fleets only (ADR 094): a load is hauled by one of the organization's fleets, never by its factor.
      where: { organizationId, OR: [{ status: 'active', kind: 'own_fleet' }, ...(keep.companyId ? [{ id: keep.companyId }] : [])] },
      select: { id: true, name: true, status: true },
      orderBy: { name: 'asc' },
    }),
    prisma.user.findMany({
      // Banned users are not offered, unless the load already names them.
      where: { organizationId, role: 'driver', OR: [{ status: { not: 'banned' } }, ...(keep.driverId ? [{ id: keep.driverId }] : [])] },
      select: { id: true, firstName: true, lastName: true, status: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
    }),
    prisma.truck.findMany({
      where: { organizationId },
      select: { id: true, unitNumber: true, status: true, inspectionDue: true },
      orderBy: { unitNumber: 'asc' },
    }),
    prisma.trailer.findMany({
      where: { organizationId },
      select: { id: true, unitNumber: true, status: true, inspectionDue: true },
      orderBy: { unitNumber: 'asc' },
    }),
    prisma.load.findMany({
      where: { organizationId, status: { in: ACTIVE }, driverId: { not: null }, ...(keep.loadId ? { id: { not: keep.loadId } } : {}) },
      select: { id: true, loadNumber: true, driverId: true },
      distinct: ['driverId'],
    }),
    unitsWithOpenDefects(prisma, organizationId),
    organizationTimeZone(organizationId),
  ])
  const today = assignmentDay(null, timeZone)
  const onLoad = new Map(driving.map((load) => [load.driverId, { id: load.id, loadNumber: load.loadNumber }]))
  // A required qualification expired or missing today (ADR 140): listed with the unavailable ones, with why.
  const refused = await driversRefusedToday(
    organizationId,
    drivers.filter((driver) => driver.status === 'active').map((driver) => driver.id),
    timeZone,
  )
  return {
    brokers,
    companies,
    drivers: availableFirst(
      drivers.map((driver) => {
        const busy = onLoad.get(driver.id) ?? null
        const outOfService = refused.get(driver.id) ?? null
        // A busy driver is listed with the unavailable ones, like dispatched equipment.
        const status = outOfService ? 'out_of_service' : busy && driver.status === 'active' ? 'on_load' : (driver.status as string)
        return {
          id: driver.id,
          name: name(driver)!,
          status,
          onLoad: busy,
          outOfService: outOfService && { key: outOfService.key, params: outOfService.params },
        }
      }),
      { active: 0 },
    ),
    trucks: availableFirst(trucks.map((truck) => equipmentOption('truck', truck, today, open.trucks.has(truck.id)))),
    trailers: availableFirst(trailers.map((trailer) => equipmentOption('trailer', trailer, today, open.trailers.has(trailer.id)))),
  }
}
export type LoadEditorOptions = Awaited<ReturnType<typeof loadEditorOptions>>

/**
 * A truck or trailer as the editor offers it: out of service today (ADR 131) it is listed with the
 * unavailable ones and says why: an open defect, or the day its inspection was due.
 */
function equipmentOption(
  kind: UnitKind,
  unit: { id: string; unitNumber: string; status: string; inspectionDue: Date | null },
  today: string,
  defective: boolean,
) {
  const due = isoDate(unit.inspectionDue)
  const refusal = unitServiceRefusal({ kind, inspectionDue: due, openDefects: defective ? [{ outOfService: true, certifiedAt: null }] : [] }, today)
  const outOfService = refusal ? (defective ? { defect: true as const } : { inspectionDue: due! }) : null
  return { id: unit.id, unitNumber: unit.unitNumber, status: outOfService ? 'out_of_service' : (unit.status as string), outOfService }
}

/** Trucks for the list's truck filter (unit numbers only). */
export const TRUCK_OPTIONS_MAX = 200

/**
 * Trucks for the list's truck filter (unit numbers only), or null past TRUCK_OPTIONS_MAX: a
 * select of 5,000 units is unusable and weighs hundreds of KB; the page then asks for a unit number.
 */
export async function listLoadTruckOptions(organizationId: string) {
  const where = { organizationId }
  const orderBy = { unitNumber: 'asc' } as const
  // Counted first (up to the cap + 1, in the unit index's order): a large fleet's rows never leave the database.
  if ((await prisma.truck.count({ where, orderBy, take: TRUCK_OPTIONS_MAX + 1 })) > TRUCK_OPTIONS_MAX) return null
  return prisma.truck.findMany({ where, select: { id: true, unitNumber: true }, orderBy })
}

/** Drivers for the list's driver filter, as TRUCK_OPTIONS_MAX for trucks. */
export const DRIVER_OPTIONS_MAX = 200

/**
 * Drivers for the list's driver filter, or null past DRIVER_OPTIONS_MAX: 500 drivers weighed half
 * the loads list page (its HTML and its data) at ten million loads (ADR 156); the page then asks
 * for a driver's name or email.
 */
export async function listLoadDriverOptions(organizationId: string) {
  const where = { organizationId, role: 'driver', status: { not: 'banned' } } as const
  if ((await prisma.user.count({ where, take: DRIVER_OPTIONS_MAX + 1 })) > DRIVER_OPTIONS_MAX) return null
  return prisma.user.findMany({ where, select: { id: true, firstName: true, lastName: true }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] })
}

/** Why a typed filter names no record: none has that text, or several share it. */
type TypedMiss = 'unknown' | 'ambiguous'

/**
 * The loads list's typed filters (a large fleet's truck and driver, past the selects' caps): the id
 * each names, or 'none' (an id no row has: the list shows nothing rather than dropping the filter),
 * and why it named none. A truck by its unit number, the unique index's rule (any case); a driver by
 * email or by first and last name as the select shows them, any case, one driver only.
 */
export async function matchTypedFilters(organizationId: string, typed: { truck?: string; driver?: string }) {
  const [truck, drivers] = await Promise.all([
    typed.truck ? prisma.truck.findFirst({ where: { organizationId, unitNumber: typed.truck }, select: { id: true } }) : null,
    typed.driver
      ? prisma.$queryRaw<Array<{ id: string }>>`
          SELECT "id" FROM "User"
          WHERE "organizationId" = ${organizationId} AND "role" = 'driver' AND "status" <> 'banned'
            AND (lower("email") = lower(${typed.driver}) OR lower(trim(concat_ws(' ', "firstName", "lastName"))) = lower(${typed.driver}))
          ORDER BY "id" LIMIT 2`
      : null,
  ])
  const match = (ids: string[]) => ({
    id: ids.length === 1 ? ids[0]! : 'none',
    miss: (ids.length === 1 ? null : ids.length ? 'ambiguous' : 'unknown') as TypedMiss | null,
  })
  return {
    truck: typed.truck ? match(truck ? [truck.id] : []) : null,
    driver: drivers ? match(drivers.map((row) => row.id)) : null,
  }
}
