/**
 * Compliance of anything with an inspection and a registration date (trucks, trailers): one rule
 * for the badges, the list filter and the dashboard counts. Overdue: a date before today. Due
 * soon: one within the next 30 days and nothing overdue, so the two groups never count a row twice.
 */
import { COMPLIANCE_WINDOW_DAYS, type TruckCompliance } from '~/schemas/truck-options'

/** Today as a date-only value (UTC midnight), the way registration and inspection dates are stored. */
export function startOfToday(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

function addDays(date: Date, days: number) {
  return new Date(date.getTime() + days * 86_400_000)
}

/** A Prisma WHERE for rows with `inspectionDue` and `registrationExpiry` (spread into the model's own). */
export function complianceWhere(compliance: TruckCompliance, today: Date) {
  const overdue = { OR: [{ inspectionDue: { lt: today } }, { registrationExpiry: { lt: today } }] }
  if (compliance === 'overdue') return overdue
  const limit = addDays(today, COMPLIANCE_WINDOW_DAYS)
  return {
    AND: [
      { OR: [{ inspectionDue: { gte: today, lte: limit } }, { registrationExpiry: { gte: today, lte: limit } }] },
      // Spelled out rather than NOT(overdue): NOT over a NULL date would drop the row.
      { OR: [{ inspectionDue: null }, { inspectionDue: { gte: today } }] },
      { OR: [{ registrationExpiry: null }, { registrationExpiry: { gte: today } }] },
    ],
  }
}

export type ComplianceState = 'overdue' | 'due_soon' | null

/** The badge one date earns: the same rule as the filter above. */
export function complianceOf(value: Date | string | null, today = startOfToday()): ComplianceState {
  if (!value) return null
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value
  if (date < today) return 'overdue'
  if (date <= addDays(today, COMPLIANCE_WINDOW_DAYS)) return 'due_soon'
  return null
}

/** Both badges of a row, as the list and view pages show them. */
export function complianceFlags(row: { inspectionDue: Date | string | null; registrationExpiry: Date | string | null }, today = startOfToday()) {
  return { inspection: complianceOf(row.inspectionDue, today), registration: complianceOf(row.registrationExpiry, today) }
}
