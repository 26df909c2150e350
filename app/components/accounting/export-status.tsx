import { Badge, type Tone } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import type { AccountingExportStatus } from '~/schemas/accounting-options'

const TONES: Record<AccountingExportStatus, Tone> = { queued: 'default', running: 'info', ready: 'success', failed: 'error' }

export function AccountingExportStatusBadge({ status }: { status: AccountingExportStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status]}>{t(`accounting.status.${status}`)}</Badge>
}
