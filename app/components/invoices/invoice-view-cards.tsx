/**
 * The pieces of an invoice's page (app/routes/dashboard/invoices/view.tsx): the document as it
 * prints (bill-to, from, lines, totals), where its email is, its payments and the "Record payment" form.
 */
import { Form, useLocation } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { InvoiceStatusBadges } from '~/components/invoices/invoice-status'
import { BidiText } from '~/components/ui/bidi-text'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import type { InvoiceDto } from '~/models/invoices/invoice.server'
import { PAYMENT_METHODS } from '~/schemas/invoice-options'
import { formatDate, formatMoney, formatNumber, isolate } from '~/utils/format'

/** An invoice as its page shows it (the loader's `invoice`). */
export type InvoicePageInvoice = InvoiceDto & {
  billTo: { name: string; email: string | null }
  sentOn: string | null
  emailedOn: string | null
}

/** What the printed document needs of an invoice: the invoice page's, or the public payment page's (app/routes/public/payment.tsx). */
export type InvoiceDocumentInvoice = Pick<
  InvoicePageInvoice,
  | 'invoiceNumber'
  | 'status'
  | 'overdue'
  | 'issueDate'
  | 'dueDate'
  | 'sentAt'
  | 'sentOn'
  | 'billTo'
  | 'subtotalCents'
  | 'discountCents'
  | 'taxCents'
  | 'totalCents'
  | 'amountPaidCents'
  | 'balanceCents'
  | 'notes'
> & { items: Array<Pick<InvoicePageInvoice['items'][number], 'id' | 'title' | 'description' | 'quantity' | 'unitPriceCents' | 'totalCents'>> }

/** Who the invoice is from: a name and its address lines (the loader's `from`). */
type InvoiceFrom = { name: string; lines: string[] }

/** The intent of a post and the version of the invoice the user saw. */
export function IntentFields({ intent, version }: { intent: string; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
    </>
  )
}

function useDate() {
  const { i18n } = useTranslation()
  return (value: string | null) => (value ? formatDate(i18n.language, value) : '—')
}

