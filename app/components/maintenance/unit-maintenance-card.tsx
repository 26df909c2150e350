import { href } from 'react-router'

import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { WORK_ORDER_STATUS_TONE, type WorkOrderKind, type WorkOrderStatus } from '~/schemas/work-order-options'
import { formatMoney, formatZonedDate } from '~/utils/format'

export type UnitMaintenance = {
  /** Why the unit may not go on a load, translated; null when it may. */
  outOfService: string | null
  orders: Array<{ id: string; number: string; kind: WorkOrderKind; status: WorkOrderStatus; totalCents: number; completedAt: string | null; createdAt: string }>
  canOpen: boolean
  timeZone: string
}

/**
 * A unit's maintenance on its own page (49 CFR 396.3, ADR 132): whether it is out of service and
 * why, its latest work orders, and links to all of them, its inspection reports and a new order.
 */
export function UnitMaintenanceCard({ unit, maintenance }: { unit: { truckId?: string; trailerId?: string }; maintenance: UnitMaintenance }) {
  const { t, i18n } = useTranslation()
  const query = unit.truckId ? `truckId=${encodeURIComponent(unit.truckId)}` : `trailerId=${encodeURIComponent(unit.trailerId ?? '')}`
  return (
    <Card className="p-6 lg:col-span-2" data-testid="unit-maintenance">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-base font-bold">{t('workOrders.unit.title')}</h2>
        <span data-testid="unit-service">
          <Badge tone={maintenance.outOfService ? 'error' : 'success'}>
            {t(maintenance.outOfService ? 'workOrders.unit.outOfService' : 'workOrders.unit.inService')}
          </Badge>
        </span>
        {maintenance.canOpen ? (
          <ButtonLink to={`${href('/dashboard/work-orders/new')}?${query}`} variant="secondary" size="sm" className="ms-auto">
            {t('workOrders.list.new')}
          </ButtonLink>
        ) : null}
      </div>
      {maintenance.outOfService ? (
        <p className="mb-3 text-sm text-error" data-testid="unit-service-reason">
          {maintenance.outOfService}
        </p>
      ) : null}
      {maintenance.orders.length === 0 ? (
        <p className="text-sm text-muted">{t('workOrders.unit.none')}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {maintenance.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <a href={href('/dashboard/work-orders/:id', { id: order.id })} className="font-semibold">
                {order.number}
              </a>
              <span>{t(`workOrders.kind.${order.kind}`)}</span>
              <Badge tone={WORK_ORDER_STATUS_TONE[order.status]}>{t(`workOrders.status.${order.status}`)}</Badge>
              <span className="text-muted">{formatZonedDate(i18n.language, order.completedAt ?? order.createdAt, maintenance.timeZone)}</span>
              <span className="fd-num ms-auto">{formatMoney(i18n.language, order.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href={`${href('/dashboard/work-orders')}?${query}`}>{t('workOrders.unit.history')}</a>
        {unit.truckId ? <a href={`${href('/dashboard/inspections')}?${query}`}>{t('workOrders.unit.inspections')}</a> : null}
      </p>
    </Card>
  )
}
