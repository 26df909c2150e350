/**
 * The invoice editor's form on the server, for the new and the edit page: the fields as typed
 * (to show back after a refusal), the schema's input, and the schema's paths as field names.
 */
import { data } from 'react-router'
import type { z } from 'zod'

import { InvoiceSchema, InvoiceUpdateSchema } from '~/schemas/invoice'
import { type BillableLoad, EMPTY_LINE, type InvoiceFormValues, type InvoiceLine } from '~/schemas/invoice-options'
import { MAX_INVOICE_ITEMS } from '~/schemas/invoice-options'
import { isDomainError } from '~/utils/errors.server'
import { parseDollars } from '~/utils/money'
import { zonedWallClock } from '~/utils/time'

import type { Refusal } from './forms.server'

type LoadToTick = {
  id: string
  loadNumber: string
  pickupCity: string | null
  deliveryCity: string | null
  /** The departure from its last stop (app/policies/load.ts, deliveredAt), not the planned window. */
  deliveredAt: Date | null
  brokerReference: string | null
  totalCents: number
}

/** A load the editor offers to tick: its lane and its delivery day in the organization's zone. */
export function billableLoadRow(load: LoadToTick, timeZone: string): BillableLoad {
  return {
    id: load.id,
    loadNumber: load.loadNumber,
    lane: [load.pickupCity, load.deliveryCity].filter(Boolean).join(' → '),
    deliveredOn: load.deliveredAt ? zonedWallClock(load.deliveredAt, timeZone).slice(0, 10) : null,
    reference: load.brokerReference,
    totalCents: load.totalCents,
  }
}

type Translate = (key: string, params?: Record<string, unknown>) => string

export function readInvoiceForm(form: FormData): InvoiceFormValues {
  const text = (name: string) => String(form.get(name) ?? '').slice(0, 2000)
  const lines: InvoiceLine[] = []
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

/**
 * What the editor posted, checked by the API's own schema. `addLine` (the "Add a line" button)
 * answers the same form with one more empty line; a refusal answers the form as typed with the
 * messages by field.
 */
export function parseInvoiceForm<Schema extends typeof InvoiceSchema | typeof InvoiceUpdateSchema = typeof InvoiceSchema>(
  form: FormData,
  brokerId: string,
  t: Translate,
  schema: Schema = InvoiceSchema as Schema,
) {
  const values = readInvoiceForm(form)
  // The page-action protocol's shape (app/requests/forms.server.ts): the form as typed in `initialValue`.
  const reply = (initialValue: InvoiceFormValues, error: Record<string, string[]> | undefined, status: number, conflict = false) =>
    data<Refusal>(
      {
        kind: 'refused',
        intent: form.get('intent') === 'addLine' ? 'addLine' : 'save',
        about: null,
        result: { status: error ? 'error' : undefined, initialValue, error },
        conflict,
      },
      { status },
    )
  if (form.get('intent') === 'addLine') {
    // Not a refusal: the same form with one more empty line, and no messages.
    return { addLine: reply({ ...values, lines: [...values.lines, EMPTY_LINE].slice(0, MAX_INVOICE_ITEMS) }, undefined, 200) } as const
  }
  const lines = values.lines.filter((line) => line.title || line.description || line.unitPrice)
  const parsed = (schema as unknown as z.ZodType<z.infer<Schema>>).safeParse({
    ...(schema === InvoiceUpdateSchema ? { version: form.get('version') ?? undefined } : {}),
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
  const refuse = (fields: Record<string, string[]>, status: number, message = t('validation.failed'), conflict = false) =>
    reply({ ...values, lines: lines.length ? lines : [EMPTY_LINE] }, { '': [message], ...fields }, status, conflict)
  /** A DomainError from the model, as the form's refusal; the edited invoice gone (`gone: 'page'`) is the 404 page. */
  const refuseError = (error: unknown, gone: 'page' | 'refusal' = 'refusal') => {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found' && gone === 'page') throw data(null, { status: 404 })
    const params = error.options.params ?? {}
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, keys]) => [fieldName([field]), keys.map((key) => t(key, params))]))
    return refuse(fields, error.status, t(error.messageKey, params), error.code === 'conflict')
  }
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[fieldName(issue.path)] ??= []).push(t(issue.message))
    return { refusal: refuse(fields, 400), refuseError } as const
  }
  return { input: parsed.data, refuseError } as const
}
