import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'

export type ComplianceFlags = { inspection: 'overdue' | 'due_soon' | null; registration: 'overdue' | 'due_soon' | null }

/** Overdue inspections and expired registrations (or due within 30 days) as badges; nothing when all is well. */
export function ComplianceBadges({ compliance }: { compliance: ComplianceFlags }) {
  const { t } = useTranslation()
  const badges = (['inspection', 'registration'] as const).flatMap((kind) => {
    const state = compliance[kind]
    return state ? [{ kind, state }] : []
  })
  if (!badges.length) return null
  return (
    <span className="fd-badges">
      {badges.map(({ kind, state }) => (
        <Badge key={kind} wrap tone={state === 'overdue' ? 'error' : 'warning'}>
          {t(`compliance.${kind}.${state}`)}
        </Badge>
      ))}
    </span>
  )
}
