import { useTranslation } from '~/hooks/use-translation'
import { formatMoney } from '~/utils/format'

/** A cart's or an order's money, as the cart policy computed it on the server. */
export function MoneyTotals({
  totals,
  discountCode,
}: {
  totals: { subtotalCents: number; discountCents: number; shippingCents: number; totalCents: number }
  discountCode?: string | null
}) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  return (
    <dl className="space-y-2 text-sm" data-testid="checkout-totals">
      <div className="flex justify-between gap-4">
        <dt className="text-muted">{t('checkout.subtotal')}</dt>
        <dd className="fd-num">{money(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted">
            {t('checkout.discount')}
            {discountCode ? (
              <>
                {' '}
                <bdi className="font-mono text-xs">{discountCode}</bdi>
              </>
            ) : null}
          </dt>
          <dd className="fd-num">−{money(totals.discountCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-muted">{t('checkout.shippingCost')}</dt>
        <dd className="fd-num">{money(totals.shippingCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
        <dt>{t('checkout.total')}</dt>
        <dd className="fd-num" data-testid="checkout-total">
          {money(totals.totalCents)}
        </dd>
      </div>
    </dl>
  )
}

/** Order or cart lines, read-only (the review step and the order page). */
export function LinesTable({
  items,
}: {
  items: ReadonlyArray<{ id: string; name: string; sku?: string; color: string; priceCents: number; quantity: number; lineTotalCents: number }>
}) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  return (
    <div className="overflow-x-auto">
      <table className="fd-table w-full" data-testid="order-lines">
        <thead>
          <tr>
            <th scope="col">{t('checkout.product')}</th>
            <th scope="col">{t('checkout.color')}</th>
            <th scope="col" className="text-end">
              {t('checkout.price')}
            </th>
            <th scope="col" className="text-end">
              {t('checkout.quantity')}
            </th>
            <th scope="col" className="text-end">
              {t('checkout.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <bdi>{item.name}</bdi>
                {item.sku ? <span className="fd-sub font-mono">{item.sku}</span> : null}
              </th>
              <td>{item.color || '—'}</td>
              <td className="fd-num">{money(item.priceCents)}</td>
              <td className="fd-num">{item.quantity}</td>
              <td className="fd-num">{money(item.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
