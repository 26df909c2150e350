/**
 * The accident register's policy (49 CFR 390.15, 390.5; ADR 141): which accidents are recordable,
 * when an accident may have happened, and the register report's window. The model refuses by it and
 * the pages show what it says. No zod and nothing server-only.
 */
import { REGISTER_YEARS } from '~/schemas/accident-options'

/** A clock running a little ahead (a phone, a browser) is not a future accident. */
export const ACCIDENT_CLOCK_SKEW_MS = 5 * 60 * 1000

/**
 * Recordable (390.5, "accident"): a fatality, a person injured who was treated away from the scene,
 * or a vehicle towed away because it was disabled. `injuries` counts only the people treated away
 * from the scene, so any of them makes the accident recordable.
 */
export function isRecordable(accident: { fatalities: number; injuries: number; towAway: boolean }) {
  return accident.fatalities > 0 || accident.injuries > 0 || accident.towAway
}

/** An accident is recorded after it happened: a time past now (and a clock's skew) is refused. */
export function isFutureAccident(occurredAt: Date, now = new Date()) {
  return occurredAt.getTime() > now.getTime() + ACCIDENT_CLOCK_SKEW_MS
}

/** `YYYY-MM-DD` as a UTC date at midnight, and back. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`)
const dayText = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The register report's days (390.15(b): the accidents of the 3 years before the day asked for):
 * from the day after the same day three years earlier through `until`, both included. A 29 February
 * three years before a leap day is the 28th, so the window is never longer than three years.
 */
export function registerWindow(until: string): { from: string; to: string } {
  const end = utcDay(until)
  const year = end.getUTCFullYear() - REGISTER_YEARS
  const month = end.getUTCMonth()
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const same = new Date(Date.UTC(year, month, Math.min(end.getUTCDate(), lastOfMonth)))
  return { from: dayText(new Date(same.getTime() + 86_400_000)), to: until }
}
