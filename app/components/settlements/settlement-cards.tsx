import { Form, useLocation } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { MANUAL_ITEM_TYPES, SETTLEMENT_PAY_METHODS, type SettlementItemType } from '~/schemas/settlement-options'
import { formatMoney } from '~/utils/format'

type Lines = {
  version: number
  grossCents: number
  deductionsCents: number
  netCents: number
  items: Array<{ id: string; type: SettlementItemType; description: string; amountCents: number }>
}

const isPay = (type: SettlementItemType) => type === 'load' || type === 'reimbursement'

/** The settlement's lines (pay, then what is taken) and its totals; on a draft each line can be removed. */
export function SettlementLines({ settlement, canRemove, busy }: { settlement: Lines; canRemove: boolean; busy: boolean }) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  return (
    <Card className="overflow-hidden">
      <h2 className="px-6 pt-5 text-base font-bold">{t('settlements.view.lines')}</h2>
      {settlement.items.length === 0 ? <p className="px-6 py-4 text-sm text-muted">{t('settlements.view.noLines')}</p> : null}
      <ul className="divide-y divide-line" data-testid="settlement-lines">
        {settlement.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-6 py-3 text-sm">
            <span className="min-w-0 flex-1">
              <span className="block text-xs font-semibold uppercase text-muted">{t(`settlements.itemType.${item.type}`)}</span>
              <bdi className="break-words">{item.description}</bdi>
            </span>
            <span className={`tabular-nums font-semibold ${isPay(item.type) ? '' : 'text-error'}`}>
              {isPay(item.type) ? money(item.amountCents) : `−${money(item.amountCents)}`}
            </span>
            {canRemove ? (
              <Form method="post">
                <input type="hidden" name="intent" value="removeLine" />
                <input type="hidden" name="version" value={settlement.version} />
                <input type="hidden" name="itemId" value={item.id} />
                <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={t('settlements.actions.removeLine', { line: item.description })}>
                  {t('settlements.actions.remove')}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="grid gap-1 border-t border-line px-6 py-4 text-sm" data-testid="settlement-totals">
        <div className="flex justify-between gap-4">
          <dt>{t('settlements.fields.gross')}</dt>
          <dd className="tabular-nums">{money(settlement.grossCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t('settlements.fields.deductions')}</dt>
          <dd className="tabular-nums">−{money(settlement.deductionsCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-bold">
          <dt>{t('settlements.fields.net')}</dt>
          <dd className="tabular-nums">{money(settlement.netCents)}</dd>
        </div>
      </dl>
    </Card>
  )
}

/** "Add a line" on a draft: an advance (taken from the pay) or a reimbursement (added to it). */
export function SettlementLineForm({ version, refusal, busy }: { version: number; refusal: ShownRefusal | null; busy: boolean }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('settlements.actions.addLine')}</h2>
      <Form key={version} method="post" className="grid gap-4 sm:grid-cols-2" data-testid="settlement-line-form" noValidate>
        <input type="hidden" name="intent" value="addLine" />
        <input type="hidden" name="version" value={version} />
        {refusal ? (
          <div className="sm:col-span-2">
            <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="line-refusal" />
          </div>
        ) : null}
        <PlainField id="type" label={t('settlements.fields.type')} errors={refusal?.field('type')}>
          <select id="type" name="type" defaultValue="advance" className={inputClass}>
            {MANUAL_ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`settlements.itemType.${type}`)}
              </option>
            ))}
          </select>
        </PlainField>
        <PlainField id="amount" label={t('settlements.fields.amount')} errors={refusal?.field('amount')}>
          <input id="amount" name="amount" inputMode="decimal" required className={inputClass} />
        </PlainField>
        <PlainField id="description" label={t('settlements.fields.description')} errors={refusal?.field('description')} className="sm:col-span-2">
          <input id="description" name="description" required maxLength={200} dir="auto" className={inputClass} />
        </PlainField>
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('settlements.actions.addLine')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

/** "Mark paid" on an approved settlement: the day, the method and a reference. */
export function SettlementPayForm({ version, today, refusal, busy }: { version: number; today: string; refusal: ShownRefusal | null; busy: boolean }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('settlements.actions.pay')}</h2>
      <Form key={version} method="post" className="grid gap-4 sm:grid-cols-2" data-testid="settlement-pay-form" noValidate>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="version" value={version} />
        {refusal ? (
          <div className="sm:col-span-2">
            <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="pay-refusal" />
          </div>
        ) : null}
        <PlainField id="paidAt" label={t('settlements.fields.paidAt')} errors={refusal?.field('paidAt')}>
          <input id="paidAt" name="paidAt" type="date" required defaultValue={today} className={inputClass} />
        </PlainField>
        <PlainField id="method" label={t('settlements.fields.method')} errors={refusal?.field('method')}>
          <select id="method" name="method" defaultValue="ach" className={inputClass}>
            {SETTLEMENT_PAY_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`settlements.method.${method}`)}
              </option>
            ))}
          </select>
        </PlainField>
        <PlainField id="reference" label={t('settlements.fields.reference')} errors={refusal?.field('reference')} className="sm:col-span-2">
          <input id="reference" name="reference" maxLength={100} dir="auto" className={inputClass} />
        </PlainField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t('settlements.actions.pay')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
