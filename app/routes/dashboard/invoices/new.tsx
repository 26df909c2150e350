import { data, Form, href, useNavigation } from 'react-router'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { PlainField } from '~/components/ui/plain-field'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { getInstance } from '~/middleware/i18next'
import { listBrokerOptions } from '~/models/broker.server'
import { listCompanyOptions } from '~/models/company.server'
import { billableLoads, createInvoice } from '~/models/invoice.server'
import { loadTimeZone } from '~/models/load.server'
import { parseDollars } from '~/schemas/dollars'
import { InvoiceSchema } from '~/schemas/invoice'
import { MAX_INVOICE_ITEMS } from '~/schemas/invoice-options'
import { isId } from '~/schemas/text'
import { requireActor } from '~/utils/actor.server'
import { isDomainError } from '~/utils/errors.server'
import { formatDate, formatMoney } from '~/utils/format'
import { requirePermission } from '~/utils/session.server'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from '~/utils/use-translation'
import type { Route } from './+types/new'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices'] }

/**
 * A new draft: pick the broker (a GET form, so it works without JavaScript), tick its delivered
 * loads not billed yet, add free lines ("Add a line" is a real submit button), discount, tax and
 * notes. The due date defaults from the broker's payment terms.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'invoice')
  const url = new URL(request.url)
  const picked = url.searchParams.get('brokerId') ?? ''
  const [brokers, companies] = await Promise.all([listBrokerOptions(user.organizationId), listCompanyOptions(user.organizationId)])
  const broker = isId(picked) ? brokers.find((option) => option.id === picked) : undefined
  const [loads, timeZone] = await Promise.all([broker ? billableLoads(user.organizationId, broker.id) : [], loadTimeZone(user.organizationId)])
  return {
    brokers: brokers.map((option) => ({ value: option.id, label: option.name })),
    companies: companies.map((option) => ({ value: option.id, label: option.name })),
    brokerId: broker?.id ?? null,
    loads: loads.map((load) => ({
      id: load.id,
      loadNumber: load.loadNumber,
      lane: [load.pickupCity, load.deliveryCity].filter(Boolean).join(' → '),
      deliveredOn: load.deliveryAt ? zonedWallClock(load.deliveryAt, timeZone).slice(0, 10) : null,
      reference: load.brokerReference,
      totalCents: load.totalCents,
    })),
  }
}

type Line = { title: string; description: string; quantity: string; unitPrice: string }
type Values = { companyId: string; issueDate: string; dueDate: string; loadIds: string[]; lines: Line[]; discount: string; tax: string; notes: string }

const EMPTY_LINE: Line = { title: '', description: '', quantity: '1', unitPrice: '' }

function readValues(form: FormData): Values {
  const text = (name: string) => String(form.get(name) ?? '').slice(0, 2000)
  const lines: Line[] = []
  for (let index = 0; index < MAX_INVOICE_ITEMS; index++) {
    if (!form.has(`items[${index}].title`)) break
    lines.push({
      title: text(`items[${index}].title`),
      description: text(`items[${index}].description`),
      quantity: text(`items[${index}].quantity`),
      unitPrice: text(`items[${index}].unitPrice`),
    })
  }
  return {
    companyId: text('companyId'),
    issueDate: text('issueDate'),
    dueDate: text('dueDate'),
    loadIds: form.getAll('loadIds').map(String).slice(0, 100),
    lines,
    discount: text('discount'),
    tax: text('tax'),
    notes: text('notes'),
  }
}

/** Dollars as typed, or NaN (the schema's number check then names the field). */
const cents = (value: string) => (value.trim() ? (parseDollars(value) ?? Number.NaN) : undefined)

