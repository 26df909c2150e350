import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { QUOTE_STATUS_META, type QuoteStatus } from '~/schemas/quote-options'

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation()
  return <Badge tone={QUOTE_STATUS_META[status].tone}>{t(`quotes.status.${status}`)}</Badge>
}
