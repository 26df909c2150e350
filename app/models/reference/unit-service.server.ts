/**
 * The out-of-service rule (app/policies/unit-service.ts) where a load gets its units: a dispatch,
 * a new load and a changed assignment; and the same facts for the load editor's choices. An open
 * defect of a driver's report keeps both units the report covers off the road (the truck, and the
 * trailer it pulled) until it is certified. The driver's qualification file (a required kind
 * expired or missing: ADR 140) is refused the same way, by the same calls.
 */
import { driverQualificationRefusals } from '~/models/compliance/compliance.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { assignmentDay } from '~/policies/load'
import type { PolicyRefusal } from '~/policies/refusal'
import { type UnitKind, unitServiceReason, unitServiceRefusal } from '~/policies/unit-service'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const FIELDS: Record<UnitKind | 'driver', 'driverId' | 'truckId' | 'trailerId'> = { driver: 'driverId', truck: 'truckId', trailer: 'trailerId' }
const OPEN = { outOfService: true, certifiedAt: null }

type UnitIds = { truckIds: readonly string[]; trailerIds: readonly string[] }

const unitIds = (units: { truckId?: string | null; trailerId?: string | null }): UnitIds => ({
  truckIds: units.truckId ? [units.truckId] : [],
  trailerIds: units.trailerId ? [units.trailerId] : [],
})

/** The organization's units with an out-of-service defect not yet certified (of these units, when given). */
export async function unitsWithOpenDefects(db: Tx | typeof prisma, organizationId: string, units?: UnitIds) {
  const only = units
    ? [
        ...(units.truckIds.length ? [{ truckId: { in: [...units.truckIds] } }] : []),
        ...(units.trailerIds.length ? [{ trailerId: { in: [...units.trailerIds] } }] : []),
      ]
    : null
  if (only && only.length === 0) return { trucks: new Set<string>(), trailers: new Set<string>() }
  const reports = await db.inspection.findMany({
    where: { organizationId, defects: { some: OPEN }, ...(only ? { OR: only } : {}) },
    select: { truckId: true, trailerId: true },
  })
  return {
    trucks: new Set(reports.map((report) => report.truckId)),
    trailers: new Set(reports.flatMap((report) => (report.trailerId ? [report.trailerId] : []))),
  }
}

type ServiceUnit = { id: string; unitNumber: string; inspectionDue: Date | null }

/** Why the unit may not go on a load on `day` (its message key and parameters), or null; `defective`: it has an open out-of-service defect. */
function serviceRefusal(kind: UnitKind, unit: ServiceUnit, defective: boolean, day: string) {
  const due = isoDate(unit.inspectionDue)
  const refusal = unitServiceRefusal({ kind, inspectionDue: due, openDefects: defective ? [OPEN] : [] }, day)
  return refusal && { ...refusal, params: { unit: unit.unitNumber, date: due } }
}

/** Refuses (409 out_of_service) when the driver, truck or trailer given may not go on a load on `day`. */
export async function assertUnitsInService(
  tx: Tx,
  organizationId: string,
  units: { driverId?: string | null; truckId?: string | null; trailerId?: string | null },
  day: string,
) {
  const [refusal] = (
    await refusalsOf(tx, organizationId, [
      { id: '', driverId: units.driverId ?? null, truckId: units.truckId ?? null, trailerId: units.trailerId ?? null, day },
    ])
  ).values()
  if (refusal) throw new DomainError(refusal.code, refusal.key, { fields: { [FIELDS[refusal.kind]]: [refusal.key] }, params: refusal.params })
}

/** What the unit's own page says of it (ADR 131): out of service and why, or null when it may go on a load on `day`. */
export async function unitServiceNotice(organizationId: string, kind: UnitKind, unit: ServiceUnit, day: string) {
  const open = await unitsWithOpenDefects(prisma, organizationId, unitIds({ [FIELDS[kind]]: unit.id }))
  return serviceRefusal(kind, unit, (kind === 'truck' ? open.trucks : open.trailers).has(unit.id), day)
}

type PlannedLoad = { id: string; driverId?: string | null; truckId: string | null; trailerId: string | null; day: string }

type Refusal = { code: PolicyRefusal['code']; key: string; params: Record<string, string | null>; kind: UnitKind | 'driver' }

/**
 * Why each of these loads may not take its driver, truck or trailer on its day (the driver's
 * qualification file first, then the truck, then the trailer), by load id; loads that may go are
 * left out. At most five reads, however many loads.
 */
