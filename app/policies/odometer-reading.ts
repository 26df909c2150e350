/**
 * A driver's odometer readings on the road (ADR 125): who records one, on which load, in which
 * order, and the trip a delivered load's readings make. Plain functions, nothing server-only: the
 * model (app/models/fuel-tax/odometer-reading.server.ts) throws what these refuse, and the page
 * offers what `nextReadingKinds` allows.
 */
import type { OdometerReadingKind } from '~/schemas/ifta-options'
import { ACTIVE_LOAD_STATUSES, type LoadStatus } from '~/schemas/load-options'

import type { PolicyRefusal } from './refusal'

/** A refusal of a reading; `field` when it is about one of the form's fields (400 for the odometer). */
export type ReadingRefusal = {
  code: PolicyRefusal['code'] | 'validation_failed'
  key: string
  field?: 'kind' | 'odometer'
  params?: Record<string, string | number>
}

const ON_ROAD: readonly LoadStatus[] = ACTIVE_LOAD_STATUSES

/** The kinds the load's next reading may be: the start first, then state lines or the end, nothing after the end. */
export function nextReadingKinds(recorded: readonly OdometerReadingKind[]): OdometerReadingKind[] {
  if (!recorded.includes('start')) return ['start']
  if (recorded.includes('end')) return []
  return ['state_line', 'end']
}

/** Whether a load on the road takes readings at all (its driver, a truck, a status on the road). */
export function takesReadings(load: { truckId: string | null; status: LoadStatus }) {
  return Boolean(load.truckId) && ON_ROAD.includes(load.status)
}

/**
 * Why `driverId` may not record a `kind` reading of `odometer` on the load, or null. Only the load's
 * driver records, only while the load is on the road with a truck, in order (`nextReadingKinds`),
 * and the unit's odometer never runs backwards: `latest` is the unit's highest reading so far, on
 * any load, so the readings make one continuous log of the unit.
 */
export function readingRefusal(
  driverId: string | null,
  load: { driverId: string | null; truckId: string | null; status: LoadStatus },
  reading: { kind: OdometerReadingKind; odometer: number },
  recorded: readonly OdometerReadingKind[],
  latest: number | null,
): ReadingRefusal | null {
  if (!driverId || load.driverId !== driverId) return { code: 'forbidden', key: 'odometer.errors.notYourLoad' }
  if (!takesReadings(load)) return { code: 'invalid_transition', key: 'odometer.errors.notOnRoad' }
  if (!nextReadingKinds(recorded).includes(reading.kind)) return { code: 'invalid_transition', key: 'odometer.errors.kindNotNext', field: 'kind' }
  if (latest !== null && reading.odometer < latest)
    return { code: 'validation_failed', key: 'odometer.errors.backwards', field: 'odometer', params: { latest } }
  return null
}

/**
 * Why `actor` may not take back the reading, or null: only the latest reading of its load (the
 * unit's log stays continuous), while the load is on the road (a delivered load's trip is corrected
 * on the trip), by the load's driver or by the office (whose role may delete readings).
 */
export function readingRemovalRefusal(
  actor: { userId: string | null; role: string },
  load: { driverId: string | null; truckId: string | null; status: LoadStatus },
  latest: boolean,
): ReadingRefusal | null {
  if (actor.role === 'driver' && (!actor.userId || load.driverId !== actor.userId)) return { code: 'forbidden', key: 'odometer.errors.notYourLoad' }
  if (!takesReadings(load)) return { code: 'invalid_transition', key: 'odometer.errors.notOnRoad' }
  if (!latest) return { code: 'invalid_transition', key: 'odometer.errors.notLatest' }
  return null
}

export type TripReading = { kind: OdometerReadingKind; jurisdiction: string; odometer: number; recordedAt: Date }

/**
 * The trip a load's readings make, or null while they lack the start or the end. Each stretch
 * between two consecutive readings (in odometer order) counts in the jurisdiction the unit was in:
 * the start's until the first state line, that line's until the next, and so on to the end (the
 * end's own jurisdiction says where the unit stopped, not a line crossed). A jurisdiction entered
 * twice adds up; taxable miles are the miles.
 */
export function tripOfReadings(readings: readonly TripReading[]) {
  const start = readings.find((reading) => reading.kind === 'start')
  const end = readings.find((reading) => reading.kind === 'end')
  if (!start || !end) return null
  const road = [start, ...readings.filter((reading) => reading.kind === 'state_line'), end].sort(
    (a, b) => a.odometer - b.odometer || a.recordedAt.getTime() - b.recordedAt.getTime(),
  )
  const miles = new Map<string, number>()
  for (let index = 1; index < road.length; index++) {
    const jurisdiction = road[index - 1].jurisdiction
    miles.set(jurisdiction, (miles.get(jurisdiction) ?? 0) + road[index].odometer - road[index - 1].odometer)
  }
  const lines = [...miles].filter(([, driven]) => driven > 0).map(([jurisdiction, driven]) => ({ jurisdiction, miles: driven, taxableMiles: driven }))
  return {
    start,
    end,
    startOdometer: start.odometer,
    endOdometer: end.odometer,
    // A trip has at least one line: a load that moved no mile has the start's jurisdiction at 0.
    lines: lines.length ? lines : [{ jurisdiction: start.jurisdiction, miles: 0, taxableMiles: 0 }],
  }
}
