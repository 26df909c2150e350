/**
 * Driver vehicle inspection reports (DVIR, 49 CFR 396.11 and 396.13; ADR 130): who files one, who
 * certifies its defects, who acknowledges it, and whether a unit is out of service. Plain
 * functions, nothing server-only: app/models/maintenance/inspection.server.ts throws what these
 * refuse, and the pages offer what they allow.
 */
import { INSPECTION_RETENTION_MONTHS, type InspectionStatus } from '~/schemas/inspection-options'
import type { Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/** How far ahead of the server's clock a report's time may be (a phone's clock runs a little fast). */
export const CLOCK_SKEW_MS = 5 * 60_000
/**
 * How far below the unit's latest known reading a report's odometer may be: readings come from
 * receipts typed later, a trip's rounded end, a dash read at a glance (ADR 130).
 */
export const ODOMETER_TOLERANCE_MILES = 10

type Actor = { userId: string | null; role: Role | 'system' }
type Defect = { outOfService: boolean; certifiedAt: Date | string | null }
type Report = { driverId: string | null; acknowledgedAt: Date | string | null; defects: readonly Defect[] }

/**
 * Who files: the driver who inspected the vehicle, and an admin or a mechanic for the yard's own
 * check (a unit no driver has taken out yet, ADR 134). A dispatcher does not inspect vehicles.
 */
export function filesInspections(role: Role | 'system') {
  return role === 'driver' || role === 'admin' || role === 'mechanic'
}

/**
 * Who certifies a report's defects (396.11(a)(3): the carrier's agent states they were repaired or
 * need no repair): an admin or a dispatcher, who send the unit to the shop, and the mechanic who
 * repaired it (ADR 134).
 */
export function certifiesInspections(role: Role | 'system') {
  return role === 'admin' || role === 'dispatcher' || role === 'mechanic'
}

/** Whether every defect of the report is certified (a report without defects has nothing to certify). */
export function isCertified(report: { defects: readonly Defect[] }) {
  return report.defects.length > 0 && report.defects.every((defect) => defect.certifiedAt !== null)
}

/** The list's badge: no defects, certified, or open (out of service when an open defect says so). */
export function inspectionStatus(report: { defects: readonly Defect[] }): InspectionStatus {
  if (!report.defects.length) return 'no_defects'
  if (isCertified(report)) return 'certified'
  return unitOutOfService(report.defects) ? 'out_of_service' : 'defects_open'
}

/** Why the actor may not file a report, or null. */
export function fileRefusal(actor: Actor): PolicyRefusal | null {
  if (!actor.userId || !filesInspections(actor.role)) return { code: 'forbidden', key: 'inspections.errors.notFiler' }
  return null
}

/** Why the actor may not certify the report's defects, or null: not theirs to certify, already certified, nothing to certify. */
export function certifyRefusal(actor: Actor, report: Pick<Report, 'defects'>): PolicyRefusal | null {
  if (!actor.userId || !certifiesInspections(actor.role)) return { code: 'forbidden', key: 'inspections.errors.notCertifier' }
  if (!report.defects.length) return { code: 'invalid_transition', key: 'inspections.errors.noDefects' }
  if (isCertified(report)) return { code: 'invalid_transition', key: 'inspections.errors.alreadyCertified' }
  return null
}

/**
 * Why the actor may not acknowledge the report, or null (396.13): only the next driver of the unit
 * (a driver of it other than the one who filed), only once its defects are certified (a report
 * without defects asks for no signature), once.
 */
export function acknowledgeRefusal(actor: Actor, report: Report, drivesUnit: boolean): PolicyRefusal | null {
  if (!actor.userId || actor.role !== 'driver' || !drivesUnit || report.driverId === actor.userId)
    return { code: 'forbidden', key: 'inspections.errors.notNextDriver' }
  if (report.acknowledgedAt) return { code: 'invalid_transition', key: 'inspections.errors.alreadyAcknowledged' }
  if (!isCertified(report)) return { code: 'invalid_transition', key: 'inspections.errors.notCertified' }
  return null
}

/**
 * Why a unit may not be put on a load, given its defects not yet certified (from every report of
 * it), or null: an out-of-service defect not certified repaired or not needing repair. Dispatch
 * enforces it in the next slice (409 `out_of_service`).
 */
export function unitOutOfService(openDefects: readonly Defect[]): { key: string } | null {
  return openDefects.some((defect) => defect.outOfService && defect.certifiedAt === null) ? { key: 'inspections.errors.outOfService' } : null
}

/** The day before which a report is past its retention (396.11: kept at least 3 months), as of `now`. */
export function retentionCutoff(now: Date) {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - INSPECTION_RETENTION_MONTHS)
  return cutoff
}

/**
 * Why the actor may not delete a report's photo (the files manager, ADR 135), or null: those who
 * certify reports, and only once the report is older than its retention; an upload not attached
 * to a report (`inspectedAt` null) waits for the job queue instead.
 */
export function photoDeleteRefusal(role: Role | 'system', inspectedAt: Date | string | null, now: Date): PolicyRefusal | null {
  if (!certifiesInspections(role)) return { code: 'forbidden', key: 'inspections.photos.errors.notDeleter' }
  if (inspectedAt === null || new Date(inspectedAt) > retentionCutoff(now)) return { code: 'in_use', key: 'inspections.photos.errors.retained' }
  return null
}