async function refusalsOf(db: Tx | typeof prisma, organizationId: string, loads: readonly PlannedLoad[]) {
  const ids: UnitIds = {
    truckIds: [...new Set(loads.flatMap((load) => (load.truckId ? [load.truckId] : [])))],
    trailerIds: [...new Set(loads.flatMap((load) => (load.trailerId ? [load.trailerId] : [])))],
  }
  const refused = new Map<string, Refusal>()
  const select = { id: true, unitNumber: true, inspectionDue: true } as const
  const [drivers, trucks, trailers, open] = await Promise.all([
    driverQualificationRefusals(
      db,
      organizationId,
      loads.map((load) => ({ id: load.id, driverId: load.driverId ?? null, day: load.day })),
    ),
    ids.truckIds.length ? db.truck.findMany({ where: { organizationId, id: { in: [...ids.truckIds] } }, select }) : [],
    ids.trailerIds.length ? db.trailer.findMany({ where: { organizationId, id: { in: [...ids.trailerIds] } }, select }) : [],
    ids.truckIds.length || ids.trailerIds.length ? unitsWithOpenDefects(db, organizationId, ids) : { trucks: new Set<string>(), trailers: new Set<string>() },
  ])
  const units = { truck: new Map(trucks.map((unit) => [unit.id, unit])), trailer: new Map(trailers.map((unit) => [unit.id, unit])) }
  for (const load of loads) {
    const driver = drivers.get(load.id)
    if (driver) {
      refused.set(load.id, { ...driver, kind: 'driver' })
      continue
    }
    for (const kind of ['truck', 'trailer'] as const) {
      const unitId = kind === 'truck' ? load.truckId : load.trailerId
      const unit = unitId ? units[kind].get(unitId) : undefined
      const refusal = unit && serviceRefusal(kind, unit, (kind === 'truck' ? open.trucks : open.trailers).has(unit.id), load.day)
      if (refusal) {
        refused.set(load.id, { ...refusal, kind })
        break
      }
    }
  }
  return refused
}

/**
 * Why each of these loads could not be dispatched, its driver (qualification file), truck or
 * trailer being out of service on its pickup day (what the dispatch would refuse), by load id;
 * loads that may go are left out. The board and the load page offer no dispatch for them and say why.
 */
export async function loadsOutOfService(
  organizationId: string,
  loads: ReadonlyArray<{ id: string; driverId?: string | null; truckId: string | null; trailerId: string | null; pickupAt: Date | null }>,
  /** The organization's, when the caller has read it already (the board). */
  known?: string,
) {
  if (!loads.length) return new Map<string, { key: string; params: Record<string, string | null> }>()
  const timeZone = known ?? (await organizationTimeZone(organizationId))
  const refused = await refusalsOf(
    prisma,
    organizationId,
    loads.map((load) => ({
      id: load.id,
      driverId: load.driverId ?? null,
      truckId: load.truckId,
      trailerId: load.trailerId,
      day: assignmentDay(load.pickupAt, timeZone),
    })),
  )
  return new Map([...refused].map(([id, refusal]) => [id, { key: refusal.key, params: refusal.params }]))
}

/** How many units the dashboard names before "and N more". */
const OUT_OF_SERVICE_LISTED = 8

/**
 * The organization's trucks and trailers (inactive ones aside) out of service on `day`, as the
 * dashboard shows them: how many, and the first few (trucks, then trailers, by unit number), each
 * with the policy's reason (the dispatch's rule): an open defect, or the inspection due before `day`.
 */
export async function unitsOutOfService(organizationId: string, day: string) {
  const open = await unitsWithOpenDefects(prisma, organizationId)
  const where = (ids: Set<string>) => ({
    organizationId,
    status: { not: 'inactive' as const },
    OR: [{ inspectionDue: { lt: new Date(`${day}T00:00:00Z`) } }, { id: { in: [...ids] } }],
  })
  const page = {
    select: { id: true, unitNumber: true, inspectionDue: true },
    orderBy: [{ unitNumber: 'asc' as const }, { id: 'asc' as const }],
    take: OUT_OF_SERVICE_LISTED,
  }
  const [trucks, trailers, truckCount, trailerCount] = await Promise.all([
    prisma.truck.findMany({ where: where(open.trucks), ...page }),
    prisma.trailer.findMany({ where: where(open.trailers), ...page }),
    prisma.truck.count({ where: where(open.trucks) }),
    prisma.trailer.count({ where: where(open.trailers) }),
  ])
  // The policy's reason, by the same facts as the dispatch's refusal (serviceRefusal).
  const reasonOf = (unit: ServiceUnit, defective: boolean) =>
    unitServiceReason({ inspectionDue: isoDate(unit.inspectionDue), openDefects: defective ? [OPEN] : [] }, day)
  const units = [
    ...trucks.map((unit) => ({ kind: 'truck' as const, unit, reason: reasonOf(unit, open.trucks.has(unit.id)) })),
    ...trailers.map((unit) => ({ kind: 'trailer' as const, unit, reason: reasonOf(unit, open.trailers.has(unit.id)) })),
  ].slice(0, OUT_OF_SERVICE_LISTED)
  return {
    total: truckCount + trailerCount,
    units: units.flatMap(({ kind, unit, reason }) =>
      reason ? [{ kind, id: unit.id, unitNumber: unit.unitNumber, reason, inspectionDue: isoDate(unit.inspectionDue) }] : [],
    ),
  }
}
