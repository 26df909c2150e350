import { Form, href, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { InvoiceStatusBadges } from '~/components/invoices/invoice-status'
import { PageHeader } from '~/components/layout/page-header'
import { BidiText } from '~/components/ui/bidi-text'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import {
  deleteInvoice,
  deletePayment,
  emailInvoiceAgain,
  getInvoice,
  type InvoiceDto,
  invoiceFrom,
  organizationToday,
  recordPayment,
  sendInvoice,
  serializeInvoice,
  voidInvoice,
} from '~/models/invoice.server'
import { remitToLines } from '~/models/invoice-pdf.server'
import { loadTimeZone } from '~/models/load.server'
import { invoiceOffers } from '~/policies/invoice'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { parseDollars } from '~/schemas/dollars'
import { InvoiceActionSchema, PaymentSchema } from '~/schemas/invoice'
import { PAYMENT_METHODS } from '~/schemas/invoice-options'
import { requiredId } from '~/schemas/text'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatMoney, formatNumber, isolate } from '~/utils/format'
import { listReturnTo } from '~/utils/list-return'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { withParams } from '~/utils/with-params'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices'] }

const LIST = href('/dashboard/invoice/list')

/** One invoice as it prints: bill-to, from, lines, totals, payments, balance; and its actions. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  const invoice = await orNotFound(getInvoice(user.organizationId, params.id))
  const [today, parties, timeZone] = await Promise.all([
    organizationToday(user.organizationId),
    invoiceFrom(user.organizationId, invoice.companyId),
    loadTimeZone(user.organizationId),
  ])
  const dto = serializeInvoice(invoice, today)
  const url = new URL(request.url)
  // What the invoice policy allows this role on this invoice: the page offers exactly that (app/policies/invoice.ts).
  const offers = invoiceOffers(user.role, dto)
  return {
    invoice: {
      ...dto,
      billTo: { name: invoice.broker.name, email: invoice.broker.billingEmail ?? invoice.broker.email },
      // The day it was sent on the organization's calendar.
      sentOn: invoice.sentAt ? zonedWallClock(invoice.sentAt, timeZone).slice(0, 10) : null,
      emailedOn: invoice.emailedAt ? zonedWallClock(invoice.emailedAt, timeZone).slice(0, 10) : null,
    },
    from: parties.from,
    remitTo: parties.remitTo ? remitToLines(getInstance(context).t, parties.remitTo) : null,
    today,
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
    confirmVoid: offers.void && url.searchParams.get('confirm') === 'void',
    can: offers,
  }
}

/** The "Record payment" form: dollars as typed ("1,250.50"), read into the schema's cents; not an amount is NaN, which the schema refuses. */
function withCents(form: FormData) {
  const amount = String(form.get('amount') ?? '').trim()
  if (amount) form.set('amountCents', String(parseDollars(amount) ?? Number.NaN))
  return form
}

const PaymentIdSchema = InvoiceActionSchema.extend({ paymentId: requiredId() })

