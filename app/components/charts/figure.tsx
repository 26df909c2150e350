import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'
import { languageInfo } from '~/i18n'
import { useTranslation } from '~/utils/use-translation'

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
