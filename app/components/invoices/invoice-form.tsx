/**
 * The invoice editor, for a new draft and a draft's edit page: the broker's delivered loads to
 * tick, free lines ("Add a line" is a real submit button, so it works without JavaScript), the
 * invoice-from company, dates, discount, tax and notes. The server checks everything
 * (app/requests/invoice-form.server.ts) and answers the form as typed with its messages.
 */
import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import {
  type BillableLoad,
  EMPTY_LINE,
  invoiceFormTotals,
  type InvoiceFormValues,
  invoiceFormValuesOf,
  type InvoiceLine,
  MAX_INVOICE_ITEMS,
} from '~/schemas/invoice-options'

export { type BillableLoad, EMPTY_LINE, type InvoiceFormValues, type InvoiceLine }
import { useTranslation } from '~/hooks/use-translation'
import { formatDate, formatMoney } from '~/utils/format'

export function InvoiceForm({
  brokerId,
  loads,
  companies,
  values,
  errors,
  message,
  conflict = false,
  reloadTo = '',
  version,
  submitLabel,
  cancelTo,
}: {
  brokerId: string
  loads: BillableLoad[]
  companies: Array<{ value: string; label: string }>
  values: InvoiceFormValues | null
  errors: Record<string, string[]>
  message: string | null
  conflict?: boolean
  reloadTo?: string
  version?: number
  submitLabel: string
  cancelTo: string
}) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const lines = values?.lines.length ? values.lines : [EMPTY_LINE]
  const ticked = new Set(values?.loadIds ?? [])
  const invalid = (name: string) => (errors[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})
  const formRef = useRef<HTMLFormElement>(null)

  return (
    <Form ref={formRef} method="post" className="grid gap-6" data-testid="invoice-form" noValidate>
      <input type="hidden" name="brokerId" value={brokerId} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      {message ? (
        <div
          role="alert"
          className="rounded-lg border border-error/40 bg-error-lighter px-4 py-3 text-sm text-error-darker dark:bg-error/15 dark:text-error-light"
        >
          <p className="font-semibold">{message}</p>
          {conflict ? <ConflictNotice reloadTo={reloadTo} /> : null}
        </div>
      ) : null}

      <Card className="p-6">
        <h2 className="mb-1 text-base font-bold">{t('invoices.new.loads')}</h2>
        <p className="mb-3 text-sm text-muted">{t('invoices.new.loadsHint')}</p>
        {errors.loadIds ? (
          <p id="loadIds-error" className="mb-2 text-sm font-medium text-error">
            {errors.loadIds.join(' ')}
          </p>
        ) : null}
        {loads.length ? (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="billable-loads">
            {loads.map((load) => (
              <li key={load.id}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-lighter/40">
                  <input type="checkbox" name="loadIds" value={load.id} defaultChecked={ticked.has(load.id)} className="mt-0.5 size-4" />
                  <span className="min-w-0 flex-1">
                    <span className="font-semibold tabular-nums">{load.loadNumber}</span>
                    {load.reference ? <bdi className="ms-2 text-muted">{load.reference}</bdi> : null}
                    <bdi className="block text-muted">{load.lane}</bdi>
                    {load.deliveredOn ? (
                      <span className="block text-xs text-muted">{t('invoices.new.delivered', { date: formatDate(i18n.language, load.deliveredOn) })}</span>
                    ) : null}
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(i18n.language, load.totalCents)}</span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted" data-testid="no-billable-loads">
            {t('invoices.new.noLoads')}
          </p>
        )}
      </Card>

      <Card className="p-6">
        <h2 className="mb-3 text-base font-bold">{t('invoices.new.lines')}</h2>
        {errors.items ? <p className="mb-2 text-sm font-medium text-error">{errors.items.join(' ')}</p> : null}
        <div className="grid gap-4" data-testid="invoice-lines">
          {lines.map((line, index) => (
            <fieldset key={index} className="grid gap-3 border-b border-dashed border-line pb-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_6rem_8rem]">
              <legend className="sr-only">{t('invoices.new.line', { number: index + 1 })}</legend>
              <PlainField id={`items[${index}].title`} label={t('invoices.fields.item')} errors={errors[`items[${index}].title`]}>
                <input
                  id={`items[${index}].title`}
                  name={`items[${index}].title`}
                  defaultValue={line.title}
                  maxLength={200}
                  className={inputClass}
                  {...invalid(`items[${index}].title`)}
                />
              </PlainField>
              <PlainField id={`items[${index}].description`} label={t('invoices.fields.description')} errors={errors[`items[${index}].description`]}>
                <input
                  id={`items[${index}].description`}
                  name={`items[${index}].description`}
                  defaultValue={line.description}
                  maxLength={500}
                  className={inputClass}
                />
              </PlainField>
              <PlainField id={`items[${index}].quantity`} label={t('invoices.fields.quantity')} errors={errors[`items[${index}].quantity`]}>
                <input
                  id={`items[${index}].quantity`}
                  name={`items[${index}].quantity`}
                  defaultValue={line.quantity}
                  inputMode="decimal"
                  className={inputClass}
                  {...invalid(`items[${index}].quantity`)}
                />
              </PlainField>
              <PlainField id={`items[${index}].unitPrice`} label={t('invoices.fields.unitPrice')} errors={errors[`items[${index}].unitPrice`]}>
                <input
                  id={`items[${index}].unitPrice`}
                  name={`items[${index}].unitPrice`}
                  defaultValue={line.unitPrice}
                  inputMode="decimal"
                  className={inputClass}
                  {...invalid(`items[${index}].unitPrice`)}
                />
              </PlainField>
            </fieldset>
          ))}
        </div>
        <Button type="submit" name="intent" value="addLine" variant="ghost" className="mt-3" disabled={busy || lines.length >= MAX_INVOICE_ITEMS}>
          <Icon name="plus" size={18} />
          {t('invoices.new.addLine')}
        </Button>
      </Card>

      <Card className="grid gap-4 p-6 sm:grid-cols-2 lg:grid-cols-3">
        <PlainField id="companyId" label={t('invoices.new.from')} errors={errors.companyId}>
          <select id="companyId" name="companyId" defaultValue={values?.companyId ?? ''} className={inputClass}>
            <option value="">{t('invoices.new.fromOrganization')}</option>
            {companies.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </PlainField>
        <PlainField id="issueDate" label={t('invoices.fields.issueDate')} errors={errors.issueDate}>
          <input id="issueDate" name="issueDate" type="date" defaultValue={values?.issueDate} className={inputClass} {...invalid('issueDate')} />
        </PlainField>
        <PlainField id="dueDate" label={t('invoices.fields.dueDate')} errors={errors.dueDate}>
          <input
            id="dueDate"
            name="dueDate"
            type="date"
            defaultValue={values?.dueDate}
            className={inputClass}
            aria-describedby="dueDate-hint"
            {...invalid('dueDate')}
          />
          <p id="dueDate-hint" className="mt-1 text-xs text-muted">
            {t('invoices.new.dueHint')}
          </p>
        </PlainField>
        <PlainField id="discount" label={t('invoices.fields.discount')} errors={errors.discount}>
          <input
            id="discount"
            name="discount"
            inputMode="decimal"
            defaultValue={values?.discount}
            placeholder="0.00"
            className={inputClass}
            {...invalid('discount')}
          />
        </PlainField>
        <PlainField id="tax" label={t('invoices.fields.tax')} errors={errors.tax}>
          <input id="tax" name="tax" inputMode="decimal" defaultValue={values?.tax} placeholder="0.00" className={inputClass} {...invalid('tax')} />
        </PlainField>
        <PlainField id="notes" label={t('fields.notes')} errors={errors.notes} className="sm:col-span-2 lg:col-span-3">
          <textarea id="notes" name="notes" rows={3} maxLength={2000} defaultValue={values?.notes} className={inputClass} />
        </PlainField>
      </Card>

      <RunningTotal formRef={formRef} loads={loads} values={{ loadIds: [...ticked], lines, discount: values?.discount ?? '', tax: values?.tax ?? '' }} />

      <div className="flex flex-wrap justify-end gap-2">
        <ButtonLink to={cancelTo} variant="secondary">
          {t('common.cancel')}
        </ButtonLink>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/**
 * What the invoice comes to as it is typed: from the values the server rendered (so a page without
 * JavaScript shows it after "Add a line" or a refusal), then, with JavaScript, recomputed on every
 * keystroke from the form itself. The server's total decides; this one is for the eye.
 */
function RunningTotal({
  formRef,
  loads,
  values,
}: {
  formRef: React.RefObject<HTMLFormElement | null>
  loads: BillableLoad[]
  values: Parameters<typeof invoiceFormTotals>[0]
}) {
  const { t, i18n } = useTranslation()
  const [totals, setTotals] = useState(() => invoiceFormTotals(values, loads))
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const update = () => setTotals(invoiceFormTotals(invoiceFormValuesOf(new FormData(form)), loads))
    update()
    form.addEventListener('input', update)
    form.addEventListener('change', update)
    return () => {
      form.removeEventListener('input', update)
      form.removeEventListener('change', update)
    }
  }, [formRef, loads])
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const row = (label: string, cents: number, testId: string) => (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {money(cents)}
      </dd>
    </div>
  )
  return (
    <Card className="p-6" data-testid="invoice-running-total">
      <h2 className="mb-2 text-base font-bold">{t('invoices.new.totals')}</h2>
      <dl className="text-sm sm:max-w-sm sm:ms-auto">
        {row(t('invoices.new.loadsTotal'), totals.loadsCents, 'running-loads')}
        {row(t('invoices.new.linesTotal'), totals.linesCents, 'running-lines')}
        {row(t('invoices.fields.discount'), -totals.discountCents, 'running-discount')}
        {row(t('invoices.fields.tax'), totals.taxCents, 'running-tax')}
        <div className="mt-1 flex justify-between gap-4 border-t border-dashed border-line pt-2 text-base font-bold">
          <dt>{t('invoices.new.total')}</dt>
          <dd className="tabular-nums" data-testid="running-total" aria-live="polite">
            {money(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {totals.incomplete ? <p className="mt-2 text-xs text-muted sm:text-end">{t('invoices.new.totalIncomplete')}</p> : null}
    </Card>
  )
}