/**
 * The page's posts (each a plain form with the version the user saw): send, record a payment,
 * remove a payment, void, delete the draft. Done: back here (or to the list) with a toast; refused:
 * the reason on the page (app/requests/forms.server.ts), nothing written.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'update', 'invoice')
  const url = new URL(request.url)
  url.searchParams.delete('confirm')
  const back = `${url.pathname}${url.search}`
  const toast =
    (key: string, type: 'success' | 'warning' = 'success') =>
    (invoice: { invoiceNumber: string }) =>
      redirectWithToast(back, { type, title: t(key, { number: invoice.invoiceNumber }) })
  return intentAction(withCents(form), t, {
    pay: intent({
      schema: PaymentSchema,
      run: (payment) => recordPayment(actor, params.id, payment),
      done: toast('invoices.toast.paid'),
      fieldNames: { amountCents: 'amount' },
    }),
    removePayment: intent({
      schema: PaymentIdSchema,
      run: ({ paymentId, version }) => deletePayment(actor, params.id, paymentId, version),
      done: toast('invoices.toast.paymentRemoved'),
      gone: true,
    }),
    send: intent({ schema: InvoiceActionSchema, run: ({ version }) => sendInvoice(actor, params.id, version), done: toast('invoices.toast.sent') }),
    email: intent({
      schema: InvoiceActionSchema,
      run: ({ version }) => emailInvoiceAgain(actor, params.id, version),
      done: toast('invoices.toast.emailQueued'),
    }),
    void: intent({
      schema: InvoiceActionSchema,
      run: ({ version }) => voidInvoice(actor, params.id, version),
      done: toast('invoices.toast.voided', 'warning'),
    }),
    delete: intent({
      schema: InvoiceActionSchema,
      run: ({ version }) => deleteInvoice(actor, params.id, version),
      done: (invoice) =>
        redirectWithToast(listReturnTo(url.searchParams.get('returnTo'), LIST), {
          type: 'success',
          title: t('invoices.toast.deleted', { number: invoice.invoiceNumber }),
        }),
    }),
  })
}

function Money({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const { i18n } = useTranslation()
  return <span className={strong ? 'font-bold tabular-nums' : 'tabular-nums'}>{formatMoney(i18n.language, cents)}</span>
}

/** Where the emailed copy is: queued, sent, retried after an error, failed, or not sent (no address). */
function EmailState({ email, emailedOn }: { email: NonNullable<InvoiceDto['email']>; emailedOn: string | null }) {
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

export default function InvoiceView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const { invoice, from, remitTo, returnTo } = loaderData
  // A payment's refusal at its form and fields; any other above the page.
  const refusal = useRefusal(actionData, [null, 'send', 'email', 'void', 'delete', 'removePayment'], undefined, [])
  const payment = useRefusal(actionData, 'pay', undefined, ['amount', 'paidAt', 'method', 'reference'])
  const payError = (field: string) => payment?.field(field)
  const date = (value: string | null) => (value ? formatDate(i18n.language, value) : '—')
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={invoice.version} />
    </>
  )

  return (
    <>
      <PageHeader
        title={t('invoices.view.title', { number: invoice.invoiceNumber })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.invoices'), to: returnTo }, { label: invoice.invoiceNumber }]}
        action={
          <div className="flex flex-wrap gap-2 print:hidden" data-testid="invoice-actions">
            {loaderData.can.delete ? (
              <Form method="post">
                {hidden('delete')}
                <Button type="submit" variant="ghost" disabled={busy}>
                  <Icon name="trash" size={18} />
                  {t('common.delete')}
                </Button>
              </Form>
            ) : null}
            <ButtonLink to={href('/dashboard/invoice/:id/pdf', { id: invoice.id })} reloadDocument variant="secondary">
              <Icon name="download" size={18} />
              {t('invoices.actions.downloadPdf')}
            </ButtonLink>
            {loaderData.can.edit ? (
              <ButtonLink to={href('/dashboard/invoice/:id/edit', { id: invoice.id })} variant="secondary">
                <Icon name="edit" size={18} />
                {t('invoices.actions.edit')}
              </ButtonLink>
            ) : null}
            {loaderData.can.email ? (
              <Form method="post">
                {hidden('email')}
                <Button type="submit" variant="secondary" disabled={busy}>
                  <Icon name="mail" size={18} />
                  {t('invoices.actions.emailAgain')}
                </Button>
              </Form>
            ) : null}
            {loaderData.can.void ? (
              <ButtonLink to={withParams(search, { confirm: 'void' })} variant="secondary" preventScrollReset>
                {t('invoices.actions.void')}
              </ButtonLink>
            ) : null}
            {loaderData.can.send ? (
              <Form method="post">
                {hidden('send')}
                <Button type="submit" disabled={busy}>
                  <Icon name="mail" size={18} />
                  {t('invoices.actions.send')}
                </Button>
              </Form>
            ) : null}
          </div>
        }
      />

      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="invoice-refusal" className="mb-6 print:hidden" />

      {invoice.email ? <EmailState email={invoice.email} emailedOn={invoice.emailedOn} /> : null}

      {loaderData.confirmVoid ? (
        <section
          aria-labelledby="void-title"
          data-testid="void-confirm"
          className="mb-6 rounded-lg border border-error/40 bg-error-lighter px-4 py-4 text-sm text-error-darker dark:bg-error/15 dark:text-error-light print:hidden"
        >
          <h2 id="void-title" className="text-base font-bold">
            {t('invoices.void.title', { number: invoice.invoiceNumber })}
          </h2>
          <p className="mt-1">{t('invoices.void.description')}</p>
          <Form method="post" className="mt-4 flex flex-wrap justify-end gap-2">
            {hidden('void')}
            <ButtonLink to={withParams(search, { confirm: null })} variant="secondary" preventScrollReset>
              {t('invoices.void.keep')}
            </ButtonLink>
            <Button type="submit" variant="danger" disabled={busy}>
              {t('invoices.void.confirm')}
            </Button>
          </Form>
        </section>
      ) : null}

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
              <p className="mt-2 text-sm">
                <span className="font-semibold">{t('invoices.view.remitTo')}</span> <bdi>{remitTo.join(', ')}</bdi>
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

      <div className="mt-6 grid gap-6 lg:grid-cols-2 print:hidden">
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
                  {loaderData.can.removePayment ? (
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

        {loaderData.can.pay ? (
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
                  defaultValue={formatMoney(i18n.language, invoice.balanceCents, { style: 'input' })}
                  className={inputClass}
                />
              </PlainField>
              <PlainField id="paidAt" label={t('invoices.fields.paidAt')} errors={payError('paidAt')}>
                <input id="paidAt" name="paidAt" type="date" required defaultValue={loaderData.today} className={inputClass} />
              </PlainField>
              <PlainField id="method" label={t('invoices.fields.method')} errors={payError('method')}>
                <select id="method" name="method" defaultValue="ach" className={inputClass}>
                  {PAYMENT_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {t(`invoices.method.${method}`)}
                    </option>
                  ))}
                </select>
              </PlainField>
              <PlainField id="reference" label={t('invoices.fields.reference')} errors={payError('reference')}>
                <input id="reference" name="reference" maxLength={100} dir="auto" className={inputClass} />
              </PlainField>
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {t('invoices.actions.recordPayment')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
      </div>
    </>
  )
}