/** The schema's field paths as the form's field names. */
function fieldName(path: PropertyKey[]) {
  const [first, index, field] = path.map(String)
  if (first === 'items') return field ? `items[${index}].${field === 'unitPriceCents' ? 'unitPrice' : field}` : 'items'
  return { discountCents: 'discount', taxCents: 'tax' }[first] ?? first
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', 'invoice')
  const form = await request.formData()
  const brokerId = String(form.get('brokerId') ?? '')
  const values = readValues(form)
  // "Add a line": the same form back with one more empty line (no JavaScript needed).
  if (form.get('intent') === 'addLine') return data({ values: { ...values, lines: [...values.lines, EMPTY_LINE].slice(0, MAX_INVOICE_ITEMS) }, errors: {} })
  const lines = values.lines.filter((line) => line.title || line.description || line.unitPrice)
  const parsed = InvoiceSchema.safeParse({
    brokerId,
    companyId: values.companyId || undefined,
    issueDate: values.issueDate || undefined,
    dueDate: values.dueDate || undefined,
    loadIds: values.loadIds,
    items: lines.map((line) => ({
      title: line.title,
      description: line.description || undefined,
      quantity: line.quantity.trim() ? Number(line.quantity) : undefined,
      unitPriceCents: cents(line.unitPrice),
    })),
    discountCents: cents(values.discount),
    taxCents: cents(values.tax),
    notes: values.notes || undefined,
  })
  const refuse = (fields: Record<string, string[]>, status: number, message = t('validation.failed')) =>
    data({ values: { ...values, lines: lines.length ? lines : [EMPTY_LINE] }, errors: fields, message }, { status })
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[fieldName(issue.path)] ??= []).push(t(issue.message))
    return refuse(fields, 400)
  }
  try {
    const invoice = await createInvoice(actor, parsed.data, t)
    return redirectWithToast(href('/dashboard/invoice/:id', { id: invoice.id }), {
      type: 'success',
      title: t('invoices.toast.created', { number: invoice.invoiceNumber }),
    })
  } catch (error) {
    if (!isDomainError(error)) throw error
    const params = error.options.params ?? {}
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, keys]) => [fieldName([field]), keys.map((key) => t(key, params))]))
    return refuse(fields, error.status, t(error.messageKey, params))
  }
}

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const values: Values | null = actionData?.values ?? null
  const errors: Record<string, string[]> = actionData?.errors ?? {}
  const message = actionData && 'message' in actionData ? String(actionData.message) : null
  const lines = values?.lines.length ? values.lines : [EMPTY_LINE]
  const ticked = new Set(values?.loadIds ?? [])
  const invalid = (name: string) => (errors[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})

  return (
    <>
      <PageHeader
        title={t('invoices.new.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.invoices'), to: href('/dashboard/invoice/list') },
          { label: t('invoices.new.title') },
        ]}
      />
      <Card className="mb-6 p-6">
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="pick-broker">
          <PlainField id="brokerId" label={t('invoices.fields.broker')} className="min-w-56 flex-1">
            <select id="brokerId" name="brokerId" defaultValue={loaderData.brokerId ?? ''} required className={inputClass}>
              <option value="">{t('invoices.new.chooseBroker')}</option>
              {loaderData.brokers.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </PlainField>
          <Button type="submit" variant="secondary">
            {t('invoices.new.showLoads')}
          </Button>
        </Form>
      </Card>

      {loaderData.brokerId ? (
        <Form method="post" className="grid gap-6" data-testid="invoice-form" noValidate>
          <input type="hidden" name="brokerId" value={loaderData.brokerId} />
          {message ? (
            <p
              role="alert"
              className="rounded-lg border border-error/40 bg-error-lighter px-4 py-3 text-sm font-semibold text-error-darker dark:bg-error/15 dark:text-error-light"
            >
              {message}
            </p>
          ) : null}

          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('invoices.new.loads')}</h2>
            <p className="mb-3 text-sm text-muted">{t('invoices.new.loadsHint')}</p>
            {errors.loadIds ? (
              <p id="loadIds-error" className="mb-2 text-sm font-medium text-error">
                {errors.loadIds.join(' ')}
              </p>
            ) : null}
            {loaderData.loads.length ? (
              <ul className="grid gap-2 sm:grid-cols-2" data-testid="billable-loads">
                {loaderData.loads.map((load) => (
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
                {loaderData.companies.map((option) => (
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

          <div className="flex flex-wrap justify-end gap-2">
            <ButtonLink to={href('/dashboard/invoice/list')} variant="secondary">
              {t('common.cancel')}
            </ButtonLink>
            <Button type="submit" name="intent" value="create" disabled={busy}>
              {t('invoices.new.create')}
            </Button>
          </div>
        </Form>
      ) : null}
    </>
  )
}
