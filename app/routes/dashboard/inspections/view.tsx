import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { acknowledgeInspection, certifyInspection, drivesUnit, getInspection } from '~/models/maintenance/inspection.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { acknowledgeRefusal, certifyRefusal, inspectionStatus } from '~/policies/inspection'
import { loadScope } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CertifySchema } from '~/schemas/inspection'
import { DEFECT_NOTE_MAX, INSPECTION_STATUS_TONE } from '~/schemas/inspection-options'
import { OptionalVersionSchema } from '~/schemas/version'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['inspections', 'workOrders'] }

/** One report: its checklist's defects, their certification, and the certify form or the next driver's signature for those who may. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'inspection')
  const report = await orNotFound(getInspection(loadScope(user), params.id))
  const actor = { userId: user.id, role: user.role }
  const [timeZone, drives] = await Promise.all([
    organizationTimeZone(user.organizationId),
    user.role === 'driver' ? drivesUnit(user.organizationId, user.id, report.truckId) : false,
  ])
  return {
    timeZone,
    report: {
      id: report.id,
      version: report.version,
      unit: report.truck.unitNumber,
      trailer: report.trailer?.unitNumber ?? null,
      driver: report.driver ? `${report.driver.firstName} ${report.driver.lastName}` : null,
      kind: report.kind,
      inspectedAt: report.inspectedAt.toISOString(),
      odometer: report.odometer,
      remarks: report.remarks,
      status: inspectionStatus(report),
      acknowledgedAt: report.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: report.acknowledgedBy ? `${report.acknowledgedBy.firstName} ${report.acknowledgedBy.lastName}` : null,
      defects: report.defects.map((defect) => ({
        id: defect.id,
        item: defect.item,
        note: defect.note,
        outOfService: defect.outOfService,
        certifiedAt: defect.certifiedAt?.toISOString() ?? null,
        repaired: defect.repaired,
        certificationNote: defect.certificationNote,
        photos: defect.photos.map((photo) => ({ id: photo.id, fileName: photo.fileName })),
      })),
    },
    canCertify: can(user.role, 'update', 'inspection') && !certifyRefusal(actor, report),
    canAcknowledge: can(user.role, 'create', 'inspection') && !acknowledgeRefusal(actor, report, drives),
    // Defects waiting for repair that no work order holds yet: the shop may open one from here (ADR 132).
    canOpenWorkOrder: can(user.role, 'create', 'workOrder') && report.defects.some((defect) => defect.certifiedAt === null && defect.workOrderId === null),
  }
}

/** Certify (the office) or acknowledge (the next driver): each a plain form post, refused by the model as the API is. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const here = href('/dashboard/inspections/:id', { id: params.id })
  const { actor } = await requireActor(request, form.get('intent') === 'certify' ? 'update' : 'create', 'inspection')
  return intentAction(form, t, {
    certify: intent({
      schema: CertifySchema,
      run: (input) => certifyInspection(actor, params.id, input),
      done: () => redirectWithToast(here, { type: 'success', title: t('inspections.toast.certified') }),
    }),
    acknowledge: intent({
      schema: OptionalVersionSchema,
      run: (input) => acknowledgeInspection(actor, params.id, input),
      done: () => redirectWithToast(here, { type: 'success', title: t('inspections.toast.acknowledged') }),
    }),
  })
}

export default function InspectionView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const { report, timeZone } = loaderData
  const refusal = useRefusal(actionData, ['certify', 'acknowledge'], undefined, ['note'])
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  const title = t('inspections.view.title', { unit: report.unit })
  return (
    <>
      <RecordHeader title={title} listLabel={t('nav.inspections')} returnTo={href('/dashboard/inspections')} name={report.unit} />
      <div className="mx-auto grid max-w-3xl gap-6">
        <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/inspections/:id', { id: report.id })} testId="inspection-refusal" />
        <DetailCard title={t('inspections.view.report')} testId="inspection-report">
          <DetailItem label={t('inspections.fields.status')}>
            <span data-testid="inspection-status">
              <Badge tone={INSPECTION_STATUS_TONE[report.status]}>{t(`inspections.status.${report.status}`)}</Badge>
            </span>
          </DetailItem>
          <DetailItem label={t('inspections.fields.truck')}>{report.unit}</DetailItem>
          <DetailItem label={t('inspections.fields.trailer')}>{report.trailer ?? '—'}</DetailItem>
          <DetailItem label={t('inspections.fields.kind')}>{t(`inspections.kind.${report.kind}`)}</DetailItem>
          <DetailItem label={t('inspections.fields.inspectedAt')}>{when(report.inspectedAt)}</DetailItem>
          <DetailItem label={t('inspections.fields.odometer')}>{formatNumber(i18n.language, report.odometer)}</DetailItem>
          <DetailItem label={t('inspections.fields.driver')}>{report.driver ?? '—'}</DetailItem>
          <DetailItem label={t('inspections.fields.remarks')}>{report.remarks ? <span dir="auto">{report.remarks}</span> : '—'}</DetailItem>
          <DetailItem label={t('inspections.fields.acknowledged')}>
            {report.acknowledgedAt ? t('inspections.view.acknowledgedBy', { name: report.acknowledgedBy ?? '—', when: when(report.acknowledgedAt) }) : '—'}
          </DetailItem>
        </DetailCard>
        <Card className="p-6" data-testid="inspection-defects">
          <h2 className="mb-3 text-base font-bold">{t('inspections.fields.defects')}</h2>
          {report.defects.length === 0 ? (
            <p className="text-sm text-muted">{t('inspections.view.noDefects')}</p>
          ) : (
            <ul className="grid gap-3">
              {report.defects.map((defect) => (
                <li key={defect.id} className="rounded-lg border border-line p-3 text-sm" data-testid="inspection-defect">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {t(`inspections.item.${defect.item}`)}
                    {defect.outOfService ? <Badge tone="error">{t('inspections.fields.outOfService')}</Badge> : null}
                  </p>
                  {defect.note ? (
                    <p className="mt-1" dir="auto">
                      {defect.note}
                    </p>
                  ) : null}
                  {defect.photos.length ? (
                    <ul className="mt-2 flex flex-wrap gap-2" data-testid="defect-photos">
                      {defect.photos.map((photo, index) => {
                        const url = href('/dashboard/inspections/photos/:id', { id: photo.id })
                        return (
                          <li key={photo.id}>
                            <a href={url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-primary">
                              <img
                                src={url}
                                alt={t('inspections.photos.alt', { item: t(`inspections.item.${defect.item}`), number: index + 1 })}
                                loading="lazy"
                                className="size-24 rounded border border-line object-cover"
                              />
                            </a>
                          </li>
                        )
                      })}
                    </ul>
                  ) : null}
                  {defect.certifiedAt ? (
                    <p className="mt-1 text-muted">
                      {t(defect.repaired ? 'inspections.view.repaired' : 'inspections.view.notNeeded', { when: when(defect.certifiedAt) })}
                      {defect.certificationNote ? <span dir="auto"> · {defect.certificationNote}</span> : null}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {loaderData.canOpenWorkOrder ? (
          <ButtonLink
            to={`${href('/dashboard/work-orders/new')}?inspectionId=${encodeURIComponent(report.id)}`}
            variant="secondary"
            className="justify-self-start"
            data-testid="inspection-open-work-order"
          >
            {t('workOrders.view.fromReport')}
          </ButtonLink>
        ) : null}
        {loaderData.canCertify ? (
          <Card className="p-6">
            <h2 className="mb-3 text-base font-bold">{t('inspections.certify.title')}</h2>
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="version" value={report.version} />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-semibold">{t('inspections.certify.statement')}</legend>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input type="radio" name="repaired" value="on" defaultChecked className="size-5 accent-primary" />
                  {t('inspections.certify.repaired')}
                </label>
                <label className="flex min-h-11 items-center gap-3 text-sm">
                  <input type="radio" name="repaired" value="" className="size-5 accent-primary" />
                  {t('inspections.certify.notNeeded')}
                </label>
              </fieldset>
              <div>
                <label htmlFor="certify-note" className="mb-1.5 block text-sm font-semibold">
                  {t('inspections.certify.note')}
                </label>
                <textarea
                  id="certify-note"
                  name="note"
                  rows={3}
                  dir="auto"
                  maxLength={DEFECT_NOTE_MAX}
                  className={inputClass}
                  aria-invalid={refusal?.field('note')?.length ? true : undefined}
                  aria-describedby={refusal?.field('note')?.length ? 'certify-note-error' : undefined}
                />
                {refusal?.field('note')?.length ? (
                  <p id="certify-note-error" className="mt-1 text-sm text-error">
                    {refusal.field('note')!.join(' ')}
                  </p>
                ) : null}
              </div>
              <Button type="submit" name="intent" value="certify" disabled={navigation.state === 'submitting'} className="justify-self-start">
                {t('inspections.certify.submit')}
              </Button>
            </Form>
          </Card>
        ) : null}
        {loaderData.canAcknowledge ? (
          <Card className="p-6">
            <h2 className="mb-2 text-base font-bold">{t('inspections.acknowledge.title')}</h2>
            <p className="mb-4 text-sm">{t('inspections.acknowledge.statement')}</p>
            <Form method="post">
              <input type="hidden" name="version" value={report.version} />
              <Button type="submit" name="intent" value="acknowledge" disabled={navigation.state === 'submitting'}>
                {t('inspections.acknowledge.submit')}
              </Button>
            </Form>
          </Card>
        ) : null}
      </div>
    </>
  )
}
