import { FormProvider, getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { CheckboxField, customFieldDefaults, CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { DefaultSubmit } from '~/components/forms/default-submit'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { type AnyField, AssignmentSection, BookingSection, ChargesSection, NEW_STOP, StopsSection } from '~/components/loads/load-editor-sections'
import { AlreadyMade, ExtractionMarks, PrefillInputs, RateConfirmationReader, useExtractionMark } from '~/components/loads/rate-confirmation'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createLoad, getLoad, loadTimeZone, type LoadWithRelations, updateLoad } from '~/models/loads/load.server'
import { loadEditorOptions } from '~/models/loads/load-pickers.server'
import { createLoadFromSource, loadsMadeFrom } from '~/models/loads/rate-confirmation.server'
import { customFieldsForForm } from '~/models/organization/custom-fields.server'
import { canEditLoad, isOnRoad, loadScope } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, formFailure, formIntentReply, invalidSubmission } from '~/requests/forms.server'
import {
  newLoadDefaults,
  prefillFromQuery,
  prefillFromUpload,
  shownPrefill,
  sourceFile,
  sourceOfForm,
  viewOfForm,
} from '~/requests/rate-confirmation-prefill.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { LoadFormFields, LoadFormSchema, LoadFormUpdateFields, LoadFormUpdateSchema } from '~/schemas/load-form'
import { TRAILER_TYPES } from '~/schemas/trailer-options'
import { DomainError, isDomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { centsToDollars } from '~/utils/money'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'loadForm', 'customFields', 'trailers', 'trucks', 'brokers'] }

/** The new-load page reads a rate confirmation PDF posted to it (as load documents, at most 15 MB). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES)

// Where a save lands: the list (as the user left it) or the saved load's page.
const LIST = href('/dashboard/loads/list')
const viewPath = (id: string) => href('/dashboard/loads/:id', { id })

/** A stored value as a form default: absent, not null. */
function present<T extends Record<string, unknown>>(values: T) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined))
}

/** The load as the form shows it: dollars, not cents; stop windows on the organization's wall clock. */
function formDefaults(load: LoadWithRelations, timeZone: string) {
  const wallClock = (date: Date | null) => (date ? zonedWallClock(date, timeZone) : undefined)
  return {
    ...present({
      brokerId: load.brokerId,
      companyId: load.companyId,
      brokerReference: load.brokerReference,
      poNumbers: load.poNumbers,
      bolNumber: load.bolNumber,
      equipmentType: load.equipmentType,
      commodity: load.commodity,
      weightLb: load.weightLb,
      pieces: load.pieces,
      temperatureF: load.temperatureF,
      hazmat: load.hazmat ? 'on' : undefined,
      linehaul: centsToDollars(load.linehaulCents),
      loadedMiles: load.loadedMiles,
      emptyMiles: load.emptyMiles,
      driverId: load.driverId,
      truckId: load.truckId,
      trailerId: load.trailerId,
      notes: load.notes,
      version: load.version,
    }),
    stops: load.stops.map((stop) =>
      present({
        id: stop.id,
        type: stop.type,
        facilityName: stop.facilityName,
        line1: stop.line1,
        city: stop.city,
        state: stop.state,
        postalCode: stop.postalCode,
        country: stop.country,
        windowStart: wallClock(stop.windowStart),
        windowEnd: wallClock(stop.windowEnd),
        appointmentRef: stop.appointmentRef,
        notes: stop.notes,
      }),
    ),
    charges: load.charges.map((charge) =>
      present({ id: charge.id, type: charge.type, description: charge.description, amount: centsToDollars(charge.amountCents) }),
    ),
    customFields: customFieldDefaults(load.customFields),
  }
}

