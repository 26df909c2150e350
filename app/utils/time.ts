/** Calendar days in an organization's time zone (filters by day, "today" for its dispatchers). */

const knownZones = new Set<string>()

/**
 * The zone if the runtime knows it, else UTC (a hand-edited organization row must not crash a
 * page). Checked once per name: every signed-in request asks.
 */
export function safeTimeZone(timeZone: string | null | undefined) {
  if (!timeZone) return 'UTC'
  if (knownZones.has(timeZone)) return timeZone
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    if (knownZones.size < 1000) knownZones.add(timeZone)
    return timeZone
  } catch {
    return 'UTC'
  }
}

const partFormats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at `time`, in milliseconds. */
function zoneOffset(time: number, timeZone: string) {
  let format = partFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(time)).map((part) => [part.type, part.value]))
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second))
  return wall - (time - (time % 1000))
}

/** The instant a calendar day (`YYYY-MM-DD`) starts in a time zone, daylight-saving changes included. */
export function zonedDayStart(day: string, timeZone: string) {
  const midnight = Date.parse(`${day}T00:00:00Z`)
  let instant = midnight - zoneOffset(midnight, timeZone)
  // A second pass corrects a day whose offset differs from the previous day's (DST changes).
  instant = midnight - zoneOffset(instant, timeZone)
  return new Date(instant)
}

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}

/**
 * The instant of a wall-clock time (`2026-03-01T08:00`) in a time zone, or of an ISO 8601 instant
 * with its own offset (then the zone does not matter).
 */
export function zonedInstant(value: string, timeZone: string) {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value)
  const wall = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`)
  let instant = wall - zoneOffset(wall, timeZone)
  instant = wall - zoneOffset(instant, timeZone)
  return new Date(instant)
}

/** The wall-clock text of an instant in a time zone, as a datetime-local input shows it. */
export function zonedWallClock(date: Date, timeZone: string) {
  return new Date(date.getTime() + zoneOffset(date.getTime(), timeZone)).toISOString().slice(0, 16)
}
