import { Form, href, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { EmailState, IntentFields, InvoiceDocument, InvoicePayments, PaymentForm } from '~/components/invoices/invoice-view-cards'
import { RemittanceAdvices } from '~/components/invoices/remittance-advices'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { booksClosedThrough } from '~/models/accounting/period-lock.server'
import { getAgreement } from '~/models/factoring/factoring.server'
import {
  assignToFactor,
  deleteInvoice,
  deletePayment,
  emailInvoiceAgain,
  getInvoice,
  invoiceParties,
  recordPayment,
  sendInvoice,
  serializeInvoice,
  voidInvoice,
} from '~/models/invoices/invoice.server'
import { remitView } from '~/models/invoices/remit-to.server'
import { confirmRemittance, dismissRemittance, listRemittances, revokePaymentLinks } from '~/models/invoices/remittance.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { organizationToday } from '~/models/organization/organization.server'
import { booksClosedRefusal } from '~/policies/accounting'
import { assignmentOffers, invoiceOffers } from '~/policies/invoice'
import { remittanceOffers } from '~/policies/remittance'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, withAmountCents } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { InvoiceActionSchema, PaymentSchema } from '~/schemas/invoice'
import { RemittanceActionSchema } from '~/schemas/remittance'
import { requiredId } from '~/schemas/text'
import { orNotFound } from '~/utils/errors.server'
import { formatDate } from '~/utils/format'
import { listReturnTo } from '~/utils/list-return'
import { zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'
import { withParams } from '~/utils/with-params'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices', 'payment', 'accountingLock'] }

const LIST = href('/dashboard/invoice/list')

/** One invoice as it prints: bill-to, from, lines, totals, payments, balance; and its actions. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'invoice')
  const invoice = await orNotFound(getInvoice(user.organizationId, params.id))
  const [today, parties, timeZone, advices, agreement, closedThrough] = await Promise.all([
    organizationToday(user.organizationId),
    invoiceParties(invoice),
    loadTimeZone(user.organizationId),
    listRemittances(user.organizationId, invoice.id),
    getAgreement(user.organizationId),
    booksClosedThrough(user.organizationId),
  ])
  const dto = serializeInvoice(invoice, today)
  const url = new URL(request.url)
  // What the invoice policy allows this role on this invoice: the page offers exactly that (app/policies/invoice.ts).
  // In closed books (ADR 146) the invoice itself is kept: no edit, send, void or delete is offered (payments go by their own day).
  const booksClosed = booksClosedRefusal(dto.issueDate, closedThrough) ? closedThrough : null
  const allowed = invoiceOffers(user.role, dto)
  const offers = booksClosed ? { ...allowed, edit: false, send: false, void: false, delete: false } : allowed
  return {
    invoice: {
      ...dto,
      billTo: { name: invoice.broker.name, email: invoice.broker.billingEmail ?? invoice.broker.email },
      // The day it was sent on the organization's calendar.
      sentOn: invoice.sentAt ? zonedWallClock(invoice.sentAt, timeZone).slice(0, 10) : null,
      emailedOn: invoice.emailedAt ? zonedWallClock(invoice.emailedAt, timeZone).slice(0, 10) : null,
    },
    from: parties.from,
    // Whom it tells the broker to pay, and the notice line when that is the factor (ADR 094).
    remit: remitView(getInstance(context).t, parties),
    // The carrier's assignment to the factor, as the invoice policy allows it (a schedule's is the schedule's).
    assignment: assignmentOffers(user.role, {
      status: dto.status,
      assigned: parties.assignment?.by === 'carrier',
      sold: parties.assignment?.by === 'schedule',
      agreement: agreement !== null,
    }),
    today,
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
    // The broker's "we have paid" from the payment page, with what this role may do with each (app/policies/remittance.ts).
    advices: advices.map((advice) => ({ ...advice, offers: remittanceOffers(user.role, advice, dto) })),
    confirmVoid: offers.void && url.searchParams.get('confirm') === 'void',
    can: offers,
    booksClosed,
  }
}

const PaymentIdSchema = InvoiceActionSchema.extend({ paymentId: requiredId() })

/**
 * The page's posts (each a plain form with the version the user saw): send, record a payment,
 * remove a payment, void, delete the draft, revoke the payment links. Done: back here (or to the list) with a toast; refused:
 * the reason on the page (app/requests/forms.server.ts), nothing written.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const intentName = form.get('intent')
  // Assigning to the factor is factoring's to decide (admins and accountants), not every invoice editor's.
  const { actor } =
    intentName === 'assign' || intentName === 'unassign'
      ? await requireActor(request, 'update', 'factoring')
      : await requireActor(request, intentName === 'delete' ? 'delete' : 'update', 'invoice')
  const url = new URL(request.url)
  url.searchParams.delete('confirm')
  const back = `${url.pathname}${url.search}`
  const toast =
    (key: string, type: 'success' | 'warning' = 'success') =>
    (invoice: { invoiceNumber: string }) =>
      redirectWithToast(back, { type, title: t(key, { number: invoice.invoiceNumber }) })
  return intentAction(withAmountCents(form), t, {
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
    // A remittance advice: confirm records its payment (the payment's rules apply), dismiss sets it aside.
    confirmAdvice: intent({
      schema: RemittanceActionSchema,
      run: (input) => confirmRemittance(actor, params.id, input),
      done: toast('payment.advice.toast.confirmed'),
      gone: true,
    }),
    dismissAdvice: intent({
      schema: RemittanceActionSchema,
      run: (input) => dismissRemittance(actor, params.id, input),
      done: toast('payment.advice.toast.dismissed', 'warning'),
      gone: true,
    }),
    send: intent({ schema: InvoiceActionSchema, run: ({ version }) => sendInvoice(actor, params.id, version), done: toast('invoices.toast.sent') }),
    assign: intent({
      schema: InvoiceActionSchema,
      run: ({ version }) => assignToFactor(actor, params.id, { assigned: true, version }),
      done: toast('invoices.toast.assigned'),
    }),
    unassign: intent({
      schema: InvoiceActionSchema,
      run: ({ version }) => assignToFactor(actor, params.id, { assigned: false, version }),
      done: toast('invoices.toast.unassigned', 'warning'),
    }),
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
    // Every payment link emailed so far stops working (ADR 090); "Email again" sends a new one.
    revokeLinks: intent({
      schema: InvoiceActionSchema,
      run: () => revokePaymentLinks(actor, params.id),
      done: toast('invoices.toast.linksRevoked', 'warning'),
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

export default function InvoiceView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const { invoice, from, remit, returnTo } = loaderData
  // A payment's refusal at its form and fields; any other above the page.
  const refusal = useRefusal(actionData, [null, 'send', 'email', 'void', 'delete', 'removePayment', 'revokeLinks', 'assign', 'unassign'], undefined, [])
  const payment = useRefusal(actionData, 'pay', undefined, ['amount', 'paidAt', 'method', 'reference'])
  const advice = useRefusal(actionData, ['confirmAdvice', 'dismissAdvice'], undefined, [])
  const hidden = (intent: string) => <IntentFields intent={intent} version={invoice.version} />

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
            <ButtonLink to={href('/dashboard/invoice/:id/packet', { id: invoice.id })} reloadDocument variant="secondary">
              <Icon name="download" size={18} />
              {t('invoices.actions.downloadPacket')}
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
            {loaderData.can.revokeLinks ? (
              <Form method="post">
                {hidden('revokeLinks')}
                <Button type="submit" variant="secondary" disabled={busy} data-testid="revoke-links">
                  {t('invoices.actions.revokeLinks')}
                </Button>
              </Form>
            ) : null}
            {loaderData.assignment.assign || loaderData.assignment.unassign ? (
              <Form method="post">
                {hidden(loaderData.assignment.assign ? 'assign' : 'unassign')}
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t(loaderData.assignment.assign ? 'invoices.actions.assign' : 'invoices.actions.unassign')}
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

      {loaderData.booksClosed ? (
        <p
          className="mb-6 rounded-lg border border-line bg-surface px-4 py-3 text-sm font-semibold print:hidden"
          role="status"
          data-testid="invoice-books-closed"
        >
          {t('accountingLock.note', { day: formatDate(i18n.language, loaderData.booksClosed) })}
        </p>
      ) : null}

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

      <RemittanceAdvices advices={loaderData.advices} refusal={advice} busy={busy} />

      <InvoiceDocument invoice={invoice} from={from} remitTo={remit.lines} notice={remit.notice} />

      <div className="mt-6 grid gap-6 lg:grid-cols-2 print:hidden">
        <InvoicePayments invoice={invoice} canRemove={loaderData.can.removePayment} busy={busy} />
        {loaderData.can.pay ? <PaymentForm invoice={invoice} today={loaderData.today} payment={payment} busy={busy} /> : null}
      </div>
    </>
  )
}
