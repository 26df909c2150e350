/**
 * The one rule for dates and times the app accepts, wherever they come from: a form, a JSON body,
 * a query string, a CSV cell. A date is a real calendar day in the years MIN_YEAR to MAX_YEAR; a
 * time is a real day in those years and a real time of day, on the organization's clock
 * (`2026-03-01T08:00`, a datetime-local input) or an ISO 8601 instant with its offset
 * (`2026-03-01T14:00:00Z`, `…-06:00`). Outside that range a date is a typo or a probe, and years
 * 0 or 10000 do not survive the trip through PostgreSQL and JavaScript (ADR 045). The database
 * holds the same range with CHECK constraints. No zod here: pages and loaders use it as it is; the
 * zod fields are in ./fields.
 */

export const MIN_YEAR = 1950
export const MAX_YEAR = 2200

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/
// An offset is at most ±23:59 (ISO 8601), so an instant stays within a day of its written date.
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/

/** Whether a day that exists is in the accepted years. */
function acceptedYear(day: string) {
  const year = Number(day.slice(0, 4))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** Whether the text is `YYYY-MM-DD` and a day that exists (not 2026-02-30, not year 0), in any year. */
function realDay(value: string) {
  const match = DAY.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  // 2026-02-30 rolls over to March: a real day comes back as itself. (setUTCFullYear, unlike
  // Date.UTC, does not take years 0 to 99 as 1900 to 1999.)
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return year > 0 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** What is wrong with a date (`YYYY-MM-DD`), as a message key, or null when it is accepted. */
export function dayError(value: string): 'validation.date' | 'validation.dateRange' | null {
  if (!realDay(value)) return 'validation.date'
  return acceptedYear(value) ? null : 'validation.dateRange'
}

/** Whether the text is an accepted date: `YYYY-MM-DD`, a day that exists, in the accepted years. */
export function isDay(value: string) {
  return dayError(value) === null
}

/**
 * What is wrong with a time, as a message key, or null when it is accepted: the organization's wall
 * clock (`2026-03-01T08:00`, seconds optional) or an ISO 8601 instant with its offset.
 */
export function dateTimeError(value: string): 'validation.dateTime' | 'validation.dateRange' | null {
  const day = WALL_CLOCK.exec(value)?.[1] ?? INSTANT.exec(value)?.[1]
  if (!day || !realDay(day)) return 'validation.dateTime'
  return acceptedYear(day) ? null : 'validation.dateRange'
}

/** Whether the text is an accepted time (wall clock or instant). */
export function isDateTime(value: string) {
  return dateTimeError(value) === null
}

/** Whether the text is an accepted instant (with its offset): what an API client sends for "when". */
export function isInstant(value: string) {
  return INSTANT.test(value) && isDateTime(value)
}

/**
 * The instants the database holds (the CHECK constraints of migration `dates_in_range`): the
 * accepted years widened by one on each side, for what the app derives from an accepted date (a
 * wall-clock time in a zone far from UTC, a due date from payment terms).
 */
export const STORED_FROM = Date.UTC(MIN_YEAR - 1, 0, 1)
export const STORED_UNTIL = Date.UTC(MAX_YEAR + 2, 0, 1)

/** Whether an ISO 8601 instant read back from a client (a list cursor) is one the database can hold. */
export function isStoredInstant(value: string) {
  const time = Date.parse(value)
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && time >= STORED_FROM && time < STORED_UNTIL
}
