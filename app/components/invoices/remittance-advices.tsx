/**
 * The invoice page's remittance advices (ADR 062): what brokers said they paid from the payment
 * page. Pending ones wait for an accountant's Confirm (records the payment) or Dismiss; handled
 * ones stay listed with their outcome.
 */
import { Form } from 'react-router'

import type { ShownRefusal } from '~/components/forms/refusal'
import { RefusalNotice } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { type RemittanceStatus } from '~/schemas/remittance-options'
import { formatDate, formatMoney } from '~/utils/format'

export type RemittanceAdviceRow = {
  id: string
  amountCents: number
  paidOn: string
  reference: string | null
  payerName: string | null
  status: RemittanceStatus
  version: number
  offers: { confirm: boolean; dismiss: boolean }
}

const TONE = { pending: 'warning', confirmed: 'success', dismissed: 'default' } as const

export function RemittanceAdvices({ advices, refusal, busy }: { advices: RemittanceAdviceRow[]; refusal: ShownRefusal | null; busy: boolean }) {
  const { t, i18n } = useTranslation()
  if (!advices.length) return null
  const pending = advices.filter((advice) => advice.status === 'pending')
  const handled = advices.filter((advice) => advice.status !== 'pending')
  const row = (advice: RemittanceAdviceRow) => (
    <li key={advice.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line p-3 text-sm" data-testid="remittance-advice">
      <span className="font-bold tabular-nums">
        {t('payment.advice.line', { amount: formatMoney(i18n.language, advice.amountCents), date: formatDate(i18n.language, advice.paidOn) })}
      </span>
      {advice.reference ? <bdi className="text-muted">{t('payment.advice.reference', { reference: advice.reference })}</bdi> : null}
      {advice.payerName ? <bdi className="text-muted">{t('payment.advice.payer', { name: advice.payerName })}</bdi> : null}
      <Badge tone={TONE[advice.status]}>{t(`payment.advice.status.${advice.status}`)}</Badge>
      {advice.offers.confirm || advice.offers.dismiss ? (
        <div className="ms-auto flex gap-2">
          {(['dismiss', 'confirm'] as const).map((action) =>
            advice.offers[action] ? (
              <Form method="post" key={action}>
                <input type="hidden" name="intent" value={`${action}Advice`} />
                <input type="hidden" name="adviceId" value={advice.id} />
                <input type="hidden" name="version" value={advice.version} />
                <Button type="submit" size="sm" variant={action === 'confirm' ? 'primary' : 'secondary'} disabled={busy}>
                  {t(`payment.advice.${action}`)}
                </Button>
              </Form>
            ) : null,
          )}
        </div>
      ) : null}
    </li>
  )
  return (
    <Card className="mb-6 p-6 print:hidden" data-testid="remittance-advices">
      {pending.length ? (
        <section aria-labelledby="advice-pending">
          <h2 id="advice-pending" className="text-base font-bold">
            {t('payment.advice.heading')}
          </h2>
          <p className="mt-1 mb-3 text-sm text-muted">{t('payment.advice.intro')}</p>
          <RefusalNotice refusal={refusal} testId="remittance-refusal" className="mb-3" />
          <ul className="space-y-2">{pending.map(row)}</ul>
        </section>
      ) : null}
      {handled.length ? (
        <section aria-labelledby="advice-handled" className={pending.length ? 'mt-6' : undefined}>
          <h2 id="advice-handled" className="mb-3 text-base font-bold">
            {t('payment.advice.handled')}
          </h2>
          <ul className="space-y-2">{handled.map(row)}</ul>
        </section>
      ) : null}
    </Card>
  )
}
