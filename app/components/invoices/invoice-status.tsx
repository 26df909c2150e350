import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { INVOICE_STATUS_META, type InvoiceStatus } from '~/schemas/invoice-options'

/** An invoice's stored status, and "Overdue" beside it when it is (derived: open, a balance, past due). */
export function InvoiceStatusBadges({ status, overdue }: { status: InvoiceStatus; overdue: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <Badge tone={INVOICE_STATUS_META[status].tone}>{t(`invoices.status.${status}`)}</Badge>
      {overdue ? (
        <>
          {' '}
          <Badge tone={INVOICE_STATUS_META.overdue.tone}>{t('invoices.status.overdue')}</Badge>
        </>
      ) : null}
    </>
  )
}
