import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { currentOdometer } from '~/models/maintenance/unit-odometer.server'
import { cancelWorkOrder, completeWorkOrder, deleteWorkOrder, getWorkOrder, startWorkOrder } from '~/models/maintenance/work-order.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { workOrderAllows } from '~/policies/work-order'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { WorkOrderCompleteSchema } from '~/schemas/work-order'
import { WORK_ORDER_STATUS_TONE } from '~/schemas/work-order-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['workOrders', 'inspections'] }

/** One work order: its unit, lines and defects, and the moves its status allows to those who may make them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'workOrder')
  const order = await orNotFound(getWorkOrder(user.organizationId, params.id))
  const timeZone = await organizationTimeZone(user.organizationId)
  const updates = can(user.role, 'update', 'workOrder')
  const odometer = order.truckId && updates ? await currentOdometer(order.truckId) : null
  return {
    timeZone,
    now: zonedWallClock(new Date(), timeZone),
    odometer: order.odometer ?? odometer,
    order: {
      id: order.id,
      number: order.number,
      version: order.version,
      kind: order.kind,
      status: order.status,
      description: order.description,
      odometer: order.odometer,
      totalCents: order.totalCents,
      truck: order.truck,
      trailer: order.trailer,
      completedAt: order.completedAt?.toISOString() ?? null,
      completedBy: order.completedBy ? `${order.completedBy.firstName} ${order.completedBy.lastName}` : null,
      canceledAt: order.canceledAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
      lines: order.lines.map((line) => ({
        id: line.id,
        kind: line.kind,
        description: line.description,
        product: line.product ? `${line.product.name} (${line.product.sku})` : null,
        quantity: line.quantityMilli / 1000,
        unitCostCents: line.unitCostCents,
        totalCents: line.totalCents,
      })),
      schedules: order.schedules.map((link) => ({ id: link.scheduleId, task: link.schedule.task })),
      defects: order.defects.map((defect) => ({
        id: defect.id,
        item: defect.item,
        note: defect.note,
        outOfService: defect.outOfService,
        certified: defect.certifiedAt !== null,
        inspectionId: defect.inspectionId,
        inspectedAt: defect.inspection.inspectedAt.toISOString(),
      })),
    },
    can: {
      edit: updates && workOrderAllows('edit', order),
      start: updates && workOrderAllows('start', order),
      complete: updates && workOrderAllows('complete', order),
      cancel: updates && workOrderAllows('cancel', order),
      delete: can(user.role, 'delete', 'workOrder') && workOrderAllows('delete', order),
    },
  }
}

/** Start, complete, cancel, delete: each a plain form post, refused by the model as the API is. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const here = href('/dashboard/work-orders/:id', { id: params.id })
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'update', 'workOrder')
  const moved = (order: { number: string }, key: string) => redirectWithToast(here, { type: 'success', title: t(key, { number: order.number }) })
  return intentAction(form, t, {
    start: intent({
      schema: OptionalVersionSchema,
      run: (input) => startWorkOrder(actor, params.id, input),
      done: (order) => moved(order, 'workOrders.toast.started'),
    }),
    complete: intent({
      schema: WorkOrderCompleteSchema,
      run: (input) => completeWorkOrder(actor, params.id, input),
      done: (order) => moved(order, 'workOrders.toast.completed'),
    }),
    cancel: intent({
      schema: OptionalVersionSchema,
      run: (input) => cancelWorkOrder(actor, params.id, input),
      done: (order) => moved(order, 'workOrders.toast.canceled'),
    }),
    delete: intent({
      schema: OptionalVersionSchema,
      run: (input) => deleteWorkOrder(actor, params.id, input.version),
      done: () => redirectWithToast(href('/dashboard/work-orders'), { type: 'success', title: t('workOrders.toast.deleted') }),
    }),
  })
}

export default function WorkOrderView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const { order, timeZone } = loaderData
  const refusal = useRefusal(actionData, ['start', 'complete', 'cancel', 'delete'], undefined, ['completedAt', 'odometer'])
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const busy = navigation.state === 'submitting'
  const unit = order.truck?.unitNumber ?? order.trailer?.unitNumber ?? '—'
  const fieldError = (name: string) => refusal?.field(name) ?? null
  const version = <input type="hidden" name="version" value={order.version} />
  return (
    <>
      <RecordHeader
        title={t('workOrders.view.title', { number: order.number })}
        listLabel={t('nav.workOrders')}
        returnTo={href('/dashboard/work-orders')}
        name={order.number}
      />
      <p className="mx-auto mb-4 flex max-w-4xl justify-end">
        <a href={href('/dashboard/work-orders/:id/pdf', { id: order.id })} className="text-sm font-semibold" data-testid="work-order-pdf" download>
          {t('workOrders.view.pdf')}
        </a>
      </p>
      <div className="mx-auto grid max-w-4xl gap-6">
        <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/work-orders/:id', { id: order.id })} testId="work-order-refusal" />
        <DetailCard title={t('workOrders.view.order')} testId="work-order-details">
          <DetailItem label={t('workOrders.fields.status')}>
            <span data-testid="work-order-status">
              <Badge tone={WORK_ORDER_STATUS_TONE[order.status]}>{t(`workOrders.status.${order.status}`)}</Badge>
            </span>
          </DetailItem>
          <DetailItem label={t(order.truck ? 'workOrders.fields.truck' : 'workOrders.fields.trailer')}>
            {order.truck ? <a href={href('/dashboard/trucks/:id', { id: order.truck.id })}>{unit}</a> : unit}
          </DetailItem>
          <DetailItem label={t('workOrders.fields.kind')}>{t(`workOrders.kind.${order.kind}`)}</DetailItem>
          <DetailItem label={t('workOrders.fields.odometer')}>{order.odometer === null ? '—' : formatNumber(i18n.language, order.odometer)}</DetailItem>
          <DetailItem label={t('workOrders.fields.createdAt')}>{when(order.createdAt)}</DetailItem>
          <DetailItem label={t('workOrders.fields.completedAt')}>
            {order.completedAt ? t('workOrders.view.completedBy', { when: when(order.completedAt), name: order.completedBy ?? '—' }) : '—'}
          </DetailItem>
          <DetailItem label={t('workOrders.fields.description')}>
            <span dir="auto" className="whitespace-pre-line">
              {order.description}
            </span>
          </DetailItem>
        </DetailCard>

        <Card className="overflow-hidden" data-testid="work-order-lines">
          <h2 className="px-6 pt-5 pb-3 text-base font-bold">{t('workOrders.fields.lines')}</h2>
          {order.lines.length === 0 ? (
            <p className="px-6 pb-5 text-sm text-muted">{t('workOrders.view.noLines')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="bg-surface-2 text-start text-xs text-muted">
                  <tr>
                    <th scope="col" className="px-6 py-2 text-start font-semibold">
                      {t('workOrders.fields.lineDescription')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-semibold">
                      {t('workOrders.fields.quantity')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-semibold">
                      {t('workOrders.fields.unitCost')}
                    </th>
                    <th scope="col" className="px-6 py-2 text-end font-semibold">
                      {t('workOrders.fields.lineTotal')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.id} className="border-t border-line" data-testid="work-order-line">
                      <td className="px-6 py-2">
                        <span className="me-2 text-xs font-semibold text-muted uppercase">{t(`workOrders.lineKind.${line.kind}`)}</span>
                        <span dir="auto">{line.description}</span>
                        {line.product ? <span className="block text-xs text-muted">{line.product}</span> : null}
                      </td>
                      <td className="fd-num px-3 py-2 text-end">{formatNumber(i18n.language, line.quantity)}</td>
                      <td className="fd-num px-3 py-2 text-end">{money(line.unitCostCents)}</td>
                      <td className="fd-num px-6 py-2 text-end">{money(line.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t border-line font-bold">
                    <td colSpan={3} className="px-6 py-2 text-end">
                      {t('workOrders.fields.total')}
                    </td>
                    <td className="fd-num px-6 py-2 text-end" data-testid="work-order-total">
                      {money(order.totalCents)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </Card>

        <Card className="p-6" data-testid="work-order-defects">
          <h2 className="mb-3 text-base font-bold">{t('workOrders.fields.defects')}</h2>
          {order.defects.length === 0 ? (
            <p className="text-sm text-muted">{t('workOrders.view.noDefects')}</p>
          ) : (
            <ul className="grid gap-2">
              {order.defects.map((defect) => (
                <li key={defect.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-3 text-sm" data-testid="work-order-defect">
                  <a href={href('/dashboard/inspections/:id', { id: defect.inspectionId })} className="font-semibold">
                    {t(`inspections.item.${defect.item}`)}
                  </a>
                  {defect.outOfService ? <Badge tone="error">{t('inspections.fields.outOfService')}</Badge> : null}
                  <Badge tone={defect.certified ? 'success' : 'warning'}>{t(defect.certified ? 'workOrders.view.repaired' : 'workOrders.view.toRepair')}</Badge>
                  {defect.note ? (
                    <span className="basis-full text-muted" dir="auto">
                      {defect.note}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        {order.schedules.length ? (
          <Card className="p-6" data-testid="work-order-schedules">
            <h2 className="mb-3 text-base font-bold">{t('workOrders.fields.schedules')}</h2>
            <ul className="flex flex-wrap gap-2 text-sm">
              {order.schedules.map((schedule) => (
                <li key={schedule.id}>
                  <a href={href('/dashboard/maintenance/schedules/:id', { id: schedule.id })} className="fd-badge fd-tone-info" dir="auto">
                    {schedule.task}
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        {loaderData.can.complete ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('workOrders.complete.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t(order.kind === 'annual_inspection' ? 'workOrders.complete.annualHint' : 'workOrders.complete.hint')}</p>
            <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="work-order-complete">
              {version}
              <div>
                <label htmlFor="completedAt" className="mb-1.5 block text-sm font-semibold">
                  {t('workOrders.fields.completedAt')}
                </label>
                <input
                  id="completedAt"
                  name="completedAt"
                  type="datetime-local"
                  defaultValue={loaderData.now}
                  className={inputClass}
                  aria-invalid={fieldError('completedAt')?.length ? true : undefined}
                  aria-describedby={fieldError('completedAt')?.length ? 'completedAt-error' : undefined}
                />
                {fieldError('completedAt')?.length ? (
                  <p id="completedAt-error" className="mt-1 text-sm text-error">
                    {fieldError('completedAt')!.join(' ')}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor="complete-odometer" className="mb-1.5 block text-sm font-semibold">
                  {t('workOrders.fields.odometer')}
                </label>
                <input
                  id="complete-odometer"
                  name="odometer"
                  type="number"
                  inputMode="numeric"
                  defaultValue={loaderData.odometer ?? ''}
                  className={inputClass}
                  aria-invalid={fieldError('odometer')?.length ? true : undefined}
                  aria-describedby={fieldError('odometer')?.length ? 'complete-odometer-error' : undefined}
                />
                {fieldError('odometer')?.length ? (
                  <p id="complete-odometer-error" className="mt-1 text-sm text-error">
                    {fieldError('odometer')!.join(' ')}
                  </p>
                ) : null}
              </div>
              <Button type="submit" name="intent" value="complete" disabled={busy}>
                {t('workOrders.complete.submit')}
              </Button>
            </Form>
          </Card>
        ) : null}

        {loaderData.can.edit || loaderData.can.start || loaderData.can.cancel || loaderData.can.delete ? (
          <Card className="flex flex-wrap items-center gap-3 p-6" data-testid="work-order-actions">
            {loaderData.can.edit ? (
              <ButtonLink to={href('/dashboard/work-orders/:id/edit', { id: order.id })} variant="secondary">
                {t('common.edit')}
              </ButtonLink>
            ) : null}
            {loaderData.can.start ? (
              <Form method="post">
                {version}
                <Button type="submit" name="intent" value="start" variant="secondary" disabled={busy}>
                  {t('workOrders.view.start')}
                </Button>
              </Form>
            ) : null}
            {loaderData.can.cancel ? (
              <Form method="post">
                {version}
                <Button type="submit" name="intent" value="cancel" variant="ghost" disabled={busy}>
                  {t('workOrders.view.cancel')}
                </Button>
              </Form>
            ) : null}
            {loaderData.can.delete ? (
              <details className="ms-auto">
                <summary className="cursor-pointer text-sm font-semibold text-error">{t('common.delete')}</summary>
                <Form method="post" className="mt-2 grid gap-2">
                  {version}
                  <p className="text-sm">{t('workOrders.view.deleteConfirm', { number: order.number })}</p>
                  <Button type="submit" name="intent" value="delete" variant="danger" disabled={busy}>
                    {t('workOrders.view.deleteSubmit')}
                  </Button>
                </Form>
              </details>
            ) : null}
          </Card>
        ) : null}
      </div>
    </>
  )
}
