/**
 * The calendar's entries (app/routes/dashboard/calendar/index.tsx): an event or a record's date as
 * a coloured chip, and the legend of their kinds.
 */
import { BidiText } from '~/components/ui/bidi-text'
import { useTranslation } from '~/hooks/use-translation'
import type { CalendarItem } from '~/models/calendar.server'
import { EVENT_KINDS, type EventColour, KIND_COLOUR } from '~/schemas/calendar-options'
import { cn } from '~/utils/cn'
import { formatDigits, isolate } from '~/utils/format'

const COLOUR_CLASS: Record<EventColour, string> = {
  blue: 'border-info-main bg-info-lighter text-info-darker dark:bg-info/20 dark:text-info-light',
  green: 'border-success-main bg-success-lighter text-success-darker dark:bg-success/20 dark:text-success-light',
  orange: 'border-warning-main bg-warning-lighter text-warning-darker dark:bg-warning/20 dark:text-warning-light',
  red: 'border-error-main bg-error-lighter text-error-darker dark:bg-error/20 dark:text-error-light',
  purple: 'border-primary-main bg-primary-lighter text-primary-darker dark:bg-primary/20 dark:text-primary-light',
  gray: 'border-line bg-black/5 text-ink dark:bg-white/10',
}

/** A user's event is their title (its own direction); a record's date is a sentence of the page's language, its data isolated. */
function label(t: (key: string, params?: Record<string, unknown>) => string, item: CalendarItem) {
  return item.kind === 'event'
    ? item.title
    : t(`calendar.kinds.${item.kind}`, { subject: isolate(item.subject ?? ''), place: isolate(item.title), code: item.title })
}

/**
 * An entry: in the month one line, cut with an ellipsis (the whole in its tooltip); in the week
 * (`full`) its times and its whole title, wrapped.
 */
export function EventChip({ item, full = false }: { item: CalendarItem; full?: boolean }) {
  const { t, i18n } = useTranslation()
  const text = label(t, item)
  const shown = full && item.startTime && item.endTime ? `${item.startTime}–${item.endTime}` : item.startTime
  const times = shown ? formatDigits(i18n.language, shown) : null
  const body = (
    <>
      {times ? <span className={cn('me-1 tabular-nums', full && 'block font-semibold')}>{times}</span> : null}
      {item.kind === 'event' ? <bdi>{text}</bdi> : <BidiText text={text} />}
    </>
  )
  const className = cn(
    'block rounded border-s-4 px-1.5 py-0.5 text-xs font-medium',
    full ? 'break-words whitespace-normal' : 'truncate',
    COLOUR_CLASS[item.colour],
  )
  return item.href ? (
    <a
      href={item.href}
      className={cn(className, 'hover:underline')}
      title={text}
      data-testid="calendar-event"
      data-dialog={item.kind === 'event' ? `event:${item.id}` : undefined}
    >
      {body}
    </a>
  ) : (
    <span className={className} title={text} data-testid="calendar-event">
      {body}
    </span>
  )
}

/** What each colour means. */
export function CalendarLegend() {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-3 border-t border-line p-4 text-xs text-muted" aria-label={t('calendar.legend')}>
      {EVENT_KINDS.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span className={cn('size-3 rounded-sm border-s-4', COLOUR_CLASS[kind === 'event' ? 'purple' : KIND_COLOUR[kind]])} aria-hidden="true" />
          {t(`calendar.legendKinds.${kind}`)}
        </li>
      ))}
    </ul>
  )
}
