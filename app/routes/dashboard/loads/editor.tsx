import { type FieldMetadata, FormProvider, getFormProps, getInputProps, getSelectProps, useFormMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { Form, href, useLocation, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { CheckboxField, customFieldDefaults, CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, inputClass, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createLoad, getLoad, loadTimeZone, loadViewer, type LoadWithRelations, updateLoad } from '~/models/load.server'
import { loadEditorOptions } from '~/models/load-pickers.server'
import { canEditLoad, isOnRoad } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, formFailure, formIntentReply, invalidSubmission } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { centsToDollars } from '~/schemas/dollars'
import { LoadFormFields, LoadFormSchema, LoadFormUpdateFields, LoadFormUpdateSchema } from '~/schemas/load-form'
import { CHARGE_TYPES, type LoadStatus, MAX_CHARGES, MAX_STOPS, STOP_TYPES } from '~/schemas/load-options'
import { loadFormTotals } from '~/schemas/load-totals'
import { TRAILER_TYPES } from '~/schemas/trailer-options'
import { DomainError, isDomainError, orNotFound } from '~/utils/errors.server'
import { formatMoney, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads', 'loadForm', 'customFields', 'trailers', 'trucks', 'brokers'] }

// The list and view pages are built alongside this editor (issue 9); their paths, not typed routes yet.
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

/** The anchors a row button comes back to. */
const SECTION = { stops: 'load-stops', charges: 'load-charges' } as const

const NEW_STOP = { pickup: { type: 'pickup', country: 'US' }, delivery: { type: 'delivery', country: 'US' } } as const

/** One editor for /dashboard/loads/new and /dashboard/loads/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'load')
  const [load, customFieldDefinitions, timeZone] = await Promise.all([
    params.id ? orNotFound(getLoad(loadViewer(user), params.id)) : null,
    customFieldsForForm(user.organizationId, 'loads'),
    loadTimeZone(user.organizationId),
  ])
  const options = await loadEditorOptions(user.organizationId, { companyId: load?.companyId, driverId: load?.driverId, loadId: load?.id })
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  const status = load?.status as LoadStatus | undefined
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
    defaultValue: load ? formDefaults(load, timeZone) : { equipmentType: 'dry_van', stops: [NEW_STOP.pickup, NEW_STOP.delivery], charges: [] },
  }
}

/** The model names rows `stops.0.city`; the form's fields are `stops[0].city`. */
function withFormPaths(error: unknown) {
  if (!isDomainError(error) || !error.fields) return error
  const fields = Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key.replace(/\.(\d+)(?=\.|$)/g, '[$1]'), messages]))
  return new DomainError(error.code, error.messageKey, { ...error.options, fields })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'load')
  const formData = await request.formData()
  const t = getInstance(context).t
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
  if (submission.status === undefined) return formIntentReply(submission)
  if (submission.status !== 'success') return invalidSubmission(submission)
  try {
    if (params.id) {
      const value = submission.value as typeof submission.value & { version: number }
      return saved(await updateLoad(actor, params.id, value))
    }
    return saved(await createLoad(actor, submission.value))
  } catch (error) {
    return formFailure(submission, withFormPaths(error))
  }
}

type AnyField = FieldMetadata<unknown, Record<string, unknown>>
type Option = { value: string; label: string }