/** One editor for /dashboard/loads/new and /dashboard/loads/:id/edit; a new load may be read from a rate confirmation (?source=document|mail-attachment&id=, or the upload form). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'load')
  const [load, customFieldDefinitions, timeZone] = await Promise.all([
    params.id ? orNotFound(getLoad(loadScope(user), params.id)) : null,
    customFieldsForForm(user.organizationId, 'loads'),
    loadTimeZone(user.organizationId),
  ])
  const options = await loadEditorOptions(user.organizationId, { companyId: load?.companyId, driverId: load?.driverId, loadId: load?.id })
  const url = new URL(request.url)
  const returnTo = listReturnTo(url.searchParams.get('returnTo'), LIST)
  const read = params.id ? { prefill: null } : await prefillFromQuery(user, url)
  // The loads this document already became: the page says so and asks before another (ADR 099).
  const alreadyMade = read.prefill ? await loadsMadeFrom(user.organizationId, read.prefill.source) : []
  const status = load?.status
  return {
    load: load ? { id: load.id, loadNumber: load.loadNumber, status: status! } : null,
    // The load policy (app/policies/load.ts): what the model would refuse is not offered as a form.
    locked: status && !canEditLoad(status) ? status : null,
    onRoad: Boolean(status && isOnRoad(status)),
    options,
    timeZone,
    customFieldDefinitions,
    returnTo,
    // The constraints of the fields as named (Conform reads none through the mapping to cents).
    constraint: formConstraint(load ? LoadFormUpdateFields : LoadFormFields),
    defaultValue: load ? formDefaults(load, timeZone) : newLoadDefaults(read.prefill?.draft, [NEW_STOP.pickup, NEW_STOP.delivery]),
    prefill: shownPrefill(read.prefill),
    prefillError: read.error ?? null,
    alreadyMade,
  }
}

/** The model names rows `stops.0.city`; the form's fields are `stops[0].city`. */
function withFormPaths(error: unknown) {
  if (!isDomainError(error) || !error.fields) return error
  const fields = Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key.replace(/\.(\d+)(?=\.|$)/g, '[$1]'), messages]))
  return new DomainError(error.code, error.messageKey, { ...error.options, fields })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor, user } = await requireActor(request, params.id ? 'update' : 'create', 'load')
  const formData = await request.formData()
  const t = getInstance(context).t
  if (!params.id && formData.get('intent') === 'extract') {
    const read = await prefillFromUpload(user, formData)
    if ('uploadError' in read) return data({ uploadError: read.uploadError }, { status: 400 })
    return { prefill: shownPrefill(read.prefill), defaultValue: newLoadDefaults(read.prefill.draft, [NEW_STOP.pickup, NEW_STOP.delivery]) }
  }
  // The rate confirmation the form was read from, filed on the load when it is created.
  const source = params.id ? null : sourceOfForm(formData)
  const prefill = source
    ? { source, view: viewOfForm(formData) ?? { fields: {}, scanned: false, broker: { name: null, mcNumber: null, matched: true } } }
    : null
  const withPrefill = <T,>(answer: { data: T; init: ResponseInit | null }) => data({ ...answer.data, prefill }, answer.init ?? undefined)
  const returnTo = listReturnTo(formData.get('returnTo'), LIST)
  const saved = (load: LoadWithRelations) =>
    redirectWithToast(withReturnTo(viewPath(load.id), returnTo), {
      type: 'success',
      title: t(params.id ? 'loadForm.toast.updated' : 'loadForm.toast.created', { number: load.loadNumber }),
      description: t('loadForm.toast.status', { status: t(`loads.status.${load.status}`) }),
    })

  const submission = parseWithZod(formData, { schema: params.id ? LoadFormUpdateSchema : LoadFormSchema })
  // Add, remove and move buttons (Conform's list intents): the same page again with the new
  // rows, nothing written (an intent leaves the status unset). Without JavaScript this is how
  // the rows change; with it too, as validation happens on the server only.
  if (submission.status === undefined) return withPrefill(formIntentReply(submission, t))
  if (submission.status !== 'success') return withPrefill(invalidSubmission(submission, { translate: t }))
  try {
    if (params.id) {
      const value = submission.value as typeof submission.value & { version: number }
      return saved(await updateLoad(actor, params.id, value))
    }
    if (source) {
      const another = formData.get('anotherLoad') === 'on'
      return saved(await createLoadFromSource(actor, user, submission.value, await sourceFile(user, source), { another }))
    }
    return saved(await createLoad(actor, submission.value))
  } catch (error) {
    return withPrefill(formFailure(submission, withFormPaths(error), { translate: t }))
  }
}