function Money({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const { i18n } = useTranslation()
  return <span className={strong ? 'font-bold tabular-nums' : 'tabular-nums'}>{formatMoney(i18n.language, cents)}</span>
}

/** Where the emailed copy is: queued, sent, retried after an error, failed, or not sent (no address). */
export function EmailState({ email, emailedOn }: { email: NonNullable<InvoiceDto['email']>; emailedOn: string | null }) {
  const { t, i18n } = useTranslation()
  const retrying = email.status === 'queued' && email.attempts > 0
  const key = retrying ? 'retrying' : email.status
  const tone =
    email.status === 'sent'
      ? 'border-success/40 bg-success-lighter/40'
      : email.status === 'queued'
        ? 'border-line bg-surface'
        : 'border-warning/50 bg-warning-lighter/50'
  return (
    <p role="status" data-testid="invoice-email" data-state={key} className={`mb-6 rounded-lg border px-4 py-3 text-sm print:hidden ${tone}`}>
      <BidiText
        text={t(`invoices.email.${key}`, {
          to: isolate(email.to ?? ''),
          date: emailedOn ? formatDate(i18n.language, emailedOn) : '',
          attempts: email.attempts,
          error: email.error ?? '',
        })}
      />
    </p>
  )
}

/**
 * The invoice as it prints: number and status, dates, bill-to and from (with whom to pay, and the
 * notice of assignment when the factor is to be paid), lines, totals and notes.
 */
export function InvoiceDocument({
  invoice,
  from,
  remitTo,
  notice = null,
}: {
  invoice: InvoiceDocumentInvoice
  from: InvoiceFrom
  remitTo: string[] | null
  notice?: string | null
}) {
  const { t, i18n } = useTranslation()
  const date = useDate()
  return (
    <Card className="p-6 sm:p-8" data-testid="invoice-document">
      <div className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-2xl font-bold tabular-nums">{invoice.invoiceNumber}</p>
          <div className="mt-2 flex flex-wrap gap-2" data-testid="invoice-status">
            <InvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
          </div>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('invoices.fields.issueDate')}</dt>
          <dd className="tabular-nums">{date(invoice.issueDate)}</dd>
          <dt className="text-muted">{t('invoices.fields.dueDate')}</dt>
          <dd className="tabular-nums">{date(invoice.dueDate)}</dd>
          {invoice.sentAt ? (
            <>
              <dt className="text-muted">{t('invoices.fields.sentAt')}</dt>
              <dd className="tabular-nums">{date(invoice.sentOn)}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="bill-to">
          <h2 id="bill-to" className="mb-1 text-xs font-bold tracking-wide text-muted uppercase">
            {t('invoices.view.billTo')}
          </h2>
          <p className="font-semibold">
            <bdi>{invoice.billTo.name}</bdi>
          </p>
          {invoice.billTo.email ? <p className="text-sm text-muted">{invoice.billTo.email}</p> : null}
        </section>
        <section aria-labelledby="invoice-from">
          <h2 id="invoice-from" className="mb-1 text-xs font-bold tracking-wide text-muted uppercase">
            {t('invoices.view.from')}
          </h2>
          <p className="font-semibold">
            <bdi>{from.name}</bdi>
          </p>
          {from.lines.map((line) => (
            <p key={line} className="text-sm text-muted">
              <bdi>{line}</bdi>
            </p>
          ))}
          {remitTo ? (
            <p className="mt-2 text-sm" data-testid="invoice-remit-to">
              <span className="font-semibold">{t('invoices.view.remitTo')}</span> <bdi>{remitTo.join(', ')}</bdi>
            </p>
          ) : null}
          {notice ? (
            <p className="mt-2 text-sm font-semibold" data-testid="invoice-assignment">
              <bdi>{notice}</bdi>
            </p>
          ) : null}
        </section>
      </div>

      <div className="mt-8 overflow-x-auto">
        <table className="w-full text-sm" data-testid="invoice-items">
          <thead className="text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="py-2 text-start font-semibold">
                {t('invoices.fields.item')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t('invoices.fields.quantity')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {t('invoices.fields.unitPrice')}
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                {t('invoices.fields.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item) => (
              <tr key={item.id} className="border-b border-dashed border-line">
                <td className="py-2">
                  <bdi className="font-medium">{item.title}</bdi>
                  {item.description ? <bdi className="block text-xs text-muted">{item.description}</bdi> : null}
                </td>
                <td className="px-3 py-2 text-end tabular-nums">{formatNumber(i18n.language, item.quantity)}</td>
                <td className="px-3 py-2 text-end">
                  <Money cents={item.unitPriceCents} />
                </td>
                <td className="py-2 text-end">
                  <Money cents={item.totalCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ms-auto mt-6 grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="invoice-totals">
        <dt className="text-muted">{t('invoices.fields.subtotal')}</dt>
        <dd className="text-end">
          <Money cents={invoice.subtotalCents} />
        </dd>
        {invoice.discountCents ? (
          <>
            <dt className="text-muted">{t('invoices.fields.discount')}</dt>
            <dd className="text-end">
              −<Money cents={invoice.discountCents} />
            </dd>
          </>
        ) : null}
        {invoice.taxCents ? (
          <>
            <dt className="text-muted">{t('invoices.fields.tax')}</dt>
            <dd className="text-end">
              <Money cents={invoice.taxCents} />
            </dd>
          </>
        ) : null}
        <dt className="border-t border-line pt-1 font-bold">{t('invoices.fields.total')}</dt>
        <dd className="border-t border-line pt-1 text-end">
          <Money cents={invoice.totalCents} strong />
        </dd>
        <dt className="text-muted">{t('invoices.fields.paid')}</dt>
        <dd className="text-end">
          <Money cents={invoice.amountPaidCents} />
        </dd>
        <dt className="font-bold">{t('invoices.fields.balance')}</dt>
        <dd className="text-end" data-testid="invoice-balance">
          <Money cents={invoice.balanceCents} strong />
        </dd>
      </dl>
      {invoice.notes ? (
        <p dir="auto" className="mt-6 text-sm whitespace-pre-line">
          {invoice.notes}
        </p>
      ) : null}
    </Card>
  )
}

/** The payments recorded, each with its remove button when the role may remove it. */
export function InvoicePayments({ invoice, canRemove, busy }: { invoice: InvoicePageInvoice; canRemove: boolean; busy: boolean }) {
  const { t } = useTranslation()
  const date = useDate()
  const hidden = (intent: string) => <IntentFields intent={intent} version={invoice.version} />
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('invoices.view.payments')}</h2>
      {invoice.payments.length ? (
        <ul className="space-y-2 text-sm" data-testid="invoice-payments">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line p-2">
              <Money cents={payment.amountCents} strong />
              <span className="text-muted tabular-nums">{date(payment.paidAt)}</span>
              <span>{t(`invoices.method.${payment.method}`)}</span>
              {payment.reference ? <bdi className="text-muted">#{payment.reference}</bdi> : null}
              {canRemove ? (
                <Form method="post" className="ms-auto">
                  {hidden('removePayment')}
                  <input type="hidden" name="paymentId" value={payment.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={t('invoices.actions.removePayment')}
                    title={t('invoices.actions.removePayment')}
                  >
                    <Icon name="trash" size={16} />
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('invoices.view.noPayments')}</p>
      )}
    </Card>
  )
}

/**
 * "Record payment": the balance as the default amount, today as the default date; a refusal at its
 * fields, with what was typed (without JavaScript the page is drawn again: the amount and the
 * reference must not fall back to the balance and nothing).
 */
export function PaymentForm({
  invoice,
  today,
  payment,
  busy,
}: {
  invoice: InvoicePageInvoice
  today: string
  /** The refusal of the last payment posted, if any. */
  payment: ShownRefusal | null
  busy: boolean
}) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const payError = (field: string) => payment?.field(field)
  const typed = (field: string) => {
    const value = payment?.values[field]
    return typeof value === 'string' ? value : undefined
  }
  const hidden = (intent: string) => <IntentFields intent={intent} version={invoice.version} />
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('invoices.actions.recordPayment')}</h2>
      {/* Keyed by the version: after a payment the form starts again from the new balance, as without JavaScript. */}
      <Form key={invoice.version} method="post" className="grid gap-4 sm:grid-cols-2" data-testid="payment-form" noValidate>
        {hidden('pay')}
        {payment ? (
          <div className="sm:col-span-2">
            <RefusalNotice refusal={payment} reloadTo={`${pathname}${search}`} testId="payment-refusal" />
          </div>
        ) : null}
        <PlainField id="amount" label={t('invoices.fields.amount')} errors={payError('amount')}>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            defaultValue={typed('amount') ?? formatMoney(i18n.language, invoice.balanceCents, { style: 'input' })}
            className={inputClass}
          />
        </PlainField>
        <PlainField id="paidAt" label={t('invoices.fields.paidAt')} errors={payError('paidAt')}>
          <input id="paidAt" name="paidAt" type="date" required defaultValue={typed('paidAt') ?? today} className={inputClass} />
        </PlainField>
        <PlainField id="method" label={t('invoices.fields.method')} errors={payError('method')}>
          <select id="method" name="method" defaultValue={typed('method') ?? 'ach'} className={inputClass}>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`invoices.method.${method}`)}
              </option>
            ))}
          </select>
        </PlainField>
        <PlainField id="reference" label={t('invoices.fields.reference')} errors={payError('reference')}>
          <input id="reference" name="reference" maxLength={100} dir="auto" defaultValue={typed('reference')} className={inputClass} />
        </PlainField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {t('invoices.actions.recordPayment')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
