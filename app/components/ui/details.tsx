import type { ReactNode } from 'react'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ComplianceBadges, type ComplianceFlags } from '~/components/ui/compliance-badges'
import { Icon } from '~/components/ui/icons'
import { formatDate } from '~/utils/format'
import { useTranslation } from '~/utils/use-translation'

/**
 * The header of a record's read-only page: its title, the way back to the list as the user left
 * it, and Edit for those who may (`editHref` only then).
 */
export function RecordHeader(props: { title: string; listLabel: string; returnTo: string; name: string; editHref?: string }) {
  const { t } = useTranslation()
  return (
    <PageHeader
      title={props.title}
      crumbs={[{ label: t('nav.dashboard'), to: '/dashboard/app' }, { label: props.listLabel, to: props.returnTo }, { label: props.name }]}
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

/** One label and its value; an empty value (null or '') shows a dash, a long one wraps. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-dashed border-line py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm break-words sm:col-span-2 sm:mt-0">
        {children === null || children === undefined || children === '' ? <span className="text-muted">—</span> : children}
      </dd>
    </div>
  )
}

/** A plate with its state, isolated so a right-to-left page keeps its order. */
export function PlateText({ plate, state }: { plate: string | null; state: string | null }) {
  return plate ? <bdi>{`${plate}${state ? ` · ${state}` : ''}`}</bdi> : null
}

/** A registration or inspection date with its badge when it is overdue or due soon. */
export function ComplianceDate({ date, kind, compliance }: { date: string | null; kind: keyof ComplianceFlags; compliance: ComplianceFlags }) {
  const { i18n } = useTranslation()
  if (!date) return null
  return (
    <>
      {formatDate(i18n.language, date)}
      <ComplianceBadges compliance={{ inspection: null, registration: null, [kind]: compliance[kind] }} />
    </>
  )
}
