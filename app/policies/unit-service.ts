/**
 * Whether a truck or trailer may be put on a load (ADR 131): a unit with an out-of-service defect
 * that a driver's inspection report found and no one has certified yet (49 CFR 396.11, the DVIR's
 * rule: unitOutOfService), or whose annual inspection was due before the load's day (396.17), is
 * out of service, and neither dispatched nor assigned (409 `out_of_service`). A unit without an
 * inspection date is not checked for it. Zod-free: pages ask it what to offer, the loads model
 * refuses by it.
 */
import { unitOutOfService } from './inspection'
import type { PolicyRefusal } from './refusal'

export type UnitKind = 'truck' | 'trailer'

/**
 * What the rule reads of a unit: its kind, its annual inspection's due day (`2026-05-31`) if known,
 * and the defects of its inspection reports not yet certified.
 */
export type UnitService = {
  kind: UnitKind
  inspectionDue: string | null
  openDefects: ReadonlyArray<{ outOfService: boolean; certifiedAt: Date | string | null }>
}

/** What keeps the unit off a load on `day` (`2026-12-01`), or null: an open defect first, then the inspection. */
export function unitServiceReason(unit: Omit<UnitService, 'kind'>, day: string): 'defect' | 'inspection' | null {
  if (unitOutOfService(unit.openDefects)) return 'defect'
  if (unit.inspectionDue !== null && unit.inspectionDue < day) return 'inspection'
  return null
}

/** Why the unit may not go on a load on `day`, as a refusal, or null. */
export function unitServiceRefusal(unit: UnitService, day: string): PolicyRefusal | null {
  const reason = unitServiceReason(unit, day)
  if (reason === 'defect') return { code: 'out_of_service', key: `loads.errors.outOfService.${unit.kind}Defect` }
  if (reason === 'inspection') return { code: 'out_of_service', key: `loads.errors.outOfService.${unit.kind}Inspection` }
  return null
}
