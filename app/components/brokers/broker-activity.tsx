/**
 * The broker page's "Loads" and "Invoices" sections. Neither loads nor invoices exist yet, so each
 * shows its empty state; when they land, their models hand these sections the broker's rows (and
 * the invoice totals: open balance, average days to pay, credit used) and the table goes here.
 */
import { useTranslation } from '~/utils/use-translation'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/list-controls'

function Section({ id, title, emptyTitle, empty }: { id: string; title: string; emptyTitle: string; empty: string }) {
  return (
    <Card className="overflow-hidden" aria-labelledby={`${id}-title`} role="region" data-testid={id}>
      <h2 id={`${id}-title`} className="px-6 pt-6 text-base font-bold">
        {title}
      </h2>
      <EmptyState title={emptyTitle} description={empty} />
    </Card>
  )
}

export function BrokerLoads() {
  const { t } = useTranslation()
  return <Section id="broker-loads" title={t('brokers.view.loads')} emptyTitle={t('brokers.view.loadsEmptyTitle')} empty={t('brokers.view.loadsEmpty')} />
}

export function BrokerInvoices() {
  const { t } = useTranslation()
  return (
    <Section
      id="broker-invoices"
      title={t('brokers.view.invoices')}
      emptyTitle={t('brokers.view.invoicesEmptyTitle')}
      empty={t('brokers.view.invoicesEmpty')}
    />
  )
}