export default function LoadEditor({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && 'result' in actionData ? actionData : undefined
  const extracted = actionData && 'defaultValue' in actionData ? actionData : undefined
  const prefill = extracted?.prefill ?? reply?.prefill ?? loaderData.prefill
  const uploadError = actionData && 'uploadError' in actionData ? actionData.uploadError : loaderData.prefillError
  // A document read anew starts a fresh form with what it says.
  return (
    <ExtractionMarks fields={prefill?.view.fields ?? null}>
      <EditorForm
        key={prefill ? `${prefill.source.kind}:${prefill.source.id}` : 'form'}
        loaderData={loaderData}
        reply={reply}
        prefill={prefill}
        uploadError={uploadError}
        defaultValue={extracted?.defaultValue ?? loaderData.defaultValue}
      />
    </ExtractionMarks>
  )
}

type EditorProps = {
  loaderData: Route.ComponentProps['loaderData']
  reply: { result?: Route.ComponentProps['loaderData']['defaultValue'] | unknown; conflict?: boolean } | undefined
  prefill: Route.ComponentProps['loaderData']['prefill']
  uploadError: Route.ComponentProps['loaderData']['prefillError']
  defaultValue: Route.ComponentProps['loaderData']['defaultValue']
}

function EditorForm({ loaderData, reply, prefill, uploadError, defaultValue }: EditorProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const mark = useExtractionMark()
  const { load, returnTo, options, locked, onRoad } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof LoadFormUpdateSchema>({
    id: load ? `load-${load.id}` : 'load-new',
    constraint: loaderData.constraint,
    lastResult: reply?.result as Parameters<typeof useSchemaForm>[0]['lastResult'],
    defaultValue,
  })
  const title = load ? t('loadForm.edit.title', { number: load.loadNumber }) : t('loadForm.new.title')
  const backTo = load ? withReturnTo(viewPath(load.id), returnTo) : returnTo
  const header = (
    <PageHeader
      title={title}
      crumbs={[
        { label: t('nav.dashboard'), to: href('/dashboard/app') },
        { label: t('loadForm.crumbs.loads'), to: returnTo },
        ...(load ? [{ label: load.loadNumber, to: backTo }, { label: t('common.edit') }] : [{ label: t('nav.create') }]),
      ]}
    />
  )

  if (load && locked) {
    return (
      <>
        {header}
        <Card className="p-6" data-testid="load-locked">
          <h2 className="mb-2 text-base font-bold">{t('loadForm.locked.title', { status: t(`loads.status.${locked}`) })}</h2>
          <p className="mb-5 text-sm text-muted">{t(`loads.errors.locked.${locked}`)}</p>
          <ButtonLink to={backTo} variant="secondary">
            {t('loadForm.back')}
          </ButtonLink>
        </Card>
      </>
    )
  }

  const equipmentOptions = TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) }))

  const reading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'extract'
  return (
    <>
      {header}
      {load ? null : <RateConfirmationReader prefill={prefill} error={uploadError} busy={reading} />}
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          {/* Enter in a text field saves, not a stop's or a charge's row button. */}
          <DefaultSubmit label={load ? t('common.saveChanges') : t('loadForm.new.submit')} />
          <FormErrors id={form.errorId} errors={form.errors} />
          {reply?.conflict && load ? <ConflictNotice reloadTo={withReturnTo(href('/dashboard/loads/:id/edit', { id: load.id }), returnTo)} /> : null}
          {/* The version the user started from (kept from their submission after a conflict). */}
          {load ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
          <input type="hidden" name="returnTo" value={returnTo} />
          <PrefillInputs prefill={prefill} />
          {prefill && loaderData.alreadyMade.length ? <AlreadyMade loads={loaderData.alreadyMade} /> : null}

          <BookingSection fields={fields} options={options} />

          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.freight')}</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              <SelectField label={t('loadForm.fields.equipmentType')} field={fields.equipmentType} options={equipmentOptions} hint={mark('equipmentType')} />
              <TextField label={t('loadForm.fields.commodity')} field={fields.commodity} hint={mark('commodity')} />
              <TextField label={t('loadForm.fields.weightLb')} field={fields.weightLb} type="number" hint={mark('weightLb')} />
              <TextField label={t('loadForm.fields.pieces')} field={fields.pieces} type="number" />
              <TextField label={t('loadForm.fields.temperatureF')} field={fields.temperatureF} type="number" hint={t('loadForm.hints.temperature')} />
              <CheckboxField label={t('loadForm.fields.hazmat')} field={fields.hazmat as AnyField} className="self-end" />
              <TextField label={t('loadForm.fields.loadedMiles')} field={fields.loadedMiles} type="number" />
              <TextField label={t('loadForm.fields.emptyMiles')} field={fields.emptyMiles} type="number" />
            </div>
          </Card>

          <StopsSection form={form} fields={fields} timeZone={loaderData.timeZone} />

          <ChargesSection form={form} fields={fields} />

          <AssignmentSection form={form} fields={fields} options={options} onRoad={onRoad} />

          <Card className="p-6">
            <TextareaField label={t('loadForm.fields.notes')} field={fields.notes} />
          </Card>
          <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
          <div className="flex flex-wrap justify-end gap-3">
            <ButtonLink to={backTo} variant="secondary">
              {t('common.cancel')}
            </ButtonLink>
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              {load ? t('common.saveChanges') : t('loadForm.new.submit')}
            </Button>
          </div>
        </Form>
      </FormProvider>
    </>
  )
}
