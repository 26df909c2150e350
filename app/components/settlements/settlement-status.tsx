import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { SETTLEMENT_STATUS_META, type SettlementStatus } from '~/schemas/settlement-options'

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation()
  return <Badge tone={SETTLEMENT_STATUS_META[status].tone}>{t(`settlements.status.${status}`)}</Badge>
}
