import { href } from 'react-router'

import { Card } from '~/components/ui/card'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { formatMoney, formatZonedDate } from '~/utils/format'

/** The store orders charged to a truck (its maintenance costs) and their total, on the truck's page. */
export function TruckStoreCosts({
  costs,
}: {
  costs: { orders: Array<{ id: string; orderNumber: string; createdAt: string; totalCents: number }>; totalCents: number }
}) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const money = (cents: number) => formatMoney(i18n.language, cents)
  return (
    <Card className="p-6" data-testid="truck-store-costs">
      <h2 className="mb-3 text-base font-bold">{t('checkout.orders.truckCosts')}</h2>
      {costs.orders.length ? (
        <>
          <ul className="divide-y divide-line text-sm">
            {costs.orders.map((order) => (
              <li key={order.id} className="flex justify-between gap-4 py-2">
                <span>
                  <a href={href('/dashboard/e-commerce/orders/:id', { id: order.id })} className="font-semibold text-primary hover:underline">
                    {order.orderNumber}
                  </a>
                  <span className="ms-2 text-muted">{formatZonedDate(i18n.language, order.createdAt, timeZone)}</span>
                </span>
                <span className="fd-num">{money(order.totalCents)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-4 border-t border-line pt-2 text-sm font-bold">
            <span>{t('checkout.total')}</span>
            <span className="fd-num" data-testid="truck-store-total">
              {money(costs.totalCents)}
            </span>
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">{t('checkout.orders.noTruckCosts')}</p>
      )}
    </Card>
  )
}
