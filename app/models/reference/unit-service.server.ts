/**
 * The out-of-service rule (app/policies/unit-service.ts) where a load gets its units: a dispatch,
 * a new load and a changed assignment; and the same facts for the load editor's choices. An open
 * defect of a driver's report keeps both units the report covers off the road (the truck, and the
 * trailer it pulled) until it is certified.
 */
import { isoDate } from '~/models/records/records.server'
import { type UnitKind, unitServiceRefusal } from '~/policies/unit-service'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const FIELDS: Record<UnitKind, 'truckId' | 'trailerId'> = { truck: 'truckId', trailer: 'trailerId' }
const OPEN = { outOfService: true, certifiedAt: null }

/** The organization's units with an out-of-service defect not yet certified (of these units, when given). */
export async function unitsWithOpenDefects(db: Tx | typeof prisma, organizationId: string, units?: { truckId?: string | null; trailerId?: string | null }) {
  const only = units ? [...(units.truckId ? [{ truckId: units.truckId }] : []), ...(units.trailerId ? [{ trailerId: units.trailerId }] : [])] : null
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

/** Refuses (409 out_of_service) when the truck or trailer given may not go on a load on `day`. */
export async function assertUnitsInService(tx: Tx, organizationId: string, units: { truckId?: string | null; trailerId?: string | null }, day: string) {
  const [truck, trailer, open] = await Promise.all([
    units.truckId ? tx.truck.findFirst({ where: { id: units.truckId, organizationId }, select: { id: true, unitNumber: true, inspectionDue: true } }) : null,
    units.trailerId
      ? tx.trailer.findFirst({ where: { id: units.trailerId, organizationId }, select: { id: true, unitNumber: true, inspectionDue: true } })
      : null,
    unitsWithOpenDefects(tx, organizationId, units),
  ])
  for (const [kind, unit] of [
    ['truck', truck],
    ['trailer', trailer],
  ] as const) {
    if (!unit) continue
    const refusal = serviceRefusal(kind, unit, (kind === 'truck' ? open.trucks : open.trailers).has(unit.id), day)
    if (refusal) throw new DomainError(refusal.code, refusal.key, { fields: { [FIELDS[kind]]: [refusal.key] }, params: refusal.params })
  }
}

/** What the unit's own page says of it (ADR 131): out of service and why, or null when it may go on a load on `day`. */
export async function unitServiceNotice(organizationId: string, kind: UnitKind, unit: ServiceUnit, day: string) {
  const open = await unitsWithOpenDefects(prisma, organizationId, { [FIELDS[kind]]: unit.id })
  return serviceRefusal(kind, unit, (kind === 'truck' ? open.trucks : open.trailers).has(unit.id), day)
}
