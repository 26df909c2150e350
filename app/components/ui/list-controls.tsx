import type { ReactNode } from 'react'
import { Form, useLocation } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { LinkArea } from '~/components/ui/link-area'
import { useParamsHref } from '~/hooks/use-params-href'
import { useTranslation } from '~/hooks/use-translation'
import { formatNumber } from '~/utils/format'

// In its own module so that the settings drawer (on every page) does not load the list controls.
export { useParamsHref }

/**
 * A column header that sorts by its column; a second click flips the direction. It sits in a
 * `ListTable`, whose cells `.fd-table` pads and whose anchors it follows in the app (keeping the
 * scroll, as the link goes to the same page).
 */
export function SortHeader({ column, label, sort, dir, className }: { column: string; label: string; sort: string; dir: 'asc' | 'desc'; className?: string }) {
  const paramsHref = useParamsHref()
  const active = sort === column
  const nextDir = active && dir === 'asc' ? 'desc' : 'asc'
  return (
    <th scope="col" className={className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <a href={paramsHref({ sort: column, dir: nextDir, page: null })} className="fd-sort">
        {label}
        {active ? <Icon name={dir === 'asc' ? 'sortAsc' : 'sortDesc'} size={14} /> : null}
      </a>
    </th>
  )
}

/**
 * Rows per page, "1–25 of 40" and previous/next. A list whose count stops at a cap (loads: 10,000)
 * passes `capped` and the rows it shows: it then reads "of 10,000+" and goes on while pages are full.
 */
export function Pagination({
  total,
  page,
  pageSize,
  pageSizes,
  capped,
}: {
  total: number
  page: number
  pageSize: number
  pageSizes: readonly number[]
  capped?: { rows: number }
}) {
  const { t, i18n } = useTranslation()
  const { search, pathname } = useLocation()
  const pages = capped ? (capped.rows === pageSize ? page + 1 : page) : Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = capped ? (page - 1) * pageSize + capped.rows : Math.min(total, page * pageSize)
  const fmt = (value: number) => formatNumber(i18n.language, value)
  const hidden = [...new URLSearchParams(search)].filter(([key]) => key !== 'pageSize' && key !== 'page' && key !== 'changed')
  const paramsHref = useParamsHref()
  return (
    <div className="flex min-h-16 flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-line px-4 py-2 text-sm">
      <Form method="get" action={pathname} className="flex items-center gap-2">
        {hidden.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <label htmlFor="pageSize" className="text-muted">
          {t('list.rowsPerPage')}
        </label>
        <select
          id="pageSize"
          name="pageSize"
          defaultValue={pageSize}
          className="h-8 rounded-md border border-line bg-surface px-2"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-md border border-line px-2 py-1">
            {t('list.apply')}
          </button>
        </noscript>
      </Form>
      <p className="tabular-nums" data-testid="pagination-range">
        {t('list.range', { from: fmt(from), to: fmt(to), total: capped ? `${fmt(total)}+` : fmt(total) })}
      </p>
      <LinkArea as="div" className="flex items-center gap-1">
        <PageLink to={page > 1 ? paramsHref({ page: page - 1 }) : null} label={t('list.previous')} icon="chevronLeft" />
        <PageLink to={page < pages ? paramsHref({ page: page + 1 }) : null} label={t('list.next')} icon="chevronRight" />
      </LinkArea>
    </div>
  )
}

function PageLink({ to, label, icon }: { to: string | null; label: string; icon: 'chevronLeft' | 'chevronRight' }) {
  const content = (
    <>
      <Icon name={icon} className="fd-flip-rtl" />
      <span className="sr-only">{label}</span>
    </>
  )
  if (!to) {
    return (
      <span aria-disabled="true" className="fd-page-link text-muted/50">
        {content}
      </span>
    )
  }
  return (
    // A plain anchor, followed in the app by Pagination's delegated handler (keeping the scroll).
    <a href={to} rel={icon === 'chevronLeft' ? 'prev' : 'next'} className="fd-page-link hover:bg-black/5 dark:hover:bg-white/10">
      {content}
    </a>
  )
}

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center" data-testid="empty-state">
      <span className="grid size-16 place-items-center rounded-full bg-black/5 text-muted dark:bg-white/5">
        <Icon name="inbox" size={32} />
      </span>
      <h2 className="mt-4 text-lg font-bold">{title}</h2>
      {description ? <p className="mt-1 max-w-sm text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  )
}
