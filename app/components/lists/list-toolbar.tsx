import { Form, useLocation } from 'react-router'

import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

export type FilterSelect = {
  /** The query parameter (`status`, `companyId` …). */
  name: string
  label: string
  value: string | undefined
  options: Array<{ value: string; label: string }>
}

/** Filter selects apply at once with JavaScript; without it the Apply button submits them. */
function submitOnChange(event: React.ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit()
}

/**
 * The search box and filter selects above every list: a GET form, so the URL is the list's state
 * and it works without JavaScript. Sorting and page size carry over; the page starts again at 1.
 */
export function ListToolbar(props: {
  query: { q?: string; sort: string; dir: string; pageSize: number }
  /** Without a label the list has no text search. */
  searchLabel?: string
  searchPlaceholder?: string
  filters: FilterSelect[]
  /** Set when a field among `children` filters the list (shows Clear). */
  filtered?: boolean
  /** A from–to pair of days (`from`, `to`: the list query's `dateFilter()` fields), with the labels that say which date. */
  dates?: { from?: string; to?: string; fromLabel: string; toLabel: string }
  /** More fields of the same GET form, before the buttons. */
  children?: React.ReactNode
  /** The list's CSV export with the same search, filters and sort (a plain download link). */
  exportHref?: string
  /** Other query parameters the search keeps (e.g. `cols`, the shown custom-field columns). */
  keep?: Record<string, string | undefined>
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { query, filters } = props
  const { dates } = props
  const filtered = Boolean(query.q || filters.some((filter) => filter.value) || dates?.from || dates?.to || props.filtered)
  return (
    <Form method="get" action={pathname} className="flex flex-wrap items-end gap-3 p-4 sm:p-5" role="search">
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <input type="hidden" name="pageSize" value={query.pageSize} />
      {Object.entries(props.keep ?? {}).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {props.searchLabel ? (
        <div className="min-w-[min(100%,14rem)] flex-[2]">
          <label htmlFor="q" className="sr-only">
            {props.searchLabel}
          </label>
          <div className="relative">
            <Icon name="search" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
            <input id="q" name="q" type="search" defaultValue={query.q ?? ''} placeholder={props.searchPlaceholder} className={cn(inputClass, 'ps-10')} />
          </div>
        </div>
      ) : null}
      {filters.map((filter) => (
        <div key={filter.name} className="min-w-36 flex-1">
          <label htmlFor={filter.name} className="fd-label">
            {filter.label}
          </label>
          <select id={filter.name} name={filter.name} defaultValue={filter.value ?? ''} className={inputClass} onChange={submitOnChange}>
            <option value="">{t('list.all')}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {dates ? (
        <>
          <div className="min-w-36 flex-1">
            <label htmlFor="from" className="fd-label">
              {dates.fromLabel}
            </label>
            <input id="from" name="from" type="date" defaultValue={dates.from ?? ''} className={inputClass} />
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="to" className="fd-label">
              {dates.toLabel}
            </label>
            <input id="to" name="to" type="date" defaultValue={dates.to ?? ''} className={inputClass} />
          </div>
        </>
      ) : null}
      {props.children}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          <Icon name="filter" size={18} />
          {t('list.apply')}
        </Button>
        {filtered ? (
          <ButtonLink to={pathname} variant="ghost">
            {t('list.clear')}
          </ButtonLink>
        ) : null}
        {props.exportHref ? (
          <a href={props.exportHref} download className={buttonClass('ghost')} title={t('list.exportHint')}>
            <Icon name="download" size={18} />
            {t('list.export')}
          </a>
        ) : null}
      </div>
    </Form>
  )
}
