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

/** Order or cart lines, read-only (the review step and the order page): a plain table that scrolls sideways on a narrow screen. */
export function LinesTable({
  items,
}: {
  items: ReadonlyArray<{ id: string; name: string; sku?: string; color: string; priceCents: number; quantity: number; lineTotalCents: number }>
}) {
  const { t, i18n } = useTranslation()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const head = 'px-2 py-2 text-start text-xs font-semibold text-muted'
  const cell = 'px-2 py-2 align-top'
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] border-collapse text-sm" data-testid="order-lines">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={head}>
              {t('checkout.product')}
            </th>
            <th scope="col" className={head}>
              {t('checkout.color')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('checkout.price')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('checkout.quantity')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('checkout.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-line last:border-0">
              <th scope="row" className={`${cell} text-start font-semibold`}>
                <bdi>{item.name}</bdi>
                {item.sku ? <span className="block font-mono text-xs font-normal text-muted">{item.sku}</span> : null}
              </th>
              <td className={cell}>{item.color || '—'}</td>
              <td className={`${cell} fd-num whitespace-nowrap`}>{money(item.priceCents)}</td>
              <td className={`${cell} fd-num`}>{item.quantity}</td>
              <td className={`${cell} fd-num whitespace-nowrap`}>{money(item.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
