import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, useFetcher, useNavigation } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { fileInputClass, inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { personName } from '~/models/loads/load-serialize.server'
import { createInspection, inspectionFormOptions, type WaitingInspection, waitingInspection } from '~/models/maintenance/inspection.server'
import { receiveInspectionForm } from '~/models/maintenance/inspection-photo.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, formFailure, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { InspectionSchema } from '~/schemas/inspection'
import {
  DEFECT_NOTE_MAX,
  INSPECTION_ITEMS,
  INSPECTION_KINDS,
  INSPECTION_PHOTO_ACCEPT,
  PHOTOS_PER_DEFECT_MAX,
  PHOTOS_PER_FORM_MAX,
} from '~/schemas/inspection-options'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { formatDateTime } from '~/utils/format'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/new'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['inspections'] }

/** The form posts its defects' photos with it (ADR 135): streamed to storage, never collected by the edge. */
export const upload = uploadLimit(PHOTOS_PER_FORM_MAX * LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * A driver's report at phone width: the unit (their current load's by default), the last report of
 * that unit waiting for its next driver's signature (ADR 153), the checklist, the statement.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'inspection')
  const actor = { userId: user.id, organizationId: user.organizationId, role: user.role }
  const [options, timeZone] = await Promise.all([inspectionFormOptions(user.organizationId, user.id), organizationTimeZone(user.organizationId)])
  // Units chosen on the form (`?truckId=&trailerId=`: with JavaScript a change asks for their
  // waiting report), when the form offers them; else the driver's own.
  const url = new URL(request.url)
  const chosen = url.searchParams.has('truckId')
  const offered = (units: Array<{ id: string }>, id: string | null) => (id && units.some((unit) => unit.id === id) ? id : null)
  const truckId = chosen ? offered(options.trucks, url.searchParams.get('truckId')) : options.truckId
  const trailerId = chosen ? offered(options.trailers, url.searchParams.get('trailerId')) : options.trailerId
  const waiting = truckId ? await waitingInspection(actor, { truckId, trailerId }) : null
  return {
    ...options,
    truckId,
    trailerId,
    timeZone,
    waiting: waitingView(waiting),
    now: zonedWallClock(new Date(), timeZone),
    constraint: formConstraint(InspectionSchema),
  }
}

/**
 * The report and its photos in one post (multipart; a plain form without photos too): the photos
 * are stored as the filer's uploads and named in their lines' `photoIds`, then the report is filed
 * as the API files it. A refused photo (not an image, too large) answers the form with its reason
 * at its line, the photos accepted kept for the next post. A refused post shows the report waiting
 * for the units posted, which the model checks again (the unit may have been chosen in the browser).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'create', 'inspection')
  const t = getInstance(context).t
  let received: Awaited<ReturnType<typeof receiveInspectionForm>>
  try {
    received = await receiveInspectionForm(actor, request)
  } catch (error) {
    if (!isDomainError(error)) throw error
    return formFailure(parseWithZod(new FormData(), { schema: InspectionSchema }), error, { translate: t })
  }
  const { form, refused, code, params } = received
  const withWaiting = async (answer: ReturnType<typeof formFailure>) => {
    const units = { truckId: String(form.get('truckId') ?? ''), trailerId: String(form.get('trailerId') ?? '') || null }
    return data({ ...answer.data, waiting: waitingView(await waitingInspection(actor, units)) }, answer.init ?? undefined)
  }
  if (code !== undefined)
    return withWaiting(
      formFailure(
        parseWithZod(form, { schema: InspectionSchema }),
        new DomainError(code, 'inspections.photos.errors.refusedForm', { fields: refused, params }),
        {
          translate: t,
        },
      ),
    )
  const answer = await submitForm(
    form,
    InspectionSchema,
    (input) => createInspection(actor, input),
    (inspection) =>
      redirectWithToast(href('/dashboard/inspections/:id', { id: inspection.id }), {
        type: 'success',
        title: t('inspections.toast.filed', { unit: inspection.truck.unitNumber }),
      }),
    { translate: t },
  )
  return answer instanceof Response ? answer : withWaiting(answer)
}

type WaitingView = ReturnType<typeof waitingView>

/** What the form shows of the report to review: its defects and their certification, by whom. */
function waitingView(report: WaitingInspection | null) {
  if (!report) return null
  return {
    id: report.id,
    kind: report.kind,
    unit: report.truck.unitNumber,
    trailer: report.trailer?.unitNumber ?? null,
    inspectedAt: report.inspectedAt.toISOString(),
    driver: personName(report.driver),
    defects: report.defects.map((defect) => ({
      id: defect.id,
      item: defect.item,
      note: defect.note,
      outOfService: defect.outOfService,
      repaired: defect.repaired,
      certificationNote: defect.certificationNote,
      certifiedAt: defect.certifiedAt?.toISOString() ?? null,
      certifiedBy: personName(defect.certifiedBy),
    })),
  }
}

type Posted = { item?: string; note?: string; outOfService?: string; photoIds?: string | string[] }

