/**
 * The out-of-service rule (app/policies/unit-service.ts) where a load gets its units: a dispatch,
 * a new load and a changed assignment. Reads the units (the dispatch has locked their rows) and
 * refuses at the field with the unit and the day the inspection was due.
 */
import { isoDate } from '~/models/records/records.server'
import { type UnitKind, unitServiceRefusal } from '~/policies/unit-service'
import type { Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const FIELDS: Record<UnitKind, 'truckId' | 'trailerId'> = { truck: 'truckId', trailer: 'trailerId' }

/** Refuses (409 out_of_service) when the truck or trailer given may not go on a load on `day`. */
export async function assertUnitsInService(tx: Tx, organizationId: string, units: { truckId?: string | null; trailerId?: string | null }, day: string) {
  const [truck, trailer] = await Promise.all([
    units.truckId ? tx.truck.findFirst({ where: { id: units.truckId, organizationId }, select: { unitNumber: true, inspectionDue: true } }) : null,
    units.trailerId ? tx.trailer.findFirst({ where: { id: units.trailerId, organizationId }, select: { unitNumber: true, inspectionDue: true } }) : null,
  ])
  for (const [kind, unit] of [
    ['truck', truck],
    ['trailer', trailer],
  ] as const) {
    if (!unit) continue
    const due = isoDate(unit.inspectionDue)
    const refusal = unitServiceRefusal({ kind, inspectionDue: due }, day)
    if (refusal) throw new DomainError(refusal.code, refusal.key, { fields: { [FIELDS[kind]]: [refusal.key] }, params: { unit: unit.unitNumber, date: due } })
  }
}
