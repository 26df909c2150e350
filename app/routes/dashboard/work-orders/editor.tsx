import { getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form, href, redirect, useLocation, useNavigation } from 'react-router'

import { RowButton } from '~/components/forms/row-button'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createWorkOrder, getWorkOrder, updateWorkOrder, workOrderFormOptions } from '~/models/maintenance/work-order.server'
import { workOrderAllows } from '~/policies/work-order'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { isId } from '~/schemas/text'
import { WorkOrderFormSchema, WorkOrderFormUpdateSchema, workOrderFromForm } from '~/schemas/work-order'
import { EMPTY_WORK_ORDER_LINE, MAX_WORK_ORDER_LINES, WORK_ORDER_KINDS, WORK_ORDER_LINE_KINDS } from '~/schemas/work-order-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDate } from '~/utils/format'
import { centsToDollars } from '~/utils/money'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['workOrders', 'inspections'] }

/** The anchor the add and remove buttons come back to, with JavaScript or without. */
const LINES = 'work-order-lines'

/**
 * One editor for /dashboard/work-orders/new and …/:id/edit. A new order may start from a driver's
 * report (`?inspectionId=`): its unit, and its defects no order holds yet, ticked.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'workOrder')
  const order = params.id ? await orNotFound(getWorkOrder(user.organizationId, params.id)) : null
  if (order && !workOrderAllows('edit', order)) throw redirect(href('/dashboard/work-orders/:id', { id: order.id }))
  const options = await workOrderFormOptions(user.organizationId, order?.id)
  const url = new URL(request.url)
  const fromReport = url.searchParams.get('inspectionId')
  const report = fromReport && isId(fromReport) ? options.defects.filter((defect) => defect.inspection.id === fromReport) : []
  const truckParam = url.searchParams.get('truckId')
  const defaultValue = order
    ? {
        truckId: order.truckId ?? '',
        trailerId: order.trailerId ?? '',
        kind: order.kind,
        description: order.description,
        odometer: order.odometer ?? undefined,
        defectIds: order.defects.map((defect) => defect.id),
        scheduleIds: order.schedules.map((link) => link.scheduleId),
        lines: order.lines.map((line) => ({
          kind: line.kind,
          description: line.description,
          productId: line.productId ?? '',
          quantity: String(line.quantityMilli / 1000),
          unitCost: centsToDollars(line.unitCostCents),
        })),
        version: order.version,
      }
    : {
        truckId: report[0]?.inspection.truck.id ?? (truckParam && options.trucks.some((truck) => truck.id === truckParam) ? truckParam : ''),
        kind: 'repair',
        description: report
          .map((defect) => defect.note)
          .filter(Boolean)
          .join('; ')
          .slice(0, 2000),
        defectIds: report.map((defect) => defect.id),
        scheduleIds: [] as string[],
        lines: [EMPTY_WORK_ORDER_LINE],
      }
  return {
    order: order && { id: order.id, number: order.number },
    ...options,
    defects: options.defects.map((defect) => ({
      id: defect.id,
      item: defect.item,
      note: defect.note,
      outOfService: defect.outOfService,
      // The report's units: a defect is on the truck or the trailer it pulled (the checklist does not say which, ADR 131).
      unit: [defect.inspection.truck.unitNumber, defect.inspection.trailer?.unitNumber].filter(Boolean).join(' / '),
      truck: defect.inspection.truck.unitNumber,
      inspectedAt: defect.inspection.inspectedAt.toISOString(),
    })),
    schedules: options.schedules.map((schedule) => ({
      id: schedule.id,
      task: schedule.task,
      unit: schedule.truck?.unitNumber ?? schedule.trailer?.unitNumber ?? '',
    })),
    defaultValue,
    constraint: formConstraint(order ? WorkOrderFormUpdateSchema : WorkOrderFormSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'workOrder')
  const t = getInstance(context).t
  const formData = await request.formData()
  const saved = (order: { id: string; number: string }) =>
    redirectWithToast(href('/dashboard/work-orders/:id', { id: order.id }), {
      type: 'success',
      title: t(params.id ? 'workOrders.toast.updated' : 'workOrders.toast.created', { number: order.number }),
    })
  const id = params.id
  return id
    ? submitForm(formData, WorkOrderFormUpdateSchema, (input) => updateWorkOrder(actor, id, workOrderFromForm(input)), saved, { translate: t })
    : submitForm(formData, WorkOrderFormSchema, (input) => createWorkOrder(actor, workOrderFromForm(input)), saved, { translate: t })
}

export default function WorkOrderEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const { pathname, search } = useLocation()
  const { order } = loaderData
  const [form, fields] = useSchemaForm<typeof WorkOrderFormUpdateSchema>({
    id: 'work-order',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const lines = fields.lines.getFieldList()
  const ticked = new Set((form.value?.defectIds as string[] | string | undefined) ?? loaderData.defaultValue.defectIds)
  const planned = new Set((form.value?.scheduleIds as string[] | string | undefined) ?? loaderData.defaultValue.scheduleIds)
  const back = `${pathname}${search}#${LINES}`
  const title = order ? t('workOrders.editor.editTitle', { number: order.number }) : t('workOrders.editor.newTitle')
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.workOrders'), to: href('/dashboard/work-orders') },
          { label: title },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className="mx-auto grid max-w-4xl gap-6" data-testid="work-order-form">
        {order ? <input type="hidden" name="version" value={String(loaderData.defaultValue.version ?? '')} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6 lg:grid-cols-3">
          <SelectField
            label={t('workOrders.fields.truck')}
            field={fields.truckId}
            placeholder={t('workOrders.editor.noTruck')}
            options={loaderData.trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber }))}
          />
          <SelectField
            label={t('workOrders.fields.trailer')}
            field={fields.trailerId}
            placeholder={t('workOrders.editor.noTrailer')}
            options={loaderData.trailers.map((trailer) => ({ value: trailer.id, label: trailer.unitNumber }))}
          />
          <SelectField
            label={t('workOrders.fields.kind')}
            field={fields.kind}
            options={WORK_ORDER_KINDS.map((kind) => ({ value: kind, label: t(`workOrders.kind.${kind}`) }))}
          />
          <div className="sm:col-span-2">
            <TextareaField label={t('workOrders.fields.description')} field={fields.description} rows={3} />
          </div>
          <TextField label={t('workOrders.fields.odometer')} field={fields.odometer} type="number" />
          <p className="text-sm text-muted sm:col-span-2 lg:col-span-3">{t('workOrders.editor.unitHint')}</p>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-base font-bold">{t('workOrders.fields.defects')}</h2>
          <p className="mt-1 mb-3 text-sm text-muted">{t('workOrders.editor.defectsHint')}</p>
          <ErrorList id={fields.defectIds.errorId} errors={fields.defectIds.errors} />
          {loaderData.defects.length === 0 ? (
            <p className="text-sm text-muted" data-testid="work-order-no-defects">
              {t('workOrders.editor.noDefects')}
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2" data-testid="work-order-defects">
              {loaderData.defects.map((defect) => (
                <li key={defect.id}>
                  <TickTile name={fields.defectIds.name} value={defect.id} checked={ticked.has(defect.id)}>
                    <span className="font-semibold">
                      {defect.unit} · {t(`inspections.item.${defect.item}`)}
                    </span>
                    {defect.outOfService ? <span className="ms-2 text-xs font-semibold text-error">{t('inspections.fields.outOfService')}</span> : null}
                    {defect.note ? (
                      <span className="block text-muted" dir="auto">
                        {defect.note}
                      </span>
                    ) : null}
                    <span className="block text-xs text-muted">{formatDate(i18n.language, defect.inspectedAt)}</span>
                  </TickTile>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-base font-bold">{t('workOrders.fields.schedules')}</h2>
          <p className="mt-1 mb-3 text-sm text-muted">{t('workOrders.editor.schedulesHint')}</p>
          <ErrorList id={fields.scheduleIds.errorId} errors={fields.scheduleIds.errors} />
          {loaderData.schedules.length === 0 ? (
            <p className="text-sm text-muted">{t('workOrders.editor.noSchedules')}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="work-order-schedules">
              {loaderData.schedules.map((schedule) => (
                <li key={schedule.id}>
                  <TickTile name={fields.scheduleIds.name} value={schedule.id} checked={planned.has(schedule.id)}>
                    <span className="font-semibold">{schedule.unit}</span> · <span dir="auto">{schedule.task}</span>
                  </TickTile>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="p-5 sm:p-6">
          <div id={LINES} className="scroll-mt-24">
            <h2 className="text-base font-bold">{t('workOrders.fields.lines')}</h2>
            <p className="mt-1 mb-3 text-sm text-muted">{t('workOrders.editor.linesHint')}</p>
            <ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
            <ol className="space-y-3" data-testid="work-order-lines">
              {lines.map((line, index) => {
                const row = line.getFieldset()
                const n = index + 1
                return (
                  <li key={line.key ?? index} className="flex items-start gap-2 rounded-lg border border-line p-3" data-testid="work-order-line">
                    <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2 lg:grid-cols-[8rem_minmax(0,2fr)_minmax(0,2fr)_6rem_8rem]">
                      <SelectField
                        label={t('workOrders.editor.lineKind', { n })}
                        field={row.kind}
                        options={WORK_ORDER_LINE_KINDS.map((kind) => ({ value: kind, label: t(`workOrders.lineKind.${kind}`) }))}
                      />
                      <TextField label={t('workOrders.fields.lineDescription')} field={row.description} />
                      <SelectField
                        label={t('workOrders.fields.product')}
                        field={row.productId}
                        placeholder={t('workOrders.editor.noProduct')}
                        options={loaderData.products.map((product) => ({
                          value: product.id,
                          label: t('workOrders.editor.productOption', { name: product.name, sku: product.sku, stock: product.stock }),
                        }))}
                      />
                      <TextField label={t('workOrders.fields.quantity')} field={row.quantity} />
                      <TextField label={t('workOrders.fields.unitCost')} field={row.unitCost} />
                    </div>
                    <div className="pt-7">
                      <RowButton
                        icon="trash"
                        label={t('workOrders.editor.removeLine', { n })}
                        buttonProps={{ ...form.remove.getButtonProps({ name: fields.lines.name, index }), formAction: back }}
                      />
                    </div>
                  </li>
                )
              })}
            </ol>
            {lines.length === 0 ? <p className="text-sm text-muted">{t('workOrders.editor.noLines')}</p> : null}
            <button
              {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_WORK_ORDER_LINE })}
              formAction={back}
              type="submit"
              disabled={lines.length >= MAX_WORK_ORDER_LINES}
              className={buttonClass('secondary', 'sm', 'mt-3')}
            >
              <Icon name="plus" size={16} />
              {t('workOrders.editor.addLine')}
            </button>
          </div>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="me-auto text-sm text-muted">{t('workOrders.editor.stockHint')}</p>
          <ButtonLink to={order ? href('/dashboard/work-orders/:id', { id: order.id }) : href('/dashboard/work-orders')} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {order ? t('workOrders.editor.save') : t('workOrders.editor.create')}
          </Button>
        </div>
      </Form>
    </>
  )
}

/** One record to tick (a defect to repair, a schedule to carry out): the whole tile is its label. */
function TickTile({ name, value, checked, children }: { name: string; value: string; checked: boolean; children: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-lighter/40">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="mt-0.5 size-5 shrink-0 accent-primary" />
      <span className="min-w-0">{children}</span>
    </label>
  )
}
