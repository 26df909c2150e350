import { Form, href } from 'react-router'

import { LinesTable, MoneyTotals } from '~/components/checkout/totals'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem } from '~/components/ui/details'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { cancelOrder, getOrder } from '~/models/store/store-order.server'
import { cancelRefusal, orderScope } from '~/policies/cart'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { OrderCancelSchema } from '~/schemas/checkout'
import { orNotFound } from '~/utils/errors.server'
import { formatZonedDate } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/orders-view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['checkout'] }

/** One order: its lines at the prices locked when placed, the totals, who pays; Cancel while the policy allows it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'storeOrder')
  const order = await orNotFound(getOrder(user.organizationId, params.id, orderScope(user)))
  return { order, canCancel: can(user.role, 'update', 'storeOrder') && !cancelRefusal(order) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'update', 'storeOrder')
  const form = await request.formData()
  return intentAction(form, t, {
    cancel: intent({
      schema: OrderCancelSchema,
      run: ({ version }) => cancelOrder(actor, params.id, version),
      done: (order) =>
        redirectWithToast(href('/dashboard/e-commerce/orders/:id', { id: order.id }), {
          type: 'warning',
          title: t('checkout.orders.canceled', { number: order.orderNumber }),
        }),
    }),
  })
}

export default function OrderView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { order } = loaderData
  const refusal = useRefusal(actionData, [null, 'cancel'], undefined, [])
  const payer = order.driverName ?? order.truckUnit
  return (
    <>
      <PageHeader
        title={t('checkout.orders.viewTitle', { number: order.orderNumber })}
        crumbs={[
          { label: t('nav.store'), to: href('/dashboard/e-commerce/shop') },
          { label: t('checkout.orders.title'), to: href('/dashboard/e-commerce/orders') },
          { label: order.orderNumber },
        ]}
        action={
          loaderData.canCancel ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="version" value={order.version} />
              <Button type="submit" variant="danger" data-testid="order-cancel" title={t('checkout.orders.cancelHint')}>
                {t('checkout.orders.cancel')}
              </Button>
            </Form>
          ) : undefined
        }
      />
      <RefusalNotice refusal={refusal} testId="order-refusal" className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="min-w-0 p-4 sm:p-6" data-testid="order-lines-card">
          <h2 className="mb-3 text-base font-bold">{t('checkout.orders.lines')}</h2>
          <LinesTable items={order.items} />
        </Card>
        <div className="space-y-6">
          <DetailCard title={t('checkout.summary')} testId="order-summary">
            <DetailItem label={t('checkout.orders.status')}>
              <Badge tone={order.status === 'placed' ? 'success' : 'default'}>{t(`checkout.status.${order.status}`)}</Badge>
            </DetailItem>
            <DetailItem label={t('checkout.orders.placedOn')}>{formatZonedDate(i18n.language, order.createdAt, timeZone)}</DetailItem>
            {order.canceledAt ? (
              <DetailItem label={t('checkout.orders.canceledOn')}>{formatZonedDate(i18n.language, order.canceledAt, timeZone)}</DetailItem>
            ) : null}
            <DetailItem label={t('checkout.billTo')}>
              <span data-testid="order-payer">
                {t(`checkout.chargeToShort.${order.chargeTo}`)}
                {payer ? (
                  <>
                    {': '}
                    <bdi>{payer}</bdi>
                  </>
                ) : null}
              </span>
            </DetailItem>
            <DetailItem label={t('checkout.billingName')}>
              <bdi>{order.billing.name}</bdi>
            </DetailItem>
            <DetailItem label={t('checkout.billingAddress')}>
              <p className="whitespace-pre-line">
                <bdi>{order.billing.address}</bdi>
              </p>
            </DetailItem>
            <DetailItem label={t('checkout.shippingMethod')}>{t(`checkout.shippingMethods.${order.shipping.method}`)}</DetailItem>
          </DetailCard>
          {order.settled ? <p className="text-sm text-muted">{t('checkout.orders.settled')}</p> : null}
          <div className="rounded-xl border border-line p-4">
            <MoneyTotals totals={order} discountCode={order.discountCode} />
          </div>
        </div>
      </div>
    </>
  )
}
