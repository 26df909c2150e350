/**
 * Pieces of the loads list (app/routes/dashboard/loads/list.tsx): the status tabs with their
 * counts, and a stop's place and time in a row.
 */
import { LinkArea } from '~/components/ui/link-area'
import { useParamsHref } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { LOAD_STATUSES } from '~/schemas/load-options'
import { formatNumber } from '~/utils/format'

export function Dash() {
  return <span className="text-muted">—</span>
}

const shortFormats = new Map<string, Intl.DateTimeFormat>()

/** "Dec 3, 8:00 AM" on the organization's clock: the year would only widen every row of the table. */
function shortDateTime(language: string, value: string, timeZone: string) {
  const key = `${language}|${timeZone}`
  let format = shortFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    shortFormats.set(key, format)
  }
  return format.format(new Date(value))
}

/** A stop's place and time: "Dallas, TX" over its window start on the organization's clock (the cell is `fd-nw`). */
export function PlaceCell({ place, at, timeZone }: { place: string | null; at: string | null; timeZone: string }) {
  const { i18n } = useTranslation()
  if (!place) return <Dash />
  return (
    <>
      <bdi className="block">{place}</bdi>
      {at ? (
        <time dateTime={at} className="fd-sub">
          {shortDateTime(i18n.language, at, timeZone)}
        </time>
      ) : null}
    </>
  )
}

/** All + one tab per status, each a link setting `?status=` (the page starts again), with its count. */
/**
 * `cap`: where the counts stopped (loadCountCap: 1,000 with a search, else 10,000); a count past it
 * reads "1,000+". `counts` null: a search past its cap, whose statuses are not counted (ADR 156):
 * All reads "1,000+" and the statuses no count.
 */
export function StatusTabs({ current, counts, cap }: { current: string | undefined; counts: Partial<Record<string, number>> | null; cap: number }) {
  const { t, i18n } = useTranslation()
  const paramsHref = useParamsHref()
  const all = counts ? Object.values(counts).reduce<number>((sum, count) => sum + (count ?? 0), 0) : cap + 1
  const tabs = [
    { value: undefined, label: t('list.all'), count: all },
    ...LOAD_STATUSES.map((value) => ({ value, label: t(`loads.status.${value}`), count: counts ? (counts[value] ?? 0) : null })),
  ]
  return (
    <LinkArea as="nav" aria-label={t('loads.list.tabs')} className="overflow-x-auto border-b border-line px-2 sm:px-3" data-testid="load-status-tabs">
      <ul className="flex min-w-max gap-x-1 lg:min-w-0 lg:flex-wrap">
        {tabs.map((tab) => {
          const active = current === tab.value
          return (
            <li key={tab.value ?? 'all'}>
              {/* A plain anchor (.fd-tab, app/app.css), followed in the app by the tabs' delegated handler, keeping the scroll. */}
              <a href={paramsHref({ status: tab.value ?? null, page: null })} aria-current={active ? 'page' : undefined} className="fd-tab">
                {tab.label}
                {tab.count === null ? null : (
                  <>
                    {' '}
                    <span className="fd-count">
                      {/* Counts stop at the cap: past it a tab reads "10,000+" ("1,000+" for a search). */}
                      {tab.count > cap ? `${formatNumber(i18n.language, cap)}+` : formatNumber(i18n.language, tab.count)}
                    </span>
                  </>
                )}
              </a>
            </li>
          )
        })}
      </ul>
    </LinkArea>
  )
}
