/**
 * Whether a truck or trailer may be put on a load (ADR 131; 49 CFR 396.17): a unit whose annual
 * inspection was due before the load's day is out of service, and neither dispatched nor assigned
 * (409 `out_of_service`). A unit without an inspection date is not tracked here and goes. Zod-free:
 * pages ask it what to offer, the loads model refuses by it.
 */
import type { PolicyRefusal } from './refusal'

export type UnitKind = 'truck' | 'trailer'

/** What the rule reads of a unit: its kind and its annual inspection's due day (`2026-05-31`), if known. */
export type UnitService = { kind: UnitKind; inspectionDue: string | null }

/** Why the unit may not go on a load on `day` (`2026-12-01`), or null. */
export function unitServiceRefusal(unit: UnitService, day: string): PolicyRefusal | null {
  if (unit.inspectionDue !== null && unit.inspectionDue < day) return { code: 'out_of_service', key: `loads.errors.outOfService.${unit.kind}Inspection` }
  return null
}
