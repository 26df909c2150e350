import type { ReactNode } from 'react'

import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { formatMoney } from '~/utils/format'

/** A headline number of a dashboard: its label, the value, and an optional line under it. */
export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: ReactNode; testId?: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <p className="text-sm font-semibold text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </Card>
  )
}

/** A dashboard card: its title, an optional link or note at the end, and its content. */
export function Panel({
  title,
  action,
  children,
  className = '',
  testId,
}: {
  title: string
  action?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <Card className={`p-6 ${className}`} data-testid={testId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  )
}

/** "Nov 17": a week by its Monday, in the page's language. */
export function useWeekLabel() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(languageInfo(i18n.language).intl, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return (monday: string) => format.format(new Date(`${monday}T00:00:00Z`))
}

/** Amounts per week as the server writes them (the chart, with JavaScript, draws the same rows). */
export function WeekTable({
  testId,
  caption,
  amountLabel,
  rows,
  before,
}: {
  testId: string
  caption: string
  amountLabel: string
  rows: Array<{ week: string; cents: number }>
  /** A row above the weeks (banking's "Overdue now"). */
  before?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const weekLabel = useWeekLabel()
  const th = 'py-2 font-semibold text-muted'
  return (
    <table className="mt-4 w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${th} text-start`}>
            {t('analytics.weekOf')}
          </th>
          <th scope="col" className={`${th} text-end`}>
            {amountLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {before}
        {rows.map((row) => (
          <tr key={row.week} className="border-t border-dashed border-line">
            <td className="py-1.5 tabular-nums">{weekLabel(row.week)}</td>
            <td className="py-1.5 text-end font-semibold tabular-nums">{formatMoney(i18n.language, row.cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
