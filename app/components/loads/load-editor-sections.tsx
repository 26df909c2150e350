/**
 * The sections of the load editor (app/routes/dashboard/loads/editor.tsx): booking, stops and
 * charges with their row buttons, assignment and the live totals.
 */
import { type FieldMetadata, getInputProps, getSelectProps, useFormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'

import { RowButton } from '~/components/forms/row-button'
import type { useSchemaForm } from '~/components/forms/use-schema-form'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, inputClass, SelectField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import type { LoadFormUpdateSchema } from '~/schemas/load-form'
import { CHARGE_TYPES, MAX_CHARGES, MAX_STOPS, STOP_TYPES } from '~/schemas/load-options'
import { loadFormTotals } from '~/schemas/load-totals'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'

import { useExtractionMark } from './rate-confirmation'

/** The editor's form and fields, typed by the update schema (the create schema's fields plus the version). */
type LoadEditorForm = ReturnType<typeof useSchemaForm<typeof LoadFormUpdateSchema>>
export type LoadForm = LoadEditorForm[0]
export type LoadFields = LoadEditorForm[1]

/** What the pickers offer (the loader's `options`, app/models/loads/load-pickers.server.ts). */
export type LoadEditorOptions = {
  brokers: Array<{ id: string; name: string; status: string }>
  companies: Array<{ id: string; name: string }>
  /** `outOfService`: a required qualification expired or missing today (ADR 140), with its message. */
  drivers: Array<{
    id: string
    name: string
    status: string
    onLoad: { loadNumber: string } | null
    outOfService?: { key: string; params: Record<string, string> } | null
  }>
  trucks: Array<EquipmentOption>
  trailers: Array<EquipmentOption>
}

/** A truck or trailer offered: out of service today (ADR 131), it says since when. */
type EquipmentOption = { id: string; unitNumber: string; status: string; outOfService?: { defect: true } | { inspectionDue: string } | null }

/** The anchors a row button comes back to. */
const SECTION = { stops: 'load-stops', charges: 'load-charges' } as const

export const NEW_STOP = { pickup: { type: 'pickup', country: 'US' }, delivery: { type: 'delivery', country: 'US' } } as const

/** A row button (add, remove, move) posts to this page and comes back to its section, also without JavaScript, where the browser follows the anchor of the answer's address. */
function useBackTo(section: keyof typeof SECTION) {
  const { pathname, search } = useLocation()
  return `${pathname}${search}#${SECTION[section]}`
}

function useMarked() {
  const { t } = useTranslation()
  return (name: string, status: string) => t('loadForm.marked', { name, status })
}

export type AnyField = FieldMetadata<unknown, Record<string, unknown>>
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

/** Broker, company, references and linehaul. */
export function BookingSection({ fields, options }: { fields: LoadFields; options: LoadEditorOptions }) {
  const { t } = useTranslation()
  const marked = useMarked()
  const mark = useExtractionMark()
  const brokerGroups = [
    { label: t('loadForm.groups.takingLoads'), options: options.brokers.filter((b) => b.status === 'active').map((b) => ({ value: b.id, label: b.name })) },
    {
      label: t('loadForm.groups.notTakingLoads'),
      options: options.brokers.filter((b) => b.status !== 'active').map((b) => ({ value: b.id, label: marked(b.name, t(`brokers.status.${b.status}`)) })),
    },
  ]
  const companyOptions = options.companies.map((company) => ({ value: company.id, label: company.name }))
  return (
    <Card className="p-6">
      <h2 className="mb-5 text-base font-bold">{t('loadForm.sections.booking')}</h2>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <GroupedSelect
          label={t('loadForm.fields.broker')}
          field={fields.brokerId as AnyField}
          groups={brokerGroups}
          placeholder={t('loadForm.choose.broker')}
          hint={mark('broker', t('loadForm.hints.broker'))}
        />
        <SelectField label={t('loadForm.fields.company')} field={fields.companyId} options={companyOptions} placeholder={t('common.none')} />
        <TextField label={t('loadForm.fields.brokerReference')} field={fields.brokerReference} hint={mark('brokerReference')} />
        <TextField label={t('loadForm.fields.poNumbers')} field={fields.poNumbers} hint={t('loadForm.hints.poNumbers')} />
        <TextField label={t('loadForm.fields.bolNumber')} field={fields.bolNumber} />
        <TextField label={t('loadForm.fields.linehaul')} field={fields.linehaul} hint={mark('linehaulCents', t('loadForm.hints.linehaul'))} />
      </div>
    </Card>
  )
}

/** The stops in order, each with its move and remove buttons; add a pickup or a delivery. */
export function StopsSection({ form, fields, timeZone }: { form: LoadForm; fields: LoadFields; timeZone: string }) {
  const { t } = useTranslation()
  const mark = useExtractionMark()
  const stops = fields.stops.getFieldList()
  const back = { stops: useBackTo('stops') }
  const stopTypeOptions = STOP_TYPES.map((value) => ({ value, label: t(`loadForm.stopType.${value}`) }))
  return (
    <Card className="scroll-mt-24 p-6" id={SECTION.stops}>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-bold">{t('loadForm.sections.stops')}</h2>
        <p className="text-xs text-muted">{t('loadForm.hints.timeZone', { zone: timeZone })}</p>
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
                <TextField
                  label={t('loadForm.stop.facilityName')}
                  field={row.facilityName}
                  className="col-span-2 lg:col-span-3"
                  hint={mark(`stops.${index}.facilityName`)}
                />
                <TextField label={t('loadForm.stop.line1')} field={row.line1} className="col-span-2 lg:col-span-4" hint={mark(`stops.${index}.line1`)} />
                <TextField label={t('loadForm.stop.city')} field={row.city} className="col-span-2 lg:col-span-4" hint={mark(`stops.${index}.city`)} />
                <TextField label={t('loadForm.stop.state')} field={row.state} className="lg:col-span-3" hint={mark(`stops.${index}.state`)} />
                <TextField label={t('loadForm.stop.postalCode')} field={row.postalCode} className="lg:col-span-3" hint={mark(`stops.${index}.postalCode`)} />
                <TextField label={t('loadForm.stop.country')} field={row.country} className="col-span-2 lg:col-span-2" />
                <TextField
                  label={t('loadForm.stop.windowStart')}
                  field={row.windowStart}
                  type="datetime-local"
                  className="col-span-2 lg:col-span-4"
                  hint={mark(`stops.${index}.windowStart`)}
                />
                <TextField
                  label={t('loadForm.stop.windowEnd')}
                  field={row.windowEnd}
                  type="datetime-local"
                  className="col-span-2 lg:col-span-4"
                  hint={mark(`stops.${index}.windowEnd`)}
                />
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
  )
}

/** The charges besides the linehaul, each with its remove button. */
export function ChargesSection({ form, fields }: { form: LoadForm; fields: LoadFields }) {
  const { t } = useTranslation()
  const charges = fields.charges.getFieldList()
  const back = { charges: useBackTo('charges') }
  const chargeTypeOptions = CHARGE_TYPES.map((value) => ({ value, label: t(`loadForm.chargeType.${value}`) }))
  return (
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
  )
}

/** Driver, truck and trailer (kept while the load is on the road), beside the totals. */
export function AssignmentSection({ form, fields, options, onRoad }: { form: LoadForm; fields: LoadFields; options: LoadEditorOptions; onRoad: boolean }) {
  const { t, i18n } = useTranslation()
  const marked = useMarked()
  const driverGroups = [
    { label: t('loadForm.groups.available'), options: options.drivers.filter((d) => d.status === 'active').map((d) => ({ value: d.id, label: d.name })) },
    {
      label: t('loadForm.groups.unavailable'),
      options: options.drivers
        .filter((d) => d.status !== 'active')
        .map((d) => ({
          value: d.id,
          label: marked(
            d.name,
            d.outOfService
              ? t(d.outOfService.key, d.outOfService.params)
              : d.onLoad
                ? t('loadForm.driverOnLoad', { number: d.onLoad.loadNumber })
                : t(`loadForm.driverStatus.${d.status}`),
          ),
        })),
    },
  ]
  const equipmentGroups = (rows: LoadEditorOptions['trucks'], statusKey: 'trucks' | 'trailers') => [
    { label: t('loadForm.groups.available'), options: rows.filter((r) => r.status === 'available').map((r) => ({ value: r.id, label: r.unitNumber })) },
    {
      label: t('loadForm.groups.unavailable'),
      options: rows
        .filter((r) => r.status !== 'available')
        .map((r) => ({
          value: r.id,
          label: marked(
            r.unitNumber,
            !r.outOfService
              ? t(`${statusKey}.status.${r.status}`)
              : 'defect' in r.outOfService
                ? t('loadForm.defectOpen')
                : t('loadForm.inspectionOverdue', { date: formatDate(i18n.language, r.outOfService.inspectionDue) }),
          ),
        })),
    },
  ]
  const assignmentHint = onRoad ? t('loads.errors.assignmentLocked') : undefined
  return (
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
  )
}