/** A line's photos already uploaded by an earlier post of this form (kept, not chosen again). */
const keptPhotos = (line: Posted | undefined) => (line?.photoIds === undefined ? [] : ([] as string[]).concat(line.photoIds))

export default function NewInspection({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof InspectionSchema>({
    id: 'inspection',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: { truckId: loaderData.truckId ?? '', trailerId: loaderData.trailerId ?? '', kind: 'pre_trip', inspectedAt: loaderData.now },
  })
  // The checklist's lines as posted (after a refusal, without JavaScript too), by line.
  const posted = ((form.initialValue as { defects?: Posted[] } | undefined)?.defects ?? []) as Array<Posted | undefined>
  // The photos a refused post stored: read from the reply itself, which the form's state (with JavaScript) does not take in.
  const replied = ((actionData?.result?.initialValue as { defects?: Posted[] } | undefined)?.defects ?? posted) as Array<Posted | undefined>
  const errorsAt = (index: number, field: string) => form.allErrors[`defects[${index}].${field}`]
  // The report to review: for the units chosen since (with JavaScript), else for the units posted
  // once the form came back, else for the default ones. A post sends the units chosen, so the
  // units' answer, when there is one, is never older than the post's.
  const units = useFetcher<typeof loader>()
  const waiting: WaitingView = units.data
    ? units.data.waiting
    : actionData && 'waiting' in actionData
      ? (actionData.waiting as WaitingView)
      : loaderData.waiting
  const unitsChanged = (event: React.FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLSelectElement
    if (name !== fields.truckId.name && name !== fields.trailerId.name) return
    const chosen = (field: string) => (event.currentTarget.elements.namedItem(field) as HTMLSelectElement | null)?.value ?? ''
    units.load(
      `${href('/dashboard/inspections/new')}?${new URLSearchParams({ truckId: chosen(fields.truckId.name), trailerId: chosen(fields.trailerId.name) })}`,
    )
  }
  const when = (value: string) => formatDateTime(i18n.language, value, loaderData.timeZone)
  const ackErrors = fields.acknowledgeInspectionId.errors
  return (
    <>
      <PageHeader
        title={t('inspections.new.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.inspections'), to: href('/dashboard/inspections') },
          { label: t('inspections.new.title') },
        ]}
      />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onChange={unitsChanged} className="mx-auto grid max-w-2xl gap-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <SelectField
            label={t('inspections.fields.truck')}
            field={fields.truckId}
            placeholder={t('inspections.new.chooseTruck')}
            options={loaderData.trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber }))}
          />
          <SelectField
            label={t('inspections.fields.trailer')}
            field={fields.trailerId}
            placeholder={t('inspections.new.noTrailer')}
            options={loaderData.trailers.map((trailer) => ({ value: trailer.id, label: trailer.unitNumber }))}
          />
          <SelectField
            label={t('inspections.fields.kind')}
            field={fields.kind}
            options={INSPECTION_KINDS.map((kind) => ({ value: kind, label: t(`inspections.kind.${kind}`) }))}
          />
          <TextField label={t('inspections.fields.inspectedAt')} field={fields.inspectedAt} type="datetime-local" />
          <TextField label={t('inspections.fields.odometer')} field={fields.odometer} type="number" />
        </Card>
        {waiting ? (
          <Card className="grid gap-3 p-5 sm:p-6" data-testid="inspection-waiting">
            <h2 className="text-base font-bold">
              {t('inspections.review.title', { unit: waiting.trailer ? `${waiting.unit} · ${waiting.trailer}` : waiting.unit })}
            </h2>
            <p className="text-sm text-muted">
              {t('inspections.review.filed', { kind: t(`inspections.kind.${waiting.kind}`), when: when(waiting.inspectedAt), name: waiting.driver ?? '—' })}
            </p>
            <ul className="grid gap-2">
              {waiting.defects.map((defect) => (
                <li key={defect.id} className="rounded-lg border border-line p-3 text-sm" data-testid="inspection-waiting-defect">
                  <p className="font-semibold">
                    {t(`inspections.item.${defect.item}`)}
                    {defect.outOfService ? <span className="ms-2 text-error">· {t('inspections.fields.outOfService')}</span> : null}
                  </p>
                  {defect.note ? (
                    <p className="mt-1" dir="auto">
                      {defect.note}
                    </p>
                  ) : null}
                  {defect.certifiedAt ? (
                    <p className="mt-1 text-muted">
                      {t(defect.repaired ? 'inspections.view.repaired' : 'inspections.view.notNeeded', { when: when(defect.certifiedAt) })}
                      {defect.certifiedBy ? ` · ${t('inspections.review.by', { name: defect.certifiedBy })}` : null}
                      {defect.certificationNote ? <span dir="auto"> · {defect.certificationNote}</span> : null}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            <label htmlFor="acknowledge-waiting" className="flex min-h-11 items-center gap-3 text-sm font-semibold">
              <input
                // Another report to review (the unit changed) is not ticked already.
                key={waiting.id}
                id="acknowledge-waiting"
                type="checkbox"
                name={fields.acknowledgeInspectionId.name}
                value={waiting.id}
                className="size-5 shrink-0 accent-primary"
                aria-required="true"
                aria-invalid={ackErrors?.length ? true : undefined}
                aria-describedby={ackErrors?.length ? 'acknowledge-waiting-error' : undefined}
              />
              {t('inspections.review.reviewed')}
            </label>
            <ErrorList id="acknowledge-waiting-error" errors={ackErrors} />
          </Card>
        ) : (
          <ErrorList id="acknowledge-waiting-error" errors={ackErrors} />
        )}
        <Card className="p-5 sm:p-6">
          <h2 className="text-base font-bold">{t('inspections.new.checklist')}</h2>
          <p className="mt-1 mb-4 text-sm text-muted">{t('inspections.new.checklistHint')}</p>
          <ErrorList id={fields.defects.errorId} errors={fields.defects.errors} />
          <ul className="grid gap-3">
            {INSPECTION_ITEMS.map((item, index) => {
              const line = posted[index]
              const id = `defect-${item}`
              const itemErrors = errorsAt(index, 'item')
              const noteErrors = errorsAt(index, 'note')
              const photoErrors = [...(errorsAt(index, 'photos') ?? []), ...(errorsAt(index, 'photoIds') ?? [])]
              const kept = keptPhotos(replied[index])
              return (
                <li key={item} className="rounded-lg border border-line p-3" data-testid={`defect-${item}`}>
                  <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-semibold">
                    <input
                      id={id}
                      type="checkbox"
                      name={`defects[${index}].item`}
                      value={item}
                      defaultChecked={line?.item === item}
                      className="size-5 shrink-0 accent-primary"
                      aria-describedby={itemErrors?.length ? `${id}-error` : undefined}
                    />
                    <span>
                      {t(`inspections.item.${item}`)}
                      <span className="ms-1 font-normal text-muted">· {t('inspections.new.defectFound')}</span>
                    </span>
                  </label>
                  <ErrorList id={`${id}-error`} errors={itemErrors} />
                  <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center">
                    <label htmlFor={`${id}-note`} className="sr-only">
                      {t('inspections.new.noteFor', { item: t(`inspections.item.${item}`) })}
                    </label>
                    <input
                      id={`${id}-note`}
                      name={`defects[${index}].note`}
                      dir="auto"
                      maxLength={DEFECT_NOTE_MAX}
                      defaultValue={line?.note ?? ''}
                      placeholder={t('inspections.new.notePlaceholder')}
                      className={inputClass}
                      aria-invalid={noteErrors?.length ? true : undefined}
                      aria-describedby={noteErrors?.length ? `${id}-note-error` : undefined}
                    />
                    <label htmlFor={`${id}-oos`} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        id={`${id}-oos`}
                        type="checkbox"
                        name={`defects[${index}].outOfService`}
                        defaultChecked={line?.outOfService === 'on'}
                        className="size-5 shrink-0 accent-error"
                      />
                      {t('inspections.fields.outOfService')}
                    </label>
                  </div>
                  <ErrorList id={`${id}-note-error`} errors={noteErrors} />
                  <div className="mt-2">
                    <label htmlFor={`${id}-photos`} className="mb-1 block text-sm">
                      {t('inspections.photos.label', { item: t(`inspections.item.${item}`) })}
                    </label>
                    {kept.length ? (
                      <ul className="mb-2 flex flex-wrap gap-2" data-testid={`defect-${item}-kept`}>
                        {kept.map((photoId) => (
                          <li key={photoId}>
                            <input type="hidden" name={`defects[${index}].photoIds`} value={photoId} />
                            <img
                              src={href('/dashboard/inspections/photos/:id', { id: photoId })}
                              alt={t('inspections.photos.kept')}
                              className="size-16 rounded border border-line object-cover"
                            />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <input
                      // A new reply empties the input: the photos it refused are not sent again, those it kept are named above.
                      key={`${kept.join()}|${photoErrors.join()}`}
                      id={`${id}-photos`}
                      name={`defects[${index}].photos`}
                      type="file"
                      multiple
                      accept={INSPECTION_PHOTO_ACCEPT}
                      className={fileInputClass}
                      aria-invalid={photoErrors?.length ? true : undefined}
                      aria-describedby={photoErrors?.length ? `${id}-photos-error` : `${id}-photos-hint`}
                    />
                    {photoErrors?.length ? (
                      <ErrorList id={`${id}-photos-error`} errors={photoErrors} />
                    ) : (
                      <p id={`${id}-photos-hint`} className="mt-1 text-xs text-muted">
                        {t('inspections.photos.hint', { count: PHOTOS_PER_DEFECT_MAX, size: LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024 })}
                      </p>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        </Card>
        <Card className="grid gap-4 p-5 sm:p-6">
          <TextareaField label={t('inspections.fields.remarks')} field={fields.remarks} />
          <p className="text-sm font-semibold" data-testid="inspection-statement">
            {t('inspections.new.statement')}
          </p>
          <Button type="submit" disabled={navigation.state === 'submitting'} className="w-full sm:w-auto sm:justify-self-end">
            {t('inspections.new.submit')}
          </Button>
        </Card>
      </Form>
    </>
  )
}
