import type { ReactNode } from 'react'
import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges, type ComplianceFlags } from '~/components/ui/compliance-badges'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { formatDate } from '~/utils/format'

/**
 * The header of a record's read-only page: its title, the way back to the list as the user left
 * it, and Edit for those who may (`editHref` only then).
 */
export function RecordHeader(props: { title: string; listLabel: string; returnTo: string; name: string; editHref?: string }) {
  const { t } = useTranslation()
  return (
    <PageHeader
      title={props.title}
      crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: props.listLabel, to: props.returnTo }, { label: props.name }]}
      action={
        props.editHref ? (
          <ButtonLink to={props.editHref}>
            <Icon name="edit" size={18} />
            {t('common.edit')}
          </ButtonLink>
        ) : null
      }
    />
  )
}

/** A titled card of label–value pairs on a read-only page. */
export function DetailCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{title}</h2>
      <dl data-testid={testId}>{children}</dl>
    </Card>
  )
}

const dash = <span className="text-muted">—</span>

/** A value, or a muted dash when there is none (null, undefined or ''). */
export function OrDash({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === '' || children === false ? dash : <>{children}</>
}

/** One label and its value; an empty value shows a dash, a long one wraps. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-dashed border-line py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm break-words sm:col-span-2 sm:mt-0">
        <OrDash>{children}</OrDash>
      </dd>
    </div>
  )
}

/**
 * A plate with its state (a dash without a plate), isolated so a right-to-left page keeps its
 * order. The plate never breaks; its state may go to the next line on a narrow screen.
 */
export function PlateText({ plate, state }: { plate: string | null; state: string | null }) {
  if (!plate) return dash
  return (
    // No-break spaces keep the plate whole and the dot with its state.
    <bdi>{`${plate.replaceAll(' ', '\u00a0')}${state ? ` ·\u00a0${state}` : ''}`}</bdi>
  )
}

/** A registration or inspection date (a dash without one) with its badge when it is overdue or due soon. */
export function ComplianceDate({ date, kind, compliance }: { date: string | null; kind: keyof ComplianceFlags; compliance: ComplianceFlags }) {
  const { i18n } = useTranslation()
  if (!date) return dash
  return (
    <>
      {formatDate(i18n.language, date)}
      <ComplianceBadges compliance={{ inspection: null, registration: null, [kind]: compliance[kind] }} />
    </>
  )
}

/**
 * A list's due-date cell: the date (a dash without one) and, under it, every compliance badge of
 * the row. Its column is `fd-nw`, so the date stays on one line (the badges still wrap).
 */
export function DueDateCell({ date, compliance }: { date: string | null; compliance: ComplianceFlags }) {
  const { i18n } = useTranslation()
  return (
    <>
      <OrDash>{formatDate(i18n.language, date)}</OrDash>
      <ComplianceBadges compliance={compliance} />
    </>
  )
}

/** The facts at the top of an aggregate's page (status, party, period, totals): a grid of up to four label–value pairs a row. */
export function SummaryList({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid={testId}>
      {children}
    </dl>
  )
}

/** One fact of a `SummaryList`; `wide` takes the whole row, `className` styles the value (a total is bold). */
export function SummaryItem(props: { label: string; children: ReactNode; className?: string; testId?: string; wide?: boolean }) {
  return (
    <div className={props.wide ? 'sm:col-span-2 lg:col-span-4' : undefined}>
      <dt className="text-muted">{props.label}</dt>
      <dd className={props.className ? `mt-1 ${props.className}` : 'mt-1'} data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  )
}