/** A select whose choices come in groups (what can go out first); disabled, it still sends its value. */
function GroupedSelect({
  label,
  field,
  groups,
  placeholder,
  hint,
  disabled,
}: {
  label: ReactNode
  field: AnyField
  groups: Array<{ label: string; options: Option[] }>
  placeholder: string
  hint?: ReactNode
  disabled?: boolean
}) {
  const hintId = `${field.id}-hint`
  return (
    <div className="min-w-0">
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {field.required ? (
          <span aria-hidden="true" className="text-error">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <select
        {...getSelectProps(field)}
        className={inputClass}
        disabled={disabled}
        aria-describedby={[hint && !field.errors?.length ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ') || undefined}
      >
        <option value="">{placeholder}</option>
        {groups
          .filter((group) => group.options.length)
          .map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
      {/* A disabled select is not submitted: its value travels unchanged beside it. */}
      {disabled ? <input type="hidden" name={field.name} value={typeof field.initialValue === 'string' ? field.initialValue : ''} /> : null}
      {hint && !field.errors?.length ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

/** A small icon button that submits a list intent; its label says which row it acts on. */
function RowButton({
  label,
  icon,
  buttonProps,
  disabled,
}: {
  label: string
  icon: 'chevronDown' | 'chevronLeft' | 'trash'
  buttonProps: object
  disabled?: boolean
}) {
  return (
    <button
      {...buttonProps}
      type="submit"
      disabled={disabled}
      aria-label={label}
      title={label}
      className={buttonClass('ghost', 'sm', 'size-9 px-0 text-muted hover:text-ink')}
    >
      <Icon name={icon} size={18} className={icon === 'chevronLeft' ? 'rotate-90' : undefined} />
    </button>
  )
}

/** Linehaul, charges, total and rate per mile from what the form holds: rendered by the server, live with JavaScript. */
function Totals({ formId }: { formId: string }) {
  const { t, i18n } = useTranslation()
  const form = useFormMetadata(formId)
  const totals = loadFormTotals(form.value as Parameters<typeof loadFormTotals>[0])
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div className={strong ? 'flex justify-between gap-4 border-t border-line pt-3 text-base font-bold' : 'flex justify-between gap-4 text-sm'}>
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
  return (
    <div aria-live="polite">
      <dl className="space-y-2">
        {row(t('loadForm.totals.linehaul'), money(totals.linehaulCents), 'total-linehaul')}
        {row(t('loadForm.totals.charges'), money(totals.chargesCents), 'total-charges')}
        {row(t('loadForm.totals.total'), money(totals.totalCents), 'total-total', true)}
        {row(
          t('loadForm.totals.ratePerMile'),
          totals.ratePerMileCents === null
            ? '—'
            : t('loadForm.totals.perMile', { rate: money(totals.ratePerMileCents), miles: formatNumber(i18n.language, totals.totalMiles) }),
          'total-rate',
        )}
      </dl>
      {totals.ratePerMileCents === null ? <p className="mt-2 text-xs text-muted">{t('loadForm.totals.noMiles')}</p> : null}
      <ErrorList errors={form.allErrors.linehaulCents} />
    </div>
  )
}

export default function LoadEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { pathname, search } = useLocation()
  const { load, returnTo, options, locked, onRoad } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof LoadFormUpdateSchema>({
    id: load ? `load-${load.id}` : 'load-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
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

  const stops = fields.stops.getFieldList()
  const charges = fields.charges.getFieldList()
  // A row button (add, remove, move) posts to this page and comes back to its section, also
  // without JavaScript, where the browser follows the anchor of the answer's address.
  const back = { stops: `${pathname}${search}#${SECTION.stops}`, charges: `${pathname}${search}#${SECTION.charges}` }
  const marked = (name: string, status: string) => t('loadForm.marked', { name, status })
  const brokerGroups = [
    { label: t('loadForm.groups.takingLoads'), options: options.brokers.filter((b) => b.status === 'active').map((b) => ({ value: b.id, label: b.name })) },
    {
      label: t('loadForm.groups.notTakingLoads'),
      options: options.brokers.filter((b) => b.status !== 'active').map((b) => ({ value: b.id, label: marked(b.name, t(`brokers.status.${b.status}`)) })),
    },
  ]
  const companyOptions = options.companies.map((company) => ({ value: company.id, label: company.name }))
  const driverGroups = [
    { label: t('loadForm.groups.available'), options: options.drivers.filter((d) => d.status === 'active').map((d) => ({ value: d.id, label: d.name })) },
    {
      label: t('loadForm.groups.unavailable'),
      options: options.drivers
        .filter((d) => d.status !== 'active')
        .map((d) => ({
          value: d.id,
          label: marked(d.name, d.onLoad ? t('loadForm.driverOnLoad', { number: d.onLoad.loadNumber }) : t(`loadForm.driverStatus.${d.status}`)),
        })),
    },
  ]
  const equipmentGroups = (rows: Array<{ id: string; unitNumber: string; status: string }>, statusKey: 'trucks' | 'trailers') => [
    { label: t('loadForm.groups.available'), options: rows.filter((r) => r.status === 'available').map((r) => ({ value: r.id, label: r.unitNumber })) },
    {
      label: t('loadForm.groups.unavailable'),
      options: rows.filter((r) => r.status !== 'available').map((r) => ({ value: r.id, label: marked(r.unitNumber, t(`${statusKey}.status.${r.status}`)) })),
    },
  ]
  const equipmentOptions = TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) }))
  const stopTypeOptions = STOP_TYPES.map((value) => ({ value, label: t(`loadForm.stopType.${value}`) }))
  const chargeTypeOptions = CHARGE_TYPES.map((value) => ({ value, label: t(`loadForm.chargeType.${value}`) }))
  const assignmentHint = onRoad ? t('loads.errors.assignmentLocked') : undefined

  return (
    <>
      {header}
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          {/* Enter in a text field presses the form's first submit button: this one saves, not a row button. */}
          <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
            {load ? t('common.saveChanges') : t('loadForm.new.submit')}
          </button>
          <FormErrors id={form.errorId} errors={form.errors} />
          {actionData?.conflict && load ? <ConflictNotice reloadTo={withReturnTo(href('/dashboard/loads/:id/edit', { id: load.id }), returnTo)} /> : null}
          {/* The version the user started from (kept from their submission after a conflict). */}
          {load ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
          <input type="hidden" name="returnTo" value={returnTo} />

          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.booking')}</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              <GroupedSelect
                label={t('loadForm.fields.broker')}
                field={fields.brokerId as AnyField}
                groups={brokerGroups}
                placeholder={t('loadForm.choose.broker')}
                hint={t('loadForm.hints.broker')}
              />
              <SelectField label={t('loadForm.fields.company')} field={fields.companyId} options={companyOptions} placeholder={t('common.none')} />
              <TextField label={t('loadForm.fields.brokerReference')} field={fields.brokerReference} />
              <TextField label={t('loadForm.fields.poNumbers')} field={fields.poNumbers} hint={t('loadForm.hints.poNumbers')} />
              <TextField label={t('loadForm.fields.bolNumber')} field={fields.bolNumber} />
              <TextField label={t('loadForm.fields.linehaul')} field={fields.linehaul} hint={t('loadForm.hints.linehaul')} />
            </div>
          </Card>

          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.freight')}</h2>
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              <SelectField label={t('loadForm.fields.equipmentType')} field={fields.equipmentType} options={equipmentOptions} />
              <TextField label={t('loadForm.fields.commodity')} field={fields.commodity} />
              <TextField label={t('loadForm.fields.weightLb')} field={fields.weightLb} type="number" />
              <TextField label={t('loadForm.fields.pieces')} field={fields.pieces} type="number" />
              <TextField label={t('loadForm.fields.temperatureF')} field={fields.temperatureF} type="number" hint={t('loadForm.hints.temperature')} />
              <CheckboxField label={t('loadForm.fields.hazmat')} field={fields.hazmat as AnyField} className="self-end" />
              <TextField label={t('loadForm.fields.loadedMiles')} field={fields.loadedMiles} type="number" />
              <TextField label={t('loadForm.fields.emptyMiles')} field={fields.emptyMiles} type="number" />
            </div>
          </Card>

          <Card className="scroll-mt-24 p-6" id={SECTION.stops}>
            <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-bold">{t('loadForm.sections.stops')}</h2>
              <p className="text-xs text-muted">{t('loadForm.hints.timeZone', { zone: loaderData.timeZone })}</p>
            </div>
            <ErrorList id={fields.stops.errorId} errors={fields.stops.errors} />
            <ol className="space-y-4" data-testid="stops">
              {stops.map((stop, index) => {
                const row = stop.getFieldset()
                const n = index + 1
                const type = row.type.value === 'delivery' ? 'delivery' : 'pickup'
                return (
                  <li key={stop.key ?? index} className="rounded-lg border border-line p-4" data-testid="stop-row">
                    <div className="mb-4 flex items-center justify-between gap-2">
                      <h3 className="text-sm font-bold">
                        {t('loadForm.stops.heading', { n })}
                        <span className="ms-2 font-normal text-muted">{t(`loadForm.stopType.${type}`)}</span>
                      </h3>
                      <div className="flex gap-1">
                        <RowButton
                          icon="chevronLeft"
                          label={t('loadForm.stops.moveUp', { n })}
                          disabled={index === 0}
                          buttonProps={{ ...form.reorder.getButtonProps({ name: fields.stops.name, from: index, to: index - 1 }), formAction: back.stops }}
                        />
                        <RowButton
                          icon="chevronDown"
                          label={t('loadForm.stops.moveDown', { n })}
                          disabled={index === stops.length - 1}
                          buttonProps={{ ...form.reorder.getButtonProps({ name: fields.stops.name, from: index, to: index + 1 }), formAction: back.stops }}
                        />
                        <RowButton
                          icon="trash"
                          label={t('loadForm.stops.remove', { n })}
                          buttonProps={{ ...form.remove.getButtonProps({ name: fields.stops.name, index }), formAction: back.stops }}
                        />
                      </div>
                    </div>
                    {row.id.initialValue ? <input {...getInputProps(row.id, { type: 'hidden' })} /> : null}
                    <ErrorList errors={row.id.errors} />
                    <div className="grid grid-cols-2 gap-4 lg:grid-cols-12">
                      <SelectField label={t('loadForm.stop.type')} field={row.type} options={stopTypeOptions} className="self-end lg:col-span-2" />
                      <TextField label={t('loadForm.stop.appointmentRef')} field={row.appointmentRef} className="self-end lg:col-span-3" />
                      <TextField label={t('loadForm.stop.facilityName')} field={row.facilityName} className="col-span-2 lg:col-span-3" />
                      <TextField label={t('loadForm.stop.line1')} field={row.line1} className="col-span-2 lg:col-span-4" />
                      <TextField label={t('loadForm.stop.city')} field={row.city} className="col-span-2 lg:col-span-4" />
                      <TextField label={t('loadForm.stop.state')} field={row.state} className="lg:col-span-3" />
                      <TextField label={t('loadForm.stop.postalCode')} field={row.postalCode} className="lg:col-span-3" />
                      <TextField label={t('loadForm.stop.country')} field={row.country} className="col-span-2 lg:col-span-2" />
                      <TextField label={t('loadForm.stop.windowStart')} field={row.windowStart} type="datetime-local" className="col-span-2 lg:col-span-4" />
                      <TextField label={t('loadForm.stop.windowEnd')} field={row.windowEnd} type="datetime-local" className="col-span-2 lg:col-span-4" />
                      <TextField label={t('loadForm.stop.notes')} field={row.notes} className="col-span-2 lg:col-span-4" />
                    </div>
                  </li>
                )
              })}
            </ol>
            <div className="mt-4 flex flex-wrap gap-2">
              {STOP_TYPES.map((stopType) => (
                <button
                  key={stopType}
                  {...form.insert.getButtonProps({ name: fields.stops.name, defaultValue: NEW_STOP[stopType] })}
                  formAction={back.stops}
                  type="submit"
                  disabled={stops.length >= MAX_STOPS}
                  className={buttonClass('secondary', 'sm')}
                >
                  <Icon name="plus" size={16} />
                  {t(`loadForm.stops.add.${stopType}`)}
                </button>
              ))}
            </div>
          </Card>

          <Card className="scroll-mt-24 p-6" id={SECTION.charges}>
            <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.charges')}</h2>
            <ErrorList id={fields.charges.errorId} errors={fields.charges.errors} />
            {charges.length === 0 ? <p className="text-sm text-muted">{t('loadForm.charges.empty')}</p> : null}
            <ol className="space-y-4" data-testid="charges">
              {charges.map((charge, index) => {
                const row = charge.getFieldset()
                const n = index + 1
                return (
                  <li key={charge.key ?? index} className="rounded-lg border border-line p-4" data-testid="charge-row">
                    {row.id.initialValue ? <input {...getInputProps(row.id, { type: 'hidden' })} /> : null}
                    <ErrorList errors={row.id.errors} />
                    <div className="flex items-start gap-2">
                      <div className="grid min-w-0 flex-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                        <SelectField label={t('loadForm.charge.type', { n })} field={row.type} options={chargeTypeOptions} />
                        <TextField label={t('loadForm.charge.description')} field={row.description} className="lg:col-span-2" />
                        <TextField label={t('loadForm.charge.amount')} field={row.amount} />
                      </div>
                      <div className="pt-7">
                        <RowButton
                          icon="trash"
                          label={t('loadForm.charges.remove', { n })}
                          buttonProps={{ ...form.remove.getButtonProps({ name: fields.charges.name, index }), formAction: back.charges }}
                        />
                      </div>
                    </div>
                  </li>
                )
              })}
            </ol>
            <div className="mt-4">
              <button
                {...form.insert.getButtonProps({ name: fields.charges.name, defaultValue: { type: 'fuel_surcharge' } })}
                formAction={back.charges}
                type="submit"
                disabled={charges.length >= MAX_CHARGES}
                className={buttonClass('secondary', 'sm')}
              >
                <Icon name="plus" size={16} />
                {t('loadForm.charges.add')}
              </button>
            </div>
          </Card>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="p-6 lg:col-span-2">
              <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.assignment')}</h2>
              <div className="grid gap-5 sm:grid-cols-3">
                <GroupedSelect
                  label={t('loadForm.fields.driver')}
                  field={fields.driverId as AnyField}
                  groups={driverGroups}
                  placeholder={t('common.none')}
                  disabled={onRoad}
                />
                <GroupedSelect
                  label={t('loadForm.fields.truck')}
                  field={fields.truckId as AnyField}
                  groups={equipmentGroups(options.trucks, 'trucks')}
                  placeholder={t('common.none')}
                  disabled={onRoad}
                />
                <GroupedSelect
                  label={t('loadForm.fields.trailer')}
                  field={fields.trailerId as AnyField}
                  groups={equipmentGroups(options.trailers, 'trailers')}
                  placeholder={t('common.none')}
                  disabled={onRoad}
                />
              </div>
              <p className="mt-3 text-xs text-muted" data-testid="assignment-hint">
                {assignmentHint ?? t('loadForm.hints.assignment')}
              </p>
            </Card>
            <Card className="p-6">
              <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.totals')}</h2>
              <Totals formId={form.id} />
            </Card>
          </div>

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
