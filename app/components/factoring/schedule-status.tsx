import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { SCHEDULE_STATUS_META, type ScheduleStatus } from '~/schemas/factoring-options'

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation()
  return <Badge tone={SCHEDULE_STATUS_META[status].tone}>{t(`factoring.status.${status}`)}</Badge>
}
