import { lazy, type MouseEvent, type PointerEvent, Suspense, useState } from 'react'
import { href, Link } from 'react-router'

import { CalendarLegend, EventChip } from '~/components/calendar/event-chip'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { calendarItems } from '~/models/calendar.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { requirePermission } from '~/requests/session.server'
import { CALENDAR_VIEWS, type CalendarView, DAY_EVENTS_SHOWN, shiftDay, visibleDays } from '~/schemas/calendar-options'
import { isDay } from '~/schemas/dates'
import { cn } from '~/utils/cn'
import { formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'

import type { Route } from './+types/index'

// Radix loads when the dialog first opens, not with the page.
const EventDialog = lazy(() => import('~/components/calendar/event-dialog'))

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['calendar'] }

/**
 * The month (six weeks) or the week around `?date=`, rendered on the server; the URL is the state.
 * Every day links to a new event on it; every event to its record or its own page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'calendarEvent')
  const url = new URL(request.url)
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(url.searchParams.get('view') ?? '')
    ? (url.searchParams.get('view') as CalendarView)
    : 'month'
  const today = zonedWallClock(new Date(), await loadTimeZone(user.organizationId)).slice(0, 10)
  const asked = url.searchParams.get('date') ?? ''
  // A day out of the accepted years (./schemas/dates) is ignored, as any unknown value of the URL.
  const date = isDay(asked) ? asked : today
  const days = visibleDays(view, date)
  const items = await calendarItems(user, days[0], days.at(-1)!)
  const month = date.slice(0, 7)
  return {
    view,
    date,
    today,
    month,
    days,
    items,
    previous: view === 'month' ? shiftDay(`${month}-01`, -1).slice(0, 7) + '-01' : shiftDay(date, -7),
    next: view === 'month' ? shiftDay(`${month}-01`, 32).slice(0, 7) + '-01' : shiftDay(date, 7),
    canCreate: can(user.role, 'create', 'calendarEvent'),
  }
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  // With JavaScript a day's "+" and a user event open the dialog; the links stay for everyone else.
  const hydrated = useHydrated()
  const [dialog, setDialog] = useState<{ id: string } | { date: string; end?: string } | null>(null)
  // Dragging across days selects a range (a new event from its first to its last day); a plain
  // click on a day's "+" is still the one-day link. Pointer events cover mouse, pen and touch.
  const [range, setRange] = useState<{ from: string; to: string } | null>(null)
  const dayAt = (event: PointerEvent) => {
    const cell = (document.elementFromPoint(event.clientX, event.clientY) ?? (event.target as Element)).closest('[data-day]')
    return cell?.getAttribute('data-day') ?? null
  }
  const startRange = (event: PointerEvent) => {
    if (!hydrated || !loaderData.canCreate || event.button !== 0 || (event.target as Element).closest('a, button')) return
    const day = dayAt(event)
    if (day) setRange({ from: day, to: day })
  }
  const moveRange = (event: PointerEvent) => {
    if (!range) return
    const day = dayAt(event)
    if (day && day !== range.to) setRange({ ...range, to: day })
  }
  const endRange = () => {
    if (!range) return
    const [first, last] = [range.from, range.to].sort()
    setRange(null)
    // A press without a drag is not a selection: that is what the day's "+" is for.
    if (first !== last) setDialog({ date: first, end: last })
  }
  const inRange = (day: string) =>
    range !== null && day >= (range.from < range.to ? range.from : range.to) && day <= (range.from < range.to ? range.to : range.from)
  const openDialog = (event: MouseEvent) => {
    if (!hydrated || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element).closest('a[data-dialog]')
    if (!anchor) return
    event.preventDefault()
    const value = anchor.getAttribute('data-dialog')!
    setDialog(value.startsWith('event:') ? { id: value.slice(6) } : { date: value.slice(5) })
  }
  const { view, date, today, month, days, items } = loaderData
  const intl = languageInfo(i18n.language).intl
  const monthTitle = new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  const weekday = new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' })
  const dayLong = new Intl.DateTimeFormat(intl, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
  const at = (day: string) => new Date(`${day}T00:00:00Z`)
  const on = (day: string) => items.filter((item) => item.startDay <= day && item.endDay >= day)
  const link = (params: Record<string, string>) => `?${new URLSearchParams({ view, date, ...params })}`
  // Phones: the days of this month (or week) that have events, and today.
  const agenda = days.filter((day) => (view === 'week' || day.startsWith(month)) && (on(day).length > 0 || day === today))
  const title = view === 'month' ? monthTitle : t('calendar.weekOf', { date: dayLong.format(at(days[0])) })

  return (
    <>
      <PageHeader
        title={t('calendar.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('calendar.title') }]}
        action={
          loaderData.canCreate ? (
            <ButtonLink to={`${href('/dashboard/calendar/new')}?date=${date}`}>
              <Icon name="plus" size={18} />
              {t('calendar.new')}
            </ButtonLink>
          ) : null
        }
      />
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are the links' own (Enter on a link clicks it too) */}
      <div onClick={openDialog}>
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line p-4">
            <div className="flex items-center gap-2">
              <ButtonLink to={link({ date: loaderData.previous })} variant="secondary" aria-label={t('calendar.previous')} title={t('calendar.previous')}>
                <span aria-hidden="true">‹</span>
              </ButtonLink>
              <ButtonLink to={link({ date: today })} variant="secondary">
                {t('calendar.today')}
              </ButtonLink>
              <ButtonLink to={link({ date: loaderData.next })} variant="secondary" aria-label={t('calendar.next')} title={t('calendar.next')}>
                <span aria-hidden="true">›</span>
              </ButtonLink>
              <h2 className="ms-2 text-lg font-bold" data-testid="calendar-title">
                {title}
              </h2>
            </div>
            <nav aria-label={t('calendar.views')} className="flex gap-1">
              {CALENDAR_VIEWS.map((option) => (
                <Link
                  key={option}
                  to={link({ view: option })}
                  aria-current={option === view ? 'page' : undefined}
                  className={cn('rounded-lg px-3 py-1.5 text-sm font-semibold', option === view ? 'bg-ink text-surface' : 'text-muted hover:text-ink')}
                >
                  {t(`calendar.view.${option}`)}
                </Link>
              ))}
            </nav>
          </div>

          {/* Wide screens: the grid. Phones: the same days as a list of those with events. */}
          <div className="hidden md:block" data-testid="calendar-grid">
            <div className="grid grid-cols-7 border-b border-line text-center text-xs font-semibold text-muted">
              {days.slice(0, 7).map((day) => (
                <div key={day} className="py-2">
                  {weekday.format(at(day))}
                </div>
              ))}
            </div>
            <ol
              className={cn('grid grid-cols-7', range && 'select-none')}
              onPointerDown={startRange}
              onPointerMove={moveRange}
              onPointerUp={endRange}
              onPointerLeave={() => setRange(null)}
              onPointerCancel={() => setRange(null)}
              data-testid="calendar-days"
            >
              {days.map((day) => {
                const events = on(day)
                const outside = view === 'month' && !day.startsWith(month)
                return (
                  <li
                    key={day}
                    className={cn(
                      'min-h-28 min-w-0 overflow-hidden border-e border-b border-line p-1.5 [&:nth-child(7n)]:border-e-0',
                      view === 'week' && 'min-h-64',
                      outside && 'bg-black/[0.02] dark:bg-white/[0.02]',
                      inRange(day) && 'bg-primary-lighter/60 dark:bg-primary/20',
                    )}
                    data-selected={range && inRange(day) ? true : undefined}
                    data-testid="calendar-day"
                    data-day={day}
                  >
                    <div className="mb-1 flex items-center justify-between">
                      <span
                        className={cn(
                          'grid size-7 place-items-center rounded-full text-sm tabular-nums',
                          day === today && 'bg-primary font-bold text-primary-contrast',
                          outside && 'text-muted',
                        )}
                        aria-label={dayLong.format(at(day))}
                      >
                        {formatNumber(i18n.language, Number(day.slice(8)))}
                      </span>
                      {loaderData.canCreate ? (
                        <a
                          href={`${href('/dashboard/calendar/new')}?date=${day}`}
                          data-dialog={`date:${day}`}
                          className="rounded p-1 text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10"
                          aria-label={t('calendar.newOn', { date: dayLong.format(at(day)) })}
                        >
                          <Icon name="plus" size={14} />
                        </a>
                      ) : null}
                    </div>
                    {/* One column that may shrink below its entries' text, so that they are cut (with an ellipsis) inside the day. */}
                    <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
                      {(view === 'month' ? events.slice(0, DAY_EVENTS_SHOWN) : events).map((item) => (
                        <li key={item.id}>
                          <EventChip item={item} full={view === 'week'} />
                        </li>
                      ))}
                    </ul>
                    {view === 'month' && events.length > DAY_EVENTS_SHOWN ? (
                      <Link to={`?view=week&date=${day}`} className="mt-1 block text-xs font-semibold text-muted hover:underline">
                        {t('calendar.more', { n: events.length - DAY_EVENTS_SHOWN })}
                      </Link>
                    ) : null}
                  </li>
                )
              })}
            </ol>
          </div>

          <ol className="divide-y divide-dashed divide-line md:hidden" data-testid="calendar-agenda">
            {agenda.length === 0 ? <li className="p-4 text-sm text-muted">{t('calendar.nothing')}</li> : null}
            {agenda.map((day) => (
              <li key={day} className="p-4">
                <h3 className={cn('mb-2 text-sm font-bold', day === today && 'text-primary-darker dark:text-primary-light')}>{dayLong.format(at(day))}</h3>
                {on(day).length ? (
                  <ul className="grid gap-1.5">
                    {on(day).map((item) => (
                      <li key={item.id}>
                        <EventChip item={item} full />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted">{t('calendar.nothing')}</p>
                )}
              </li>
            ))}
          </ol>

          <CalendarLegend />
        </Card>
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <EventDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
