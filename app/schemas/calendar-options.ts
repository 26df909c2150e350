/** Calendar choices shared by the page and the model; no zod, so the page does not download it. */
export const CALENDAR_VIEWS = ['month', 'week'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

/** The colours a user event may take (classes in the page), and what each derived kind shows in. */
export const EVENT_COLOURS = ['blue', 'green', 'orange', 'red', 'purple', 'gray'] as const
export type EventColour = (typeof EVENT_COLOURS)[number]

export const EVENT_KINDS = ['event', 'pickup', 'delivery', 'registration', 'inspection', 'license', 'medical', 'maintenance', 'qualification'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

export const KIND_COLOUR: Record<Exclude<EventKind, 'event'>, EventColour> = {
  pickup: 'blue',
  delivery: 'green',
  registration: 'orange',
  inspection: 'orange',
  license: 'red',
  medical: 'red',
  maintenance: 'purple',
  qualification: 'red',
}

/** A month shows at most this many events a day (then "+N more", linking to that week). */
export const DAY_EVENTS_SHOWN = 3
/** Derived events of each kind read for one view, at most (a month of a very large fleet). */
export const DERIVED_EVENTS_MAX = 1_000

/** `YYYY-MM-DD` plus days, as calendar dates. */
export function shiftDay(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The visible days of a view around `day`: six weeks from the Monday on or before the 1st, or the week (Monday first). */
export function visibleDays(view: CalendarView, day: string) {
  const anchor = view === 'month' ? `${day.slice(0, 7)}-01` : day
  const weekday = (new Date(`${anchor}T00:00:00Z`).getUTCDay() + 6) % 7
  const first = shiftDay(anchor, -weekday)
  return Array.from({ length: view === 'month' ? 42 : 7 }, (_, index) => shiftDay(first, index))
}
