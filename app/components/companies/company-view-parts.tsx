/**
 * Pieces of a company's page (app/routes/dashboard/companies/view.tsx): the counts across its top,
 * the sections listing its trucks, trailers and drivers, and the money cards.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Card } from '~/components/ui/card'
import { Icon, type IconName } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { formatMoney, formatNumber } from '~/utils/format'

export function Stat({ icon, label, value, testId }: { icon: IconName; label: string; value: number; testId: string }) {
  const { i18n } = useTranslation()
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid={testId}>
      {/* Three across even on a phone: the icon makes way there. */}
      <span className="hidden size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary sm:grid">
        <Icon name={icon} size={24} />
      </span>
      <div className="min-w-0">
        <p className="text-2xl font-bold tabular-nums">{formatNumber(i18n.language, value)}</p>
        <p className="truncate text-sm text-muted">{label}</p>
      </div>
    </Card>
  )
}

/** A section listing some of the company's records, with a link to all of them when there are more. */
export function Section(props: { id: string; title: string; count: number; empty: string; allHref?: string; allLabel?: string; children: ReactNode }) {
  const { i18n } = useTranslation()
  return (
    <Card className="flex flex-col p-6" id={props.id} data-testid={`company-${props.id}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-bold">
          {props.title} <span className="font-normal text-muted tabular-nums">({formatNumber(i18n.language, props.count)})</span>
        </h2>
        {props.allHref && props.count > 0 ? (
          <Link to={props.allHref} className="text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light">
            {props.allLabel}
          </Link>
        ) : null}
      </div>
      {props.count === 0 ? <p className="border-t border-dashed border-line py-4 text-sm text-muted">{props.empty}</p> : props.children}
    </Card>
  )
}

export function Rows({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-dashed divide-line border-t border-dashed border-line">{children}</ul>
}

/** One amount of the company's invoices, with what it counts. */
export function Money({ title, cents, hint, testId }: { title: string; cents: number; hint: string; testId: string }) {
  const { i18n } = useTranslation()
  return (
    <Card className="p-6" data-testid={testId}>
      <h2 className="text-base font-bold">{title}</h2>
      <p className="mt-3 text-2xl font-bold tabular-nums" data-testid={`${testId}-amount`}>
        {formatMoney(i18n.language, cents)}
      </p>
      <p className="mt-1 text-sm text-muted">{hint}</p>
    </Card>
  )
}

export function Pending({ icon, title, description, testId }: { icon: IconName; title: string; description: string; testId: string }) {
  return (
    <Card className="p-6" data-testid={testId}>
      <h2 className="text-base font-bold">{title}</h2>
      <div className="mt-4 flex items-start gap-3 rounded-lg bg-black/[0.03] p-4 text-sm text-muted dark:bg-white/[0.04]">
        <Icon name={icon} size={20} className="mt-0.5 shrink-0" />
        <p>{description}</p>
      </div>
    </Card>
  )
}
